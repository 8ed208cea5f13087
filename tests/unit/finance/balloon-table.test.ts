import { describe, expect, it } from "vitest";
import {
  balloonTableFromContent,
  balloonTableOrDefault,
  DEFAULT_BALLOON_TABLE,
  maxBalloonPercent,
} from "~/features/finance/balloon-table";

/** A Storyblok table field as the CMS stores it. */
function table(head: string[], rows: string[][]) {
  return {
    fieldtype: "table",
    thead: head.map((value, i) => ({ _uid: `h${i}`, value, component: "_table_head" })),
    tbody: rows.map((cells, r) => ({
      _uid: `r${r}`,
      component: "_table_row",
      body: cells.map((value, c) => ({ _uid: `c${r}${c}`, value, component: "_table_col" })),
    })),
  };
}

describe("the spec's balloon table", () => {
  it("gives 70, 60, 50, 40, 30, 0 % for 12 to 72 months and 0 for 84 (no entry)", () => {
    expect([12, 24, 36, 48, 60, 72, 84].map((t) => maxBalloonPercent(t))).toEqual([70, 60, 50, 40, 30, 0, 0]);
    expect(DEFAULT_BALLOON_TABLE.some((row) => row.termMonths === 84)).toBe(false);
  });
  it("gives 0 for a term it does not know", () => {
    expect(maxBalloonPercent(18)).toBe(0);
  });
});

describe("balloonTableFromContent", () => {
  it("reads rows of term in months and maximum percent", () => {
    const parsed = balloonTableFromContent(
      table(
        ["Loan term (months)", "Maximum balloon"],
        [
          ["12", "65"],
          ["24", "55%"],
          ["36 months", "45 %"],
        ],
      ),
    );
    expect(parsed).toEqual([
      { termMonths: 12, maxPercent: 65 },
      { termMonths: 24, maxPercent: 55 },
      { termMonths: 36, maxPercent: 45 },
    ]);
    expect(maxBalloonPercent(24, parsed ?? undefined)).toBe(55);
    // Terms without an entry allow no balloon, as in the spec's table.
    expect(maxBalloonPercent(60, parsed ?? undefined)).toBe(0);
  });
  it("reads terms written in years and finds the columns by their headers", () => {
    expect(
      balloonTableFromContent(
        table(
          ["Max balloon %", "Term"],
          [
            ["70", "1 year"],
            ["60", "2 years"],
          ],
        ),
      ),
    ).toEqual([
      { termMonths: 12, maxPercent: 70 },
      { termMonths: 24, maxPercent: 60 },
    ]);
  });
  it("assumes term then percent without headers, skips unreadable rows and keeps the first row per term", () => {
    const raw = {
      tbody: [
        { body: [{ value: "Term" }, { value: "Max" }] },
        { body: [{ value: "60" }, { value: "25" }] },
        { body: [{ value: "60" }, { value: "35" }] },
        { body: [{ value: "48" }, { value: "150" }] },
        { body: [{ value: "72" }] },
        null,
      ],
    };
    expect(balloonTableFromContent(raw)).toEqual([{ termMonths: 60, maxPercent: 25 }]);
  });
  it("returns null for a missing, empty or unreadable table so the constant table applies", () => {
    expect(balloonTableFromContent(undefined)).toBeNull();
    expect(balloonTableFromContent("")).toBeNull();
    expect(balloonTableFromContent({ thead: [], tbody: [] })).toBeNull();
    expect(balloonTableFromContent(table(["a", "b"], [["x", "y"]]))).toBeNull();
    expect(balloonTableOrDefault(undefined)).toBe(DEFAULT_BALLOON_TABLE);
    expect(balloonTableOrDefault(table(["Term", "Balloon"], [["60", "20"]]))).toEqual([
      { termMonths: 60, maxPercent: 20 },
    ]);
  });
});
