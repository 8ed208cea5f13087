import Papa from "papaparse";
import { EXPORT_COLUMNS } from "./field-kinds";
import { cleanText } from "./normalise";
import type { Lead } from "./store.server";

/**
 * Lead columns first, then the payload's fields: the known ones in the spec's order (EXPORT_COLUMNS
 * of the field table), then the rest by name.
 */
export const LEAD_COLUMNS = [
  "id",
  "created_at",
  "status",
  "attempts",
  "last_error",
  "delivered_at",
  "kind",
  "form_id",
  "country",
  "endpoint",
  "idempotency_key",
] as const;

const PAYLOAD_SKIP = new Set(["form_id", "country"]);

/**
 * A cell as a spreadsheet may show it: without control and bidi characters (leads stored before
 * they were cleaned on the way in too; line breaks and tabs stay), and a cell a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR, or their full-width forms) gets a leading '.
 */
export function safeCell(value: string): string {
  const clean = cleanText(value, true);
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(clean) ? `'${clean}` : clean;
}

function iso(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString();
}

/** The leads as CSV (RFC 4180, header row, CRLF line ends). */
export function leadsToCsv(leads: readonly Lead[]): string {
  const extra = new Set<string>();
  for (const lead of leads) {
    for (const key of Object.keys(lead.payload)) {
      if (!PAYLOAD_SKIP.has(key) && !EXPORT_COLUMNS.includes(key)) extra.add(key);
    }
  }
  const payloadColumns = [...EXPORT_COLUMNS, ...[...extra].sort()];
  const rows = leads.map((lead) => {
    const base = [
      lead.id,
      iso(lead.createdAt),
      lead.status,
      String(lead.attempts),
      lead.lastError ?? "",
      iso(lead.deliveredAt),
      lead.kind,
      lead.formId,
      lead.country,
      lead.endpoint,
      lead.idempotencyKey,
    ];
    const payload = payloadColumns.map((column) => {
      const value = lead.payload[column];
      // A list (a build's summary lines) is one cell, a line each.
      return value === undefined ? "" : Array.isArray(value) ? value.join("\n") : String(value);
    });
    return [...base, ...payload].map(safeCell);
  });
  return Papa.unparse({ fields: [...LEAD_COLUMNS, ...payloadColumns], data: rows }, { newline: "\r\n" }) + "\r\n";
}
