import type { Country } from "~/content/schema";
import { chosenEnquiryType, fieldsOf, formKind, type FormBlok } from "./content";
import { ANCHOR_FIELD, BOT_TOKEN_FIELD, COMPETITION_API_PATH, FORM_API_PATH, INTENT_FIELD } from "./constants";
import { normaliseValues } from "./normalise";

/**
 * The JavaScript submit of the enquiry and competition forms: the spec's call (transactional.md
 * section 7, "POST /api/form/ | JSON: form values, token, form_id, country, disableCIO | OK status
 * is success; body not read"; the competition adds SFEndpoint and enquiry_name), bounded in time.
 * Not a Remix fetcher: see docs/decisions/032-form-field-kinds.md.
 */

/**
 * How long the visitor waits for an answer. The server stores a lead before it answers, so a
 * slower answer is refused here and the visitor's retry (same idempotency key) finds the lead
 * already stored instead of storing it twice.
 */
export const SUBMIT_TIMEOUT_MS = 20_000;

type Values = Record<string, string | undefined>;

/** The posted strings of a form, without the controls that are not lead data. */
export function formValues(formData: FormData): Values {
  const values: Values = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || name === INTENT_FIELD || name === ANCHOR_FIELD || name.startsWith("__")) continue;
    values[name] = value;
  }
  return values;
}

export interface LeadRequest {
  path: string;
  body: Record<string, unknown>;
}

/** The JSON API's path and body for a form's values. */
export function leadRequest(blok: FormBlok, country: Country, values: Values): LeadRequest {
  const fields = fieldsOf(blok, country);
  const enquiryType = chosenEnquiryType(fields, values);
  const body: Record<string, unknown> = {
    // The spec's "before sending" rules; the server applies them again (they are idempotent).
    ...normaliseValues(values, country),
    [BOT_TOKEN_FIELD]: values[BOT_TOKEN_FIELD] ?? "",
    form_id: blok.form_id,
    country,
    disableCIO: enquiryType?.disableCIO ?? blok.disableCIO ?? false,
  };
  const competition = formKind(blok) === "competition";
  if (competition) {
    body.SFEndpoint = blok.sfendpoint ?? "";
    body.enquiry_name = blok.enquiry_name || blok.heading || blok.form_id;
  }
  return { path: competition ? COMPETITION_API_PATH : FORM_API_PATH, body };
}

/** Sent and stored; or not, with the server's own message when it gave one the visitor can act on. */
export type SendOutcome = { ok: true } | { ok: false; message: string | null };

export interface SendOptions {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Posts a lead with its idempotency key. A non-OK answer, a network error and no answer within
 * the timeout are all a failure (spec section 8: "Form submit non-OK or network exception"); over
 * the rate limit (429) the server's message says when to try again.
 */
export async function sendLead(request: LeadRequest, idempotencyKey: string, options: SendOptions = {}): Promise<SendOutcome> {
  const { timeoutMs = SUBMIT_TIMEOUT_MS, fetch = globalThis.fetch } = options;
  // A timer rather than AbortSignal.timeout, so a test's fake clock governs it like the page's other timers.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(request.path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    });
    if (response.status === 429) {
      const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
      return { ok: false, message: typeof answer?.error === "string" ? answer.error : null };
    }
    return response.ok ? { ok: true } : { ok: false, message: null };
  } catch {
    return { ok: false, message: null };
  } finally {
    clearTimeout(timer);
  }
}
