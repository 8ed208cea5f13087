import Papa from "papaparse";
import { z } from "zod";
import type { Country } from "~/content/schema";
import { COUNTRY_BOUNDS, isInBounds } from "./bounds";
import { normalisePostcode } from "./postcode";
import { WEEKDAYS, type CsvRowError, type Dealer, type GazetteerEntry, type PmaMap } from "./types";

/**
 * Parsers for the dealer, PMA and gazetteer CSV files. Pure: they take the file's text and
 * return the valid records plus one error per skipped row; the caller decides how to log.
 */

export interface DealersCsvResult {
  dealers: Dealer[];
  errors: CsvRowError[];
}
export interface PmaCsvResult {
  pma: PmaMap;
  errors: CsvRowError[];
}
export interface GazetteerCsvResult {
  gazetteer: GazetteerEntry[];
  errors: CsvRowError[];
}

/**
 * Coordinates may lie this far (degrees) outside the country's search bounds; beyond it a row is
 * taken to hold a typo (a lost minus sign, swapped latitude and longitude) and is skipped.
 */
export const COORDINATE_MARGIN_DEG = 1;

// ---------------------------------------------------------------------------------------------
// Reading records with their line numbers

type RawRow = Record<string, string | string[] | undefined>;

interface CsvRecord {
  /** Line in the file where the record starts; the header is line 1. */
  line: number;
  data: Record<string, string | undefined>;
}

const EXTRA_FIELDS = "__parsed_extra";

function cleanHeader(header: string): string {
  return header.replace(/^\uFEFF/, "").trim();
}

/** Where the header row's line break is (outside quotes), or the text's end. */
function endOfFirstRow(source: string): number {
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) return i;
  }
  return source.length;
}

/**
 * Parses CSV text with a header row into records, skipping blank lines. Rows papaparse flags
 * (too few fields, too many non-empty fields, broken quotes) become errors. When keyColumn is
 * given, rows where it is empty are dropped silently (the dealer file's rule).
 */
function readCsv(
  text: string,
  requiredColumns: readonly string[],
  keyColumn: string | null,
  rowLabel: (data: Record<string, string | undefined>) => string = () => "",
): { records: CsvRecord[]; errors: CsvRowError[] } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const header = (Papa.parse<string[]>(source, { preview: 1, delimiter: "," }).data[0] ?? []).map(cleanHeader);
  if (header.every((h) => h === "")) return { records: [], errors: [{ row: 1, message: "The file is empty" }] };
  const missing = requiredColumns.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    return { records: [], errors: [{ row: 1, message: `Missing column(s): ${missing.join(", ")}` }] };
  }

  const records: CsvRecord[] = [];
  const errors: CsvRowError[] = [];
  // Line numbers: a record starts after the previous one's cursor, past blank (or all-comma) lines
  // that "greedy" skipped. Line breaks are counted once, moving forward only.
  let scanned = 0;
  let breaks = 0;
  const lineOf = (pos: number) => {
    for (; scanned < pos; scanned++) {
      const c = source[scanned];
      if (c === "\n" || (c === "\r" && source[scanned + 1] !== "\n")) breaks++;
    }
    return breaks + 1;
  };
  let previousEnd = endOfFirstRow(source);

  Papa.parse<RawRow>(source, {
    header: true,
    delimiter: ",",
    skipEmptyLines: "greedy",
    transformHeader: cleanHeader,
    step: (result) => {
      let start = previousEnd;
      while (start < source.length && /[\s,]/.test(source[start])) start++;
      previousEnd = Math.max(previousEnd, result.meta.cursor);
      const line = lineOf(start);
      const raw = result.data;
      const extra = Array.isArray(raw[EXTRA_FIELDS]) ? (raw[EXTRA_FIELDS] as string[]) : [];
      const data: Record<string, string | undefined> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (key !== EXTRA_FIELDS && typeof value === "string") data[key] = value;
      }

      if (keyColumn !== null && (data[keyColumn] ?? "").trim() === "") return; // dropped by rule, not an error
      const problems: string[] = [];
      for (const error of result.errors) {
        if (error.code === "TooManyFields" && extra.every((v) => v.trim() === "")) continue; // trailing commas
        if (error.code === "TooFewFields") problems.push("Too few columns (a missing value or separator)");
        else if (error.code === "TooManyFields") problems.push("Too many columns (an unquoted comma?)");
        else problems.push(`Malformed CSV (${error.code})`);
      }
      if (problems.length > 0) errors.push({ row: line, message: rowLabel(data) + problems.join("; ") });
      else records.push({ line, data });
    },
  });
  return { records, errors };
}

// ---------------------------------------------------------------------------------------------
// Field schemas

