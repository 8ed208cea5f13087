import { createHash, randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Country } from "~/content/schema";
import { dealerCodesFor } from "./dealers.server";
import { fieldsOf, type FormBlok } from "./content";
import { todayIn } from "./dates";
import { FORM_MESSAGES } from "./messages";
import { buildLead, cleanText, hiddenValues, multilineNames } from "./normalise";
import { contactKeys, type LeadLimitCheck, type LeadLimited } from "./rate-limit.server";
import { buildFormSchema, dealerFieldOf } from "./schema";
import { honeypotTripped, verifyBotToken } from "./bot-check.server";
import { BOT_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "./constants";
import { kickOutbox } from "./outbox.server";
import { BUILD_FIELD } from "./build-handoff";
import { leadBuildFields } from "./build-handoff.server";
import type { BuyerContext } from "~/features/pricing";
import { getLeadStore } from "./store.server";

/**
 * Accepting a submission, shared by the page actions (no JavaScript) and the JSON APIs: bot
 * checks, the form's schema (the one the browser used), normalisation, and the durable store,
 * which is written before success is reported. Nothing here logs a field value.
 */

export { IDEMPOTENCY_FIELD };
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** A usable idempotency key, or null (the caller then makes one). */
export function cleanIdempotencyKey(value: unknown): string | null {
  return typeof value === "string" && KEY_PATTERN.test(value.trim()) ? value.trim() : null;
}

/**
 * The key a lead is stored under: the submitted key scoped by a digest of the lead itself. The
 * key in a form's markup is made when the page renders, and a cached page (the page cache, a
 * CDN) hands the same markup, so the same key, to every visitor for a while: two visitors' leads
 * must not count as one. A retry of the same submission (a no-JS repost, a JavaScript retry
 * after a timeout) carries the same key and the same values, so it still finds the first.
 */
export function scopedIdempotencyKey(key: string, lead: { kind: string; formId: string; country: string; payload: Record<string, unknown> }): string {
  const entries = Object.entries(lead.payload).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash("sha256").update(JSON.stringify([lead.kind, lead.formId, lead.country, entries])).digest("hex");
  return `${key}.${digest.slice(0, 16)}`;
}

export interface SubmitInput {
  form: FormBlok;
  country: Country;
  /** Everything posted, as strings. */
  values: URLSearchParams;
  idempotencyKey: string | null;
  /** The buyer's AU state and type (cookies): the prices of a configurator build's summary lines. */
  buyer?: BuyerContext;
  /**
   * The lead limits of the request's client (server-app.ts puts them in the load context), asked
   * just before a new lead is stored: every path that stores a lead comes through here.
   */
  limit?: LeadLimitCheck;
}

export type SubmitOutcome =
  | { type: "stored"; leadId: string; created: boolean; headers?: Record<string, string> }
  | ({ type: "limited" } & LeadLimited)
  | { type: "invalid"; reply: SubmissionResult<string[]>; errors: Record<string, string[]> }
  | { type: "bot" }
  | { type: "unavailable" };

export async function submitLead({ form, country, values, idempotencyKey, buyer, limit }: SubmitInput): Promise<SubmitOutcome> {
  if (honeypotTripped(values.get(HONEYPOT_FIELD))) return { type: "bot" };
  if (!(await verifyBotToken(values.get(BOT_TOKEN_FIELD)))) return { type: "bot" };

  const fields = fieldsOf(form, country);
  // Control and bidi characters go before the rules see a value (a value of nothing else is empty).
  const multiline = multilineNames(fields);
  const posted = new URLSearchParams();
  for (const [name, value] of values) posted.append(name, cleanText(value, multiline.has(name)));
  // Hidden fields carry the content's values whatever was posted.
  for (const [name, value] of Object.entries(hiddenValues(fields))) posted.set(name, value);

  const dealerCodes = dealerFieldOf(fields) ? await dealerCodesFor(country) : null;
  const schema = buildFormSchema(form, { country, today: todayIn(country), dealerCodes });
  const submission = parseWithZod(posted, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const errors: Record<string, string[]> = {};
    // One message per rule broken: a value can break two checks with the same message (length, pattern).
    for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages) errors[name] = [...new Set(messages)];
    return { type: "invalid", reply: submission.reply(), errors };
  }

  const lead = buildLead(form, country, submission.value as Record<string, string | undefined>);
  const key = cleanIdempotencyKey(idempotencyKey);
  const storedKey = key ? scopedIdempotencyKey(key, { ...lead, payload: { ...lead.payload, [BUILD_FIELD]: values.get(BUILD_FIELD) ?? "" } }) : randomUUID();
  // A configurator build posted with the form is resolved again from the catalogue (never echoed).
  const build = await leadBuildFields(form, country, values.get(BUILD_FIELD), lead.payload, buyer ?? { country, isABN: false });
  if (build) Object.assign(lead.payload, build);
  try {
    const store = await getLeadStore();
    // A retry of a lead already stored is answered as before, not counted again.
    const known = key ? await store.getByKey(storedKey) : null;
    if (known) return { type: "stored", leadId: known.id, created: false };
    const verdict = limit ? await limit(contactKeys(lead.payload)) : null;
    if (verdict && !verdict.allowed) {
      return { type: "limited", retryAfterSeconds: verdict.retryAfterSeconds, message: verdict.message, headers: verdict.headers };
    }
    const held = verdict?.allowed === true && verdict.held;
    const { lead: stored, created } = await store.insert({ ...lead, idempotencyKey: storedKey, held });
    if (created) console.log(`[leads] stored ${stored.id} (${lead.kind} ${lead.formId}, ${country})${held ? ", held for review: past the per-contact limit" : ""}`);
    kickOutbox();
    return { type: "stored", leadId: stored.id, created, headers: verdict?.headers };
  } catch (error) {
    console.error(`[leads] could not store a ${lead.kind} lead for ${lead.formId}: ${error instanceof Error ? error.message : "error"}`);
    return { type: "unavailable" };
  }
}

/** Posted fields as strings (files and non-strings are dropped). */
export function formDataToParams(formData: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of formData.entries()) if (typeof value === "string") params.append(name, value);
  return params;
}

/** The JSON properties that are booleans (spec section 7); every other property is a string. */
export const JSON_BOOLEAN_PROPERTIES: readonly string[] = ["disableCIO"];

export type JsonValues = { ok: true; values: URLSearchParams } | { ok: false; errors: Record<string, string[]> };

/**
 * A JSON body's properties as form values. Each must have its JSON type (a string; disableCIO a
 * boolean): a number, boolean, null, object or array in a field is refused, naming the field,
 * rather than stored as "123" or "true" or silently dropped.
 */
export function jsonToParams(body: Record<string, unknown>): JsonValues {
  const values = new URLSearchParams();
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const expected = JSON_BOOLEAN_PROPERTIES.includes(name) ? "boolean" : "string";
    if (typeof value === expected) values.append(name, String(value));
    else errors[name] = [FORM_MESSAGES.invalid(name)];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
