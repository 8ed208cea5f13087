function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** `*` matches any run of characters (including `/`); everything else is literal. Whole-string match. */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern.split("*").map(escapeRegExp).join(".*");
  return new RegExp(`^${source}$`, "s");
}

/** `like` semantics: with `*` a glob, without `*` a substring test. Case-sensitive. */
export function likeMatches(value: string, pattern: string): boolean {
  if (!pattern.includes("*")) return value.includes(pattern);
  return globToRegExp(pattern).test(value);
}
