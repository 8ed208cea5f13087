import { WEEKDAYS, type DealerHours, type Weekday } from "./types";

/** A span of opening hours in 24-hour "HH:MM" form (schema.org Time without seconds). */
export interface TimeRange {
  opens: string;
  closes: string;
}

/** schema.org OpeningHoursSpecification, as used in an AutoDealer's openingHoursSpecification. */
export interface OpeningHoursSpecification extends TimeRange {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: Weekday[];
}

type Meridiem = "am" | "pm";
interface ClockTime {
  hour: number;
  minute: number;
  meridiem: Meridiem | null;
}

const TIME = /^(?:(noon|midday)|(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.?|p\.m\.?)?)$/;

function readTime(text: string): ClockTime | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  if (m[1]) return { hour: 12, minute: 0, meridiem: "pm" };
  const hour = Number(m[2]);
  const minute = m[3] ? Number(m[3]) : 0;
  const meridiem: Meridiem | null = m[4] ? (m[4].startsWith("a") ? "am" : "pm") : null;
  if (minute > 59) return null;
  if (meridiem ? hour < 1 || hour > 12 : hour > 23) return null;
  return { hour, minute, meridiem };
}

/** Minutes after midnight, reading the time with the given meridiem (null: 24-hour clock). */
function minutesOf(t: ClockTime, meridiem: Meridiem | null): number {
  if (!meridiem) return t.hour * 60 + t.minute;
  return ((t.hour % 12) + (meridiem === "pm" ? 12 : 0)) * 60 + t.minute;
}

const other = (m: Meridiem): Meridiem => (m === "am" ? "pm" : "am");

function readRange(text: string): { opens: number; closes: number } | null {
  const parts = text.split(/\s*-\s*/);
  if (parts.length !== 2) return null;
  const open = readTime(parts[0]);
  const close = readTime(parts[1]);
  if (!open || !close) return null;
  if (open.meridiem && close.meridiem) {
    // Both explicit: closes before opens means past midnight (schema.org), equal means nonsense.
    const opens = minutesOf(open, open.meridiem);
    const closes = minutesOf(close, close.meridiem);
    return opens === closes ? null : { opens, closes };
  }
  if (!open.meridiem && !close.meridiem) {
    const opens = minutesOf(open, null);
    const closes = minutesOf(close, null);
    return closes > opens ? { opens, closes } : null;
  }
  // One side explicit ("8:30 - 5:30pm", "9am - 5"): take the reading that keeps opens before closes.
  const known = (open.meridiem ?? close.meridiem) as Meridiem;
  for (const guess of [known, other(known)]) {
    const opens = minutesOf(open, open.meridiem ?? guess);
    const closes = minutesOf(close, close.meridiem ?? guess);
    if (closes > opens) return { opens, closes };
  }
  return null;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Reads one day's text: "8:30am - 5:30pm", "9am - 4pm", "08:30 – 17:00", "8.30am to 12pm,
 * 1pm - 5pm" → time ranges; "Closed" → "closed"; blank or anything else → null.
 */
export function parseHoursText(text: string): TimeRange[] | "closed" | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\u2012-\u2015\u2212]/g, "-")
    .replace(/\s+to\s+/g, " - ")
    .replace(/\s+/g, " ");
  if (t === "") return null;
  if (/^closed\b/.test(t)) return "closed";
  if (/^(open )?24 ?(hours|hrs|hr|h)$/.test(t)) return [{ opens: "00:00", closes: "23:59" }];
  const ranges: TimeRange[] = [];
  for (const part of t.split(/\s*(?:,|;|&|\band\b)\s*/)) {
    const range = readRange(part);
    if (!range) return null;
    ranges.push({ opens: hhmm(range.opens), closes: hhmm(range.closes) });
  }
  return ranges;
}

/**
 * openingHoursSpecification entries for a dealer's week, days with the same hours grouped
 * (Monday→Sunday order). Closed days are left out: schema.org reads a day without an entry as
 * closed. Days whose text cannot be read are skipped.
 */
export function openingHoursSpecification(hours: readonly DealerHours[]): OpeningHoursSpecification[] {
  const groups = new Map<string, OpeningHoursSpecification>();
  const ordered = [...hours].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
  for (const { day, text } of ordered) {
    const parsed = parseHoursText(text);
    if (parsed === null || parsed === "closed") continue;
    for (const range of parsed) {
      const key = `${range.opens}-${range.closes}`;
      const group = groups.get(key);
      if (group) {
        if (!group.dayOfWeek.includes(day)) group.dayOfWeek.push(day);
      } else {
        groups.set(key, { "@type": "OpeningHoursSpecification", dayOfWeek: [day], ...range });
      }
    }
  }
  return [...groups.values()];
}
