import { NO_STORE_HEADERS } from "~/server/http/cache-control";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { countrySchema } from "~/content/schema";
import { requireCountry } from "~/features/routing/country.server";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";
import { fieldsOf, type FormKind } from "./content";
import { POSTCODE_FIELD } from "./field-kinds";
import { lookupDealers, lookupDealersAround } from "./dealers.server";
import { findFormById, findFormOnPage } from "./form-index.server";
import { FORM_MESSAGES } from "./messages";
import { dealerFieldOf } from "./schema";
import { formDataToParams, jsonToParams, JSON_BOOLEAN_PROPERTIES, submitLead } from "./submit.server";
import { ANCHOR_FIELD, DEALERS_INTENT, IDEMPOTENCY_FIELD, INTENT_FIELD, SUBMITTED_PARAM } from "./constants";
import type { FormActionData } from "./action-data";
import { isFormContentType, isJsonContentType } from "~/server/security/same-site";
import type { LeadLimitCheck } from "./rate-limit.server";

/**
 * The forms' server entry points: `formAction` for pages that hold forms (the catch-all and the
 * finance page delegate their `action` to it) and `apiSubmitAction` for POST /api/form/ and
 * POST /api/competition/. Both run submitLead, so a lead is validated, normalised and stored the
 * same way whichever way it arrives.
 */


const MAX_JSON_BYTES = 64 * 1024;

function anchorOf(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^[a-z0-9_-]{1,80}$/i.test(value) ? value : "";
}

/**
 * A page's action: posts from the page's forms without JavaScript. Success redirects (303) to the
 * page with ?submitted=<form_id>, so a reload does not post again; errors re-render the page with
 * the messages next to the fields and the values kept.
 */
