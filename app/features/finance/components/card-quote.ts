import type { QuoteFigures } from "../calculator";
import type { FinanceQuoteRequest } from "../quote-schema";

/**
 * A card's finance panel as the server renders it (quote-service.server.ts cardQuoteForModel):
 * - ready: the figures (built-in engine, computed in the block loader, shown without JavaScript);
 * - pending: the partner answers; the browser posts `request` to the quote API (skeleton first);
 * - failed: the spec §8 card message with a 'Find a dealer' button (logged);
 * - none: no panel (no valid price that gives the minimum loan).
 * `price` is the driveaway price the quote is for: the browser asks again when the shown price
 * differs (another colour, state or buyer type).
 */
export type CardQuote =
  | { state: "ready"; figures: QuoteFigures; summary: string; price: number }
  | { state: "pending"; request: FinanceQuoteRequest; summary: string; price: number }
  | { state: "failed"; summary: string; price: number | null }
  | { state: "none" };
