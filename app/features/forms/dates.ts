import type { Country } from "~/content/schema";

/** The time zone whose calendar date counts as "today" for a country's test drives. */
export const COUNTRY_TIME_ZONES: Readonly<Record<Country, string>> = {
  au: "Australia/Sydney",
  nz: "Pacific/Auckland",
};

/** Spec section 9: test drive default today plus 3 days. */
export const TEST_DRIVE_DEFAULT_DAYS = 3;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date (YYYY-MM-DD) in the country's time zone. */
export function todayIn(country: Country, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: COUNTRY_TIME_ZONES[country],
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The YYYY-MM-DD date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The test drive date field's default: today plus 3 days, in the country's calendar. */
export function defaultTestDriveDate(country: Country, now: Date = new Date()): string {
  return addDays(todayIn(country, now), TEST_DRIVE_DEFAULT_DAYS);
}
