/** Small object helpers shared by server and browser code (pure, no imports). */

/**
 * A copy of `obj` with only the properties named by `keys`, in that order. Every key is set,
 * even when its value is undefined, so the copy has exactly these keys.
 */
export function pick<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Pick<T, K> {
  const copy = {} as Pick<T, K>;
  for (const key of keys) copy[key] = obj[key];
  return copy;
}
