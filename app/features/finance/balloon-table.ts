/**
 * Maximum balloon percent by loan term.
 *
 * The spec's constant table (§9) is the fallback; the finance-settings story may carry its own
 * `balloonTable` (a Storyblok table field), which wins when it has at least one readable row.
 * A term without an entry allows no balloon (spec §9: "84 months has no entry so 0").
 */

export interface BalloonTableRow {
  readonly termMonths: number;
  readonly maxPercent: number;
}
export type BalloonTable = readonly BalloonTableRow[];

/** Spec §9: 12→70, 24→60, 36→50, 48→40, 60→30, 72→0; 84 has no entry so 0. */
export const DEFAULT_BALLOON_TABLE: BalloonTable = Object.freeze([
  { termMonths: 12, maxPercent: 70 },
  { termMonths: 24, maxPercent: 60 },
  { termMonths: 36, maxPercent: 50 },
  { termMonths: 48, maxPercent: 40 },
  { termMonths: 60, maxPercent: 30 },
  { termMonths: 72, maxPercent: 0 },
]);

/** Maximum balloon percent for a term; 0 when the table has no entry for it. */
export function maxBalloonPercent(termMonths: number, table: BalloonTable = DEFAULT_BALLOON_TABLE): number {
  return table.find((row) => row.termMonths === termMonths)?.maxPercent ?? 0;
}

/** The shape of a Storyblok table field: `{ thead: [{value}], tbody: [{ body: [{value}] }] }`. */
export interface StoryblokTable {
  thead?: ReadonlyArray<{ value?: string | null } | null> | null;
  tbody?: ReadonlyArray<{ body?: ReadonlyArray<{ value?: string | null } | null> | null } | null> | null;
}

const FIRST_NUMBER = /(\d+(?:\.\d+)?)/;

function cellText(cell: unknown): string {
  if (cell && typeof cell === "object" && "value" in cell) {
    const value = (cell as { value?: unknown }).value;
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
  }
  return "";
}

/** "60", "60 months", "5 years" → months; anything else → null. */
function parseTerm(text: string): number | null {
  const match = FIRST_NUMBER.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  const months = /year|yr/i.test(text) ? value * 12 : value;
  return Number.isInteger(months) && months > 0 ? months : null;
}

/** "30", "30%", "30 %" → 30; anything outside 0..100 → null. */
function parsePercent(text: string): number | null {
  const match = FIRST_NUMBER.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 0 && value <= 100 ? value : null;
}

/** Which column holds the term and which the percent, from the header texts (default 0 and 1). */
function columns(headers: string[]): { term: number; percent: number } {
  let percent = headers.findIndex((h) => /balloon|percent|%|residual/i.test(h));
  let term = headers.findIndex((h, i) => i !== percent && /term|month|year/i.test(h));
  if (percent < 0 && term < 0) return { term: 0, percent: 1 };
  if (percent < 0) percent = term === 0 ? 1 : 0;
  if (term < 0) term = percent === 0 ? 1 : 0;
  return { term, percent };
}

/**
 * Reads the finance-settings `balloonTable` (rows of term in months and maximum percent).
 * Rows that cannot be read are skipped; the first row for a term wins. Returns null when
 * the field is missing or has no readable row, so the caller falls back to the constant table.
 */
export function balloonTableFromContent(table: unknown): BalloonTable | null {
  if (!table || typeof table !== "object") return null;
  const { thead, tbody } = table as { thead?: unknown; tbody?: unknown };
  if (!Array.isArray(tbody)) return null;
  const headers = Array.isArray(thead) ? thead.map(cellText) : [];
  const col = columns(headers);
  const rows: BalloonTableRow[] = [];
  for (const row of tbody) {
    const body: unknown = row && typeof row === "object" ? (row as { body?: unknown }).body : undefined;
    if (!Array.isArray(body)) continue;
    const termMonths = parseTerm(cellText(body[col.term]));
    const maxPercent = parsePercent(cellText(body[col.percent]));
    if (termMonths === null || maxPercent === null) continue;
    if (rows.some((r) => r.termMonths === termMonths)) continue;
    rows.push({ termMonths, maxPercent });
  }
  return rows.length > 0 ? Object.freeze(rows) : null;
}

/** The content table when it is readable, else the spec's constant table. */
export function balloonTableOrDefault(table: unknown): BalloonTable {
  return balloonTableFromContent(table) ?? DEFAULT_BALLOON_TABLE;
}
