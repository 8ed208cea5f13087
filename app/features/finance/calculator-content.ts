import type { RichText } from "~/content/schema";
import { balloonTableOrDefault, type BalloonTable, type StoryblokTable } from "./balloon-table";

/**
 * What the finance calculator takes from the finance-settings story (global/finance): the balloon
 * table its rules use (the spec's table when the story has none readable), and the table and intro
 * text its 'Balloon Rate Table' panel shows as they are.
 */
export interface CalculatorContent {
  readonly balloonTable: BalloonTable;
  readonly balloonTableContent: StoryblokTable | null;
  readonly introText: RichText | null;
}

/** The calculator content from the finance-settings content (null or missing: the defaults). */
export function calculatorContentFromSettings(content: unknown): CalculatorContent {
  const fields = content && typeof content === "object" ? (content as Record<string, unknown>) : {};
  const table = fields.balloonTable && typeof fields.balloonTable === "object" ? (fields.balloonTable as StoryblokTable) : null;
  return {
    balloonTable: balloonTableOrDefault(table),
    balloonTableContent: table,
    introText: (fields.introText as RichText | null | undefined) ?? null,
  };
}

/** Where there is no calculator (NZ): the spec's balloon table, nothing to show. */
export const NO_CALCULATOR_CONTENT: CalculatorContent = Object.freeze(calculatorContentFromSettings(null));
