import { ordinal } from "./format";
import { parentSlugOf } from "~/content/site-path";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * An event date as Storyblok's datetime field stores it ("YYYY-MM-DD HH:mm", local to the event)
 * shown like '18th Oct 2026'; anything else gives an empty string.
 */
export function formatEventDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? "");
  if (!match) return "";
  const [, year, month, day] = match;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return "";
  return `${ordinal(d)} ${MONTHS[m - 1]} ${year}`;
}

/** The parent path of a story's full slug ("owners-club/events/x" → "owners-club/events"). */
export function parentSlug(fullSlug: string): string {
  return parentSlugOf(fullSlug);
}
