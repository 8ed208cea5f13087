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
  });
});
