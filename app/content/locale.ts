/**
 * The locale rule (CONTENT_MODEL.md section 3): a story or blok whose `locale` is empty (missing,
 * null or ""), `both`, or the country shows in that country; `au` or `nz` hides it in the other.
 * The one place the rule is written: in code (localeAllows) and as a content API filter
 * (localeFilterQuery) for lists the API filters. Pure and browser-safe (no zod, no I/O).
 */

/** True when a story's or blok's `locale` lets it show in `country`. */
export function localeAllows(locale: unknown, country: string): boolean {
  return locale === undefined || locale === null || locale === "" || locale === "both" || locale === country;
}

/** The same rule as a `filter_query` of the content API (missing and "" are both "empty" there). */
export function localeFilterQuery(country: string): { __or: Record<string, unknown>[] } {
  return { __or: [{ locale: { in: `${country},both` } }, { locale: { is: "empty" } }] };
}