export async function formAction({ request, params, context }: ActionFunctionArgs, slug: string) {
  const country = requireCountry(params);
  // Every refusal re-renders the page with the form's error summary (failure or field messages),
  // the values kept; the form's action fragment lands the visitor on that summary.
  // A body that is not a form (JSON, broken multipart) is the client's error, not the server's.
  const formData = await request.formData().catch(() => null);
  if (!formData) {
    return data<FormActionData>({ formId: "", failure: FORM_MESSAGES.failure }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const values = formDataToParams(formData);
  const formId = values.get("form_id") ?? "";
  const form = formId ? await findFormOnPage(slug, formId, country) : null;
  if (!form) {
    return data<FormActionData>({ formId, failure: FORM_MESSAGES.failure }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const initialValue = Object.fromEntries(values);

  const dealerField = dealerFieldOf(fieldsOf(form, country));
  const dealers = dealerField
    ? ((await lookupDealers(values.get(POSTCODE_FIELD), country)) ?? (await lookupDealersAround(values.get(dealerField.name), country)))
    : null;

  if (values.get(INTENT_FIELD) === DEALERS_INTENT) {
    return data<FormActionData>({ formId, lastResult: { initialValue }, dealers }, { headers: NO_STORE_HEADERS });
  }

  const outcome = await submitLead({
    form,
    country,
    values,
    idempotencyKey: values.get(IDEMPOTENCY_FIELD),
    buyer: buyerContextFromRequest(request, country),
    limit: context?.leadLimit,
  });
  switch (outcome.type) {
    case "stored": {
      const url = new URL(request.url);
      const anchor = anchorOf(formData.get(ANCHOR_FIELD));
      const target = `${url.pathname}?${SUBMITTED_PARAM}=${encodeURIComponent(formId)}${anchor ? `#${anchor}` : ""}`;
      return redirect(target, { status: 303, headers: { ...NO_STORE_HEADERS, ...outcome.headers } });
    }
    case "limited":
      // Over a lead limit: the page answers 429 with the form, its values kept and the time to wait in its alert.
      return data<FormActionData>(
        { formId, lastResult: { initialValue }, dealers, failure: outcome.message },
        { status: 429, headers: { ...NO_STORE_HEADERS, ...outcome.headers, "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "invalid":
      return data<FormActionData>({ formId, lastResult: outcome.reply, dealers }, { status: 400, headers: NO_STORE_HEADERS });
    case "bot":
      return data<FormActionData>({ formId, lastResult: { initialValue }, dealers, failure: FORM_MESSAGES.failure }, { status: 400, headers: NO_STORE_HEADERS });
    case "unavailable":
      return data<FormActionData>({ formId, lastResult: { initialValue }, dealers, failure: FORM_MESSAGES.failure }, { status: 503, headers: NO_STORE_HEADERS });
  }
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE_HEADERS, ...headers } });
}

type Body = { values: URLSearchParams } | { errors: Record<string, string[]> } | "unsupported" | null;

/**
 * The posted values; field errors for JSON properties of the wrong type; null for an unreadable
 * body; "unsupported" for a media type other than JSON or a form's (exactly: `text/plain;
 * x=application/json` is not JSON).
 */
async function readBody(request: Request): Promise<Body> {
  const type = request.headers.get("content-type");
  if (isJsonContentType(type)) {
    const text = await request.text();
    if (text.length > MAX_JSON_BYTES) return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null;
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const parsed = jsonToParams(body as Record<string, unknown>);
    return parsed.ok ? { values: parsed.values } : { errors: parsed.errors };
  }
  if (isFormContentType(type)) {
    const formData = await request.formData().catch(() => null);
    return formData ? { values: formDataToParams(formData) } : null;
  }
  return "unsupported";
}

/**
 * POST /api/form/ and /api/competition/: the spec's JSON (form values, token, form_id, country,
 * disableCIO; the competition adds SFEndpoint and enquiry_name). 200 {ok: true} once the lead is
 * stored; 400 with field errors ({errors: {field: [message]}}: a broken rule, or a property that is
 * not a JSON string, disableCIO a boolean) or a failed bot check; 503 when
 * the store is unavailable. The idempotency key comes from the Idempotency-Key header or the
 * body's idempotency_key. SFEndpoint, enquiry_name and disableCIO are taken from the content,
 * never from the request.
 */
export async function apiSubmitAction(request: Request, kind: FormKind, limit?: LeadLimitCheck): Promise<Response> {
  if (request.method !== "POST") return json({ error: "Use POST" }, 405);
  const body = await readBody(request);
  if (body === "unsupported") return json({ error: "Send the lead as JSON (Content-Type: application/json)" }, 415);
  if (!body) return json({ error: "Expected a JSON object (Content-Type: application/json) of at most 64 KB" }, 400);
  if ("errors" in body) {
    // Checked before anything else: nothing of a body with a mistyped field is stored.
    return json({ error: `Each value must be a JSON string (${JSON_BOOLEAN_PROPERTIES.join(", ")}: a boolean)`, errors: body.errors }, 400);
  }
  const { values } = body;
  const country = countrySchema.safeParse(values.get("country"));
  if (!country.success) return json({ errors: { country: [FORM_MESSAGES.invalid("country")] } }, 400);
  const formId = values.get("form_id") ?? "";
  const form = formId ? await findFormById(formId, country.data, kind) : null;
  if (!form) return json({ errors: { form_id: [FORM_MESSAGES.invalid("form_id")] } }, 400);

  const idempotencyKey = request.headers.get("idempotency-key") ?? values.get(IDEMPOTENCY_FIELD);
  const outcome = await submitLead({ form, country: country.data, values, idempotencyKey, buyer: buyerContextFromRequest(request, country.data), limit });
  switch (outcome.type) {
    case "stored":
      return json({ ok: true }, outcome.created ? 201 : 200, outcome.headers);
    case "limited":
      return json({ error: outcome.message }, 429, { ...outcome.headers, "Retry-After": String(outcome.retryAfterSeconds) });
    case "invalid":
      return json({ errors: outcome.errors }, 400);
    case "bot":
      return json({ error: "The bot check failed." }, 400);
    case "unavailable":
      return json({ error: FORM_MESSAGES.failure }, 503);
  }
}

/** Resource routes answer GET with 405. */
export function methodNotAllowed(): Response {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", ...NO_STORE_HEADERS } });
}
