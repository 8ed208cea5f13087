const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Parses Storyblok date strings to epoch milliseconds: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`
 * (both read as UTC, like Storyblok stores them) and full ISO 8601. `null` when unparseable.
 */
export function parseDate(value: string): number | null {
  const text = value.trim();
  let normalized = text;
  if (DATE_ONLY.test(text)) normalized = `${text}T00:00:00Z`;
  else if (LOCAL_DATE_TIME.test(text)) normalized = `${text.replace(" ", "T")}Z`;
  const time = Date.parse(normalized);
  return Number.isNaN(time) ? null : time;
}
