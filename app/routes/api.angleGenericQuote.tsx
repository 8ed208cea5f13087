import type { ActionFunctionArgs } from "@remix-run/node";
import { parseQuoteRequest } from "~/features/finance/quote-schema";
import { quote } from "~/features/finance/quote-service.server";
import { NO_STORE_HEADERS as NO_STORE } from "~/server/http/cache-control";
import { isJsonContentType } from "~/server/security/same-site";

/** Only POST is a quote. */
export function loader() {
  return Response.json({ error: true, message: "Use POST" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

const STATUS = { ok: 200, rejected: 422, unavailable: 502 } as const;

/**
 * POST /api/angleGenericQuote/ (spec transactional.md §3, §7): a finance quote request as JSON
 * (`application/json` only, else 415),
 * answered in the spec's response shape. A body that is not JSON or not a valid request (a model
 * without nvicCode included) is a 400 with a message; a request breaking a lending rule (balloon
 * over the term's maximum, below the minimum loan) a 422; no answer from the engine a 502. Every
 * answer carries the `error` flag and is never cached.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    return Response.json({ error: true, message: "Send the quote request as JSON (Content-Type: application/json)" }, { status: 415, headers: NO_STORE });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: true, message: "The body must be a JSON quote request" }, { status: 400, headers: NO_STORE });
  }
  const parsed = parseQuoteRequest(body);
  if (!parsed.success) {
    return Response.json({ error: true, message: parsed.errors.join("; "), errors: parsed.errors }, { status: 400, headers: NO_STORE });
  }
  try {
    const result = await quote(parsed.data);
    return Response.json(result.response, { status: STATUS[result.outcome], headers: NO_STORE });
  } catch (error) {
    console.error("[finance] Quote failed:", error instanceof Error ? error.message : error);
    return Response.json({ error: true, message: "The finance quote service is unavailable" }, { status: 502, headers: NO_STORE });
  }
}
