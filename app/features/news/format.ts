const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function ordinal(day: number): string {
  const mod100 = day % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/**
 * A publish date like '5th Mar 2025', or 'Unpublished' when there is none. Dates are shown in
 * the site's time zone for the country so server and browser agree.
 */
export function formatPublishDate(iso: string | null | undefined, timeZone = "Australia/Sydney"): string {
  if (!iso) return "Unpublished";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "Unpublished";
  const parts = new Intl.DateTimeFormat("en-AU", { timeZone, day: "numeric", month: "numeric", year: "numeric" }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${ordinal(get("day"))} ${MONTHS[get("month") - 1]} ${get("year")}`;
}

export const COUNTRY_TIME_ZONE = { au: "Australia/Sydney", nz: "Pacific/Auckland" } as const;

/** Category labels for the story's category values, joined by commas. */
export function categoryLabels(values: readonly string[] | undefined, entries: readonly { name: string; value: string }[]): string {
  if (!values?.length) return "";
  return values.map((v) => entries.find((e) => e.value === v)?.name ?? v).join(", ");
}
