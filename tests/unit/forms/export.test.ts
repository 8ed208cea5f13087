import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { leadsToCsv, safeCell } from "~/features/forms/export";
import type { Lead } from "~/features/forms/store.server";
import { leadInput } from "./store-suite";

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    ...leadInput(),
    id: "lead-1",
    status: "pending",
    attempts: 0,
    nextAttemptAt: 0,
    lockedUntil: null,
    claimToken: null,
    lastError: null,
    createdAt: Date.UTC(2026, 10, 21, 1, 2, 3),
    updatedAt: 0,
    deliveredAt: null,
    ...overrides,
  };
}

describe("leads export (npm run leads -- export)", () => {
  it("writes one row per lead with the lead's state and every payload field", () => {
    const a = lead({ payload: { ...leadInput().payload, comments: 'Hi, "there"' } });
    const b = lead({ id: "lead-2", status: "failed", attempts: 10, lastError: "HTTP 503", payload: { ...leadInput().payload, extra_field: "x" } });
    const parsed = Papa.parse<Record<string, string>>(leadsToCsv([a, b]), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]).toMatchObject({ id: "lead-1", status: "pending", created_at: "2026-11-21T01:02:03.000Z", first_name: "Ann", comments: 'Hi, "there"', extra_field: "" });
    expect(parsed.data[1]).toMatchObject({ id: "lead-2", status: "failed", attempts: "10", last_error: "HTTP 503", extra_field: "x" });
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(safeCell("=HYPERLINK(\"x\")")).toBe("'=HYPERLINK(\"x\")");
    expect(safeCell("+61412345678")).toBe("'+61412345678");
    expect(safeCell("Ann")).toBe("Ann");
    // Full-width forms that some spreadsheets read as the same prefixes.
    expect(safeCell("\uFF1DSUM(A1)")).toBe("'\uFF1DSUM(A1)");
  });

  it("leaves control and bidi characters out of every cell (a lead stored before they were stripped), prefix checks after", () => {
    const stored = lead({ payload: { ...leadInput().payload, first_name: "An\u0000n\u0007", last_name: "\u202Eeel", comments: "a\u2066b\u2069\nc\u0085" } });
    const csv = leadsToCsv([stored]);
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(csv).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/);
    const row = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data[0];
    expect(row).toMatchObject({ first_name: "Ann", last_name: "eel", comments: "ab\nc" });
    // A formula hidden behind an override is defused once the override is gone.
    expect(safeCell("\u202E=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
  });
});
