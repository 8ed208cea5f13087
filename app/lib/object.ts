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

/** A plain object (not null, not an array): the one record guard of server and browser code. */
export function isRecord<T = unknown>(value: unknown): value is Record<string, T> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A blok: a record with a string `component` and a string `_uid`. */
export function isBlok<T = unknown>(value: unknown): value is Record<string, T> & { component: string; _uid: string } {
  return isRecord(value) && typeof value.component === "string" && typeof value._uid === "string";
}