const requiredText = z.string({ error: "is required" }).trim().min(1, { error: "is required", abort: true });
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "");

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
function coordinate(min: number, max: number) {
  return requiredText
    .regex(NUMBER, { error: "is not a number", abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);
}
const latitude = coordinate(-90, 90);
const longitude = coordinate(-180, 180);

const country = requiredText
  .toUpperCase()
  .refine((v) => v === "AU" || v === "NZ", "must be AU or NZ")
  .transform((v) => v.toLowerCase() as Country);

const postcode = requiredText
  .refine((v) => normalisePostcode(v) !== null, "must be 3 or 4 digits")
  .transform((v) => normalisePostcode(v) as string);

const finance = optionalText
  .refine((v) => /^(y|yes|n|no)?$/i.test(v), "must be Y or N")
  .transform((v) => /^y/i.test(v));

const dealerRowSchema = z.object({
  "Dealer code": requiredText,
  "Dealer Name": requiredText,
  Address: optionalText,
  City: optionalText,
  "State/Region": optionalText,
  "Post Code": optionalText,
  Country: country,
  Telephone: optionalText,
  Email: optionalText,
  Latitude: latitude,
  Longitude: longitude,
  Monday: optionalText,
  Tuesday: optionalText,
  Wednesday: optionalText,
  Thursday: optionalText,
  Friday: optionalText,
  Saturday: optionalText,
  Sunday: optionalText,
  Finance: finance,
});

const pmaRowSchema = z.object({ Postcode: postcode, "Dealer code": requiredText });

const gazetteerRowSchema = z.object({
  Postcode: postcode,
  Locality: requiredText,
  "State/Region": optionalText,
  Country: country,
  Latitude: latitude,
  Longitude: longitude,
});

/** The required columns of each file; the others may be absent and read as empty. */
export const DEALER_REQUIRED_COLUMNS = ["Dealer code", "Dealer Name", "Country", "Latitude", "Longitude"] as const;
export const PMA_REQUIRED_COLUMNS = ["Postcode", "Dealer code"] as const;
export const GAZETTEER_REQUIRED_COLUMNS = ["Postcode", "Locality", "Country", "Latitude", "Longitude"] as const;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${String(issue.path[0] ?? "Row")} ${issue.message}`).join("; ");
}

function outsideCountry(point: { lat: number; lng: number }, c: Country): string | null {
  return isInBounds(point, COUNTRY_BOUNDS[c], COORDINATE_MARGIN_DEG)
    ? null
    : `Latitude/Longitude lie outside ${c.toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Public parsers

/** Error messages name the dealer by its code (business data), never by other cell values. */
function dealerLabel(data: Record<string, string | undefined>): string {
  return `Dealer ${(data["Dealer code"] ?? "").trim()}: `;
}

/** Dealers from the dealer CSV; rows without a Dealer code are dropped, invalid rows reported. */
export function parseDealersCsv(text: string): DealersCsvResult {
  const { records, errors } = readCsv(text, DEALER_REQUIRED_COLUMNS, "Dealer code", dealerLabel);
  const dealers: Dealer[] = [];
  const seen = new Set<string>();
  for (const { line, data } of records) {
    const code = (data["Dealer code"] ?? "").trim();
    const label = dealerLabel(data);
    const parsed = dealerRowSchema.safeParse(data);
    if (!parsed.success) {
      errors.push({ row: line, message: label + describeIssues(parsed.error) });
      continue;
    }
    const r = parsed.data;
    const point = { lat: r.Latitude, lng: r.Longitude };
    const outside = outsideCountry(point, r.Country);
    if (outside) {
      errors.push({ row: line, message: label + outside });
      continue;
    }
    if (seen.has(code)) {
      errors.push({ row: line, message: `${label}duplicate Dealer code (the first row is kept)` });
      continue;
    }
    seen.add(code);
    dealers.push({
      code,
      name: r["Dealer Name"],
      address: r.Address,
      city: r.City,
      region: r["State/Region"],
      postcode: normalisePostcode(r["Post Code"]) ?? r["Post Code"],
      country: r.Country,
      phone: r.Telephone,
      email: r.Email,
      ...point,
      hours: WEEKDAYS.map((day) => ({ day, text: r[day] })),
      finance: r.Finance,
    });
  }
  return { dealers, errors: sortErrors(errors) };
}

/** Postcode → dealer code from the PMA CSV; the first mapping of a postcode wins. */
export function parsePmaCsv(text: string): PmaCsvResult {
  const { records, errors } = readCsv(text, PMA_REQUIRED_COLUMNS, null);
  const pma: PmaMap = new Map();
  for (const { line, data } of records) {
    const parsed = pmaRowSchema.safeParse(data);
    if (!parsed.success) {
      errors.push({ row: line, message: describeIssues(parsed.error) });
      continue;
    }
    const { Postcode: pc, "Dealer code": code } = parsed.data;
    const existing = pma.get(pc);
    if (existing === undefined) pma.set(pc, code);
    else if (existing !== code) {
      errors.push({ row: line, message: `Postcode ${pc} is already mapped to dealer ${existing} (kept)` });
    }
  }
  return { pma, errors: sortErrors(errors) };
}

/** Localities of the offline gazetteer (postcodes.csv). */
export function parseGazetteerCsv(text: string): GazetteerCsvResult {
  const { records, errors } = readCsv(text, GAZETTEER_REQUIRED_COLUMNS, null);
  const gazetteer: GazetteerEntry[] = [];
  for (const { line, data } of records) {
    const parsed = gazetteerRowSchema.safeParse(data);
    if (!parsed.success) {
      errors.push({ row: line, message: describeIssues(parsed.error) });
      continue;
    }
    const r = parsed.data;
    const point = { lat: r.Latitude, lng: r.Longitude };
    const outside = outsideCountry(point, r.Country);
    if (outside) {
      errors.push({ row: line, message: outside });
      continue;
    }
    gazetteer.push({ postcode: r.Postcode, locality: r.Locality, region: r["State/Region"], country: r.Country, ...point });
  }
  return { gazetteer, errors: sortErrors(errors) };
}

function sortErrors(errors: CsvRowError[]): CsvRowError[] {
  return errors.sort((a, b) => a.row - b.row);
}
