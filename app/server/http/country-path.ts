/** The country of a page path (/au/..., /nz/...), if any. */
export function countryOfPath(pathname: string): "au" | "nz" | null {
  const match = /^\/(au|nz)(?:\/|$)/.exec(pathname);
  return match ? (match[1] as "au" | "nz") : null;
}
