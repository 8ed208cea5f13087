import { describe, expect, it } from "vitest";
import { DEFAULT_BALLOON_TABLE } from "~/features/finance/balloon-table";
import { calculatorContentFromSettings, NO_CALCULATOR_CONTENT } from "~/features/finance/calculator-content";

const TABLE = {
  thead: [{ value: "Term" }, { value: "Max balloon %" }],
  tbody: [{ body: [{ value: "36 months" }, { value: "45%" }] }, { body: [{ value: "5 years" }, { value: "25" }] }],
};
const INTRO = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Balloon limits by term." }] }] };

describe("calculator content from the finance-settings story", () => {
  it("reads the balloon table for the rules and keeps the table and intro text as they are for the panel", () => {
    const content = calculatorContentFromSettings({ component: "finance-settings", balloonTable: TABLE, introText: INTRO });
    expect(content.balloonTable).toEqual([
      { termMonths: 36, maxPercent: 45 },
      { termMonths: 60, maxPercent: 25 },
    ]);
    expect(content.balloonTableContent).toBe(TABLE);
    expect(content.introText).toBe(INTRO);
  });

  it("falls back to the spec's table when the story's table has no readable row, and still shows that table", () => {
    const unreadable = { tbody: [{ body: [{ value: "n/a" }] }] };
    const content = calculatorContentFromSettings({ balloonTable: unreadable });
    expect(content.balloonTable).toBe(DEFAULT_BALLOON_TABLE);
    expect(content.balloonTableContent).toBe(unreadable);
    expect(content.introText).toBeNull();
  });

  it("gives the defaults for a missing story or fields of the wrong kind", () => {
    for (const settings of [null, undefined, "text", {}, { balloonTable: "30%", introText: null }]) {
      expect(calculatorContentFromSettings(settings)).toEqual({ balloonTable: DEFAULT_BALLOON_TABLE, balloonTableContent: null, introText: null });
    }
    expect(NO_CALCULATOR_CONTENT).toEqual({ balloonTable: DEFAULT_BALLOON_TABLE, balloonTableContent: null, introText: null });
  });
});
