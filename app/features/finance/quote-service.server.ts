import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import { getEnv } from "~/server/env.server";
import { type QuoteVehicle, MissingNvicCodeError } from "./calculator";
import type { CardQuote } from "./components/card-quote";
import { buildCardQuoteRequest, cardQuoteFigures, cardQuoteInputs } from "./card";
import { type FinanceConfig, type FinanceConfigResult, type FinanceEnvInput, FINANCE_ENV_VARS, financeConfigFromSettings } from "./config";
import { CARD_QUOTE_SUMMARY } from "./constants";
import { calculateQuote, quoteResponse } from "./engine";
import { type FinanceQuoteRequest, type FinanceQuoteResponse, parseQuoteResponse } from "./quote-schema";

/**
 * The finance quote service behind POST /api/angleGenericQuote/ and the card panels
 * (spec transactional.md, "Finance quote panels on cards"):
 * - With FINANCE_PARTNER_URL and FINANCE_PARTNER_API_KEY set, a request is proxied to the
 *   partner (timeout, one retry); a failure or an answer outside the spec §3 shape becomes
 *   `{ error: true }` and is logged.
 * - Otherwise the built-in engine (engine.ts) answers with the rates and fees of the
 *   finance-settings story (global/finance), falling back to the FINANCE_* variables.
 */

/** Default timeout of one partner call. */
export const PARTNER_TIMEOUT_MS = 8000;

export type QuoteEngineKind = "partner" | "local";

export interface PartnerSettings {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

/** Everything the service reads from outside, injectable for tests. */
export interface QuoteServiceDeps {
  /** Environment values (default: the validated env of the process). */
  env?: Readonly<Record<string, string | number | undefined>>;
  /** finance-settings content (default: the story global/finance). */
  settings?: Readonly<Record<string, unknown>> | null;
  fetch?: typeof fetch;
  country?: Country;
}

function envOf(deps: QuoteServiceDeps): Readonly<Record<string, string | number | undefined>> {
  return deps.env ?? (getEnv() as unknown as Record<string, string | number | undefined>);
}

function text(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  return s === "" ? undefined : s;
}

/** The partner settings, or null when the built-in engine answers (URL or key unset). */
export function partnerSettings(deps: QuoteServiceDeps = {}): PartnerSettings | null {
  const env = envOf(deps);
  const url = text(env.FINANCE_PARTNER_URL);
  const apiKey = text(env.FINANCE_PARTNER_API_KEY);
  if (!url || !apiKey) return null;
  const timeout = Number(text(env.FINANCE_PARTNER_TIMEOUT_MS));
  return { url, apiKey, timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : PARTNER_TIMEOUT_MS };
}

/** Which engine answers quotes with this configuration. */
export function quoteEngineKind(deps: QuoteServiceDeps = {}): QuoteEngineKind {
  return partnerSettings(deps) ? "partner" : "local";
}

/** The finance-settings content: given, or the story global/finance (null when missing). */
export async function financeSettings(deps: QuoteServiceDeps = {}): Promise<Readonly<Record<string, unknown>> | null> {
  if (deps.settings !== undefined) return deps.settings;
  const story = await getStory<Record<string, unknown>>("global/finance", { country: deps.country ?? "au" });
  return story?.content ?? null;
}

/**
 * The built-in engine's configuration: the global/finance story's fields, then the FINANCE_*
 * variables. `{ ok: false }` (with the reasons) when a required rate or fee has no value.
 */
export async function loadFinanceConfig(deps: QuoteServiceDeps = {}): Promise<FinanceConfigResult> {
  const env = envOf(deps);
  const vars: FinanceEnvInput = Object.fromEntries(Object.values(FINANCE_ENV_VARS).map((name) => [name, text(env[name])]));
  const result = financeConfigFromSettings(await financeSettings(deps), vars);
  for (const warning of result.warnings) console.warn(`[finance] ${warning}`);
  return result;
}

/** A quote with how it went: the route turns the outcome into a status code. */
export interface QuoteOutcome {
  response: FinanceQuoteResponse;
  /** ok: a quote; rejected: the request breaks a lending rule (4xx); unavailable: no engine answer (5xx). */
  outcome: "ok" | "rejected" | "unavailable";
}

const UNAVAILABLE: FinanceQuoteResponse = { error: true, message: "The finance quote service is unavailable" };

async function callPartnerOnce(request: FinanceQuoteRequest, partner: PartnerSettings, doFetch: typeof fetch): Promise<FinanceQuoteResponse> {
  const res = await doFetch(partner.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${partner.apiKey}` },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(partner.timeoutMs),
  });
  if (!res.ok) throw new Error(`the partner answered ${res.status}`);
  const parsed = parseQuoteResponse(await res.json());
  if (!parsed.success) throw new Error(`the partner's answer is not a quote: ${parsed.errors.join("; ")}`);
  return parsed.data;
}

/** Proxies a request to the partner: one retry after a failure; failures become `{ error: true }`. */
async function partnerQuote(request: FinanceQuoteRequest, partner: PartnerSettings, doFetch: typeof fetch): Promise<QuoteOutcome> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const response = await callPartnerOnce(request, partner, doFetch);
      return { response, outcome: response.error ? "rejected" : "ok" };
    } catch (error) {
      lastError = error;
    }
  }
  console.error("[finance] The partner quote failed twice:", lastError instanceof Error ? lastError.message : lastError);
  return { response: UNAVAILABLE, outcome: "unavailable" };
}

