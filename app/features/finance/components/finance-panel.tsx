import { useEffect, useState } from "react";
import { countryPath } from "~/content/links";
import { formatPrice } from "~/features/pricing/format";
import { useSite } from "~/features/site-state/site-context";
import { MissingNvicCodeError, type QuoteVehicle } from "../calculator";
import { buildCardQuoteRequest, cardQuoteFigures } from "../card";
import { CARD_QUOTE_ERROR_MESSAGE, CARD_QUOTE_SUMMARY } from "../constants";
import { isQuoteResponse } from "../quote-response-check";
import type { CardQuote } from "./card-quote";

/** The quote API (spec transactional.md §7). */
export const QUOTE_API = "/api/angleGenericQuote/";
export const FIND_A_DEALER = "Find a dealer";

/** Labels of the card figures (the spec names them but gives no wording). */
export const FINANCE_PANEL_LABELS = {
  heading: "Finance from",
  weekly: "per week",
  indicativeRate: "Indicative rate",
  comparisonRate: "Comparison rate",
  loading: "Loading finance estimate",
} as const;

type PanelState = CardQuote | { state: "loading"; price: number };

async function fetchCardQuote(price: number, vehicle: QuoteVehicle, signal: AbortSignal): Promise<CardQuote> {
  let request;
  try {
    request = buildCardQuoteRequest(price, vehicle);
  } catch (error) {
    if (error instanceof MissingNvicCodeError) {
      console.error(`[finance] Card quote for ${vehicle.model ?? ""} ${vehicle.variant ?? ""}: ${error.message}`);
      return { state: "failed", summary: CARD_QUOTE_SUMMARY, price };
    }
    throw error;
  }
  if (!request) return { state: "none" };
  const res = await fetch(QUOTE_API, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(request),
    signal,
  });
  // The server validated the answer with the quote schema; the browser only checks its shape.
  const body: unknown = await res.json();
  const figures = isQuoteResponse(body) ? cardQuoteFigures(body) : null;
  if (!figures) {
    console.error(`[finance] Card quote for ${vehicle.model ?? ""} ${vehicle.variant ?? ""} failed (${res.status})`);
    return { state: "failed", summary: CARD_QUOTE_SUMMARY, price };
  }
  return { state: "ready", figures, summary: CARD_QUOTE_SUMMARY, price };
}

/**
 * The card's quote for the price shown: the server's (block loader) while the price is the one it
 * was computed for, else asked from the quote API (another colour, state or buyer type; or the
 * partner engine, which the server leaves to the browser). Loading → ready | failed.
 */
export function useCardQuote(initial: CardQuote | undefined, price: number | null, vehicle: QuoteVehicle): PanelState | undefined {
  const serverAnswers = initial !== undefined && initial.state !== "pending" && (initial.state === "none" || initial.price === price);
  const [fetched, setFetched] = useState<PanelState | undefined>(undefined);
  const vehicleKey = JSON.stringify(vehicle);
  useEffect(() => {
    if (serverAnswers || initial === undefined || price === null) {
      setFetched(undefined);
      return;
    }
    const controller = new AbortController();
    setFetched({ state: "loading", price });
    fetchCardQuote(price, JSON.parse(vehicleKey) as QuoteVehicle, controller.signal)
      .then((quote) => {
        if (!controller.signal.aborted) setFetched(quote);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("[finance] Card quote failed:", error instanceof Error ? error.message : error);
        setFetched({ state: "failed", summary: CARD_QUOTE_SUMMARY, price });
      });
    return () => controller.abort();
  }, [serverAnswers, initial, price, vehicleKey]);
  if (initial === undefined) return undefined;
  if (serverAnswers) return initial;
  if (price === null) return { state: "none" };
  // A partner quote before the effect runs (server render, no JavaScript): the skeleton.
  if (fetched && (fetched.state === "none" || fetched.price === price)) return fetched;
  return { state: "loading", price };
}

function percent(value: number): string {
  return `${value.toFixed(2)}% p.a.`;
}

/**
 * Finance quote panel of a model or offer card (spec transactional.md §2 "Finance quote panels on
 * cards", §8): the weekly repayment, the indicative and comparison rates and the card's
 * assumptions; a skeleton while loading; on failure the spec's message with a 'Find a dealer'
 * button. `quote` is the block loader's; with JavaScript the panel follows `price`.
 */
export function FinancePanel({
  quote,
  price,
  vehicle,
  className,
}: {
  quote: CardQuote | undefined;
  price: number | null;
  vehicle: QuoteVehicle;
  className?: string;
}) {
  const { country } = useSite();
  const state = useCardQuote(quote, price, vehicle);
  if (!state || state.state === "none") return null;
  const classes = ["finance-panel", `finance-panel--${state.state}`, className ?? ""].filter(Boolean).join(" ");
  if (state.state === "loading" || state.state === "pending") {
    return (
      <div className={classes} aria-busy="true" data-finance-state="loading">
        <span className="visually-hidden">{FINANCE_PANEL_LABELS.loading}</span>
        <span className="finance-panel__skeleton finance-panel__skeleton--amount" aria-hidden="true" />
        <span className="finance-panel__skeleton" aria-hidden="true" />
        <span className="finance-panel__skeleton" aria-hidden="true" />
      </div>
    );
  }
  if (state.state === "failed") {
    return (
      <div className={classes} data-finance-state="failed">
        <p className="finance-panel__error">{CARD_QUOTE_ERROR_MESSAGE}</p>
        <a className="button button--sm button--outline" href={countryPath(country, "dealer-locator")}>
          {FIND_A_DEALER}
        </a>
      </div>
    );
  }
  const { figures, summary } = state;
  return (
    <div className={classes} data-finance-state="ready">
      <p className="finance-panel__heading">{FINANCE_PANEL_LABELS.heading}</p>
      <p className="finance-panel__amount">
        <strong data-finance-weekly="">{formatPrice(figures.repayment, "au", { decimals: 2 })}</strong> {FINANCE_PANEL_LABELS.weekly}
      </p>
      <dl className="finance-panel__rates">
        <div>
          <dt>{FINANCE_PANEL_LABELS.indicativeRate}</dt>
          <dd>{percent(figures.customerRate)}</dd>
        </div>
        {figures.comparisonRate !== null ? (
          <div>
            <dt>{FINANCE_PANEL_LABELS.comparisonRate}</dt>
            <dd>{percent(figures.comparisonRate)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="finance-panel__summary">{summary}</p>
    </div>
  );
}
