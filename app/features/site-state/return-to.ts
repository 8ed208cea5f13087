/**
 * Where a form post or link may send the visitor back to: only a path of this site. A value must
 * start with one "/" (not "//", not "/\", no scheme, no control characters); anything else gives
 * the fallback. The result is normalised (path, query and hash of the parsed URL).
 */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const candidate = value.trim();
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  // Control characters and backslashes can be read as "//" by some browsers.
  if (candidate.includes("\\") || [...candidate].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  const base = "http://same-site.invalid";
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return fallback;
  }
  // Dot segments can collapse into "//host" ("/..//evil.example"): check the normalised path too.
  if (url.origin !== base || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