/** A validated quote request answered by the partner or the built-in engine, with its outcome. */
export async function quote(request: FinanceQuoteRequest, deps: QuoteServiceDeps = {}): Promise<QuoteOutcome> {
  const partner = partnerSettings(deps);
  if (partner) return partnerQuote(request, partner, deps.fetch ?? fetch);
  const config = await loadFinanceConfig(deps);
  if (!config.ok) {
    console.error(`[finance] No quote: the finance configuration is incomplete (${config.errors.join("; ")})`);
    return { response: UNAVAILABLE, outcome: "unavailable" };
  }
  return localQuote(request, config.config);
}

function localQuote(request: FinanceQuoteRequest, config: FinanceConfig): QuoteOutcome {
  const calculation = calculateQuote(request, config);
  return { response: quoteResponse(calculation), outcome: calculation.ok ? "ok" : "rejected" };
}

/** POST /api/angleGenericQuote/ for a validated request (spec §3 answer; never throws). */
export async function requestQuote(request: FinanceQuoteRequest, deps: QuoteServiceDeps = {}): Promise<FinanceQuoteResponse> {
  return (await quote(request, deps)).response;
}

// ---------------------------------------------------------------------------------------------
// Card panels (spec §2 "Finance quote panels on cards", §9 card assumptions)

export type { CardQuote } from "./components/card-quote";

/** The quote vehicle of a model (asset details of the request). */
export function quoteVehicleOf(
  model: { nvicCode?: unknown; name?: unknown; short_name?: unknown; variant_name?: unknown },
  make: string,
  modelLineName: string,
): QuoteVehicle {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    nvicCode: str(model.nvicCode),
    make,
    model: modelLineName,
    variant: str(model.short_name) || str(model.name),
    subModel: str(model.variant_name),
  };
}

/** Content errors already logged (a model without an nvicCode fails the same way on every render). */
const loggedContentErrors = new Set<string>();

/**
 * The card quote of a model at a driveaway price (60 months, 20 % deposit, 20 % balloon,
 * weekly; spec §9). A model without nvicCode cannot be quoted (spec §8: an error): the card
 * shows the failure message and the error is logged.
 */
export async function cardQuoteForModel(
  price: number | null,
  vehicle: QuoteVehicle,
  deps: QuoteServiceDeps & { config?: FinanceConfig } = {},
): Promise<CardQuote> {
  if (price === null) return { state: "none" };
  const config = deps.config;
  const options = config ? { balloonTable: config.balloonTable, minLoanAmount: config.minLoanAmount } : {};
  if (!cardQuoteInputs(price, options).quotable) return { state: "none" };
  let request: FinanceQuoteRequest | null;
  try {
    request = buildCardQuoteRequest(price, vehicle, options);
  } catch (error) {
    if (!(error instanceof MissingNvicCodeError)) throw error;
    // A content error, the same on every render of the card: logged once per model and process.
    const message = `[finance] Card quote for ${vehicle.model ?? ""} ${vehicle.variant ?? ""}: ${error.message}`;
    if (!loggedContentErrors.has(message)) {
      loggedContentErrors.add(message);
      console.error(message);
    }
    return { state: "failed", summary: CARD_QUOTE_SUMMARY, price };
  }
  if (!request) return { state: "none" };
  if (partnerSettings(deps)) return { state: "pending", request, summary: CARD_QUOTE_SUMMARY, price };
  let outcome: QuoteOutcome;
  if (config) outcome = localQuote(request, config);
  else outcome = await quote(request, deps);
  const figures = cardQuoteFigures(outcome.response);
  if (!figures) {
    console.error(
      `[finance] Card quote for ${vehicle.model ?? ""} ${vehicle.variant ?? ""} failed:`,
      outcome.response.error ? (outcome.response.message ?? "error") : "no weekly schedule",
    );
    return { state: "failed", summary: CARD_QUOTE_SUMMARY, price };
  }
  return { state: "ready", figures, summary: CARD_QUOTE_SUMMARY, price };
}
