import type { ActionFunctionArgs } from "@remix-run/node";
import { isAuState, type AuState } from "~/lib/au-states";
import { buyerChoiceCookies } from "~/features/site-state/cookies.server";
import { isSameSiteRequest, wantsJson } from "~/features/site-state/request.server";
import { safeReturnTo } from "~/features/site-state/return-to";
import { NO_STORE_HEADERS as NO_STORE } from "~/server/http/cache-control";

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

/**
 * POST /api/buyer-choice: the "Configure your pricing" form without JavaScript. Stores the AU
 * state (`auState`, ACT … WA) and the buyer type (`isABN`, true or false) in their cookies and
 * answers 303 to the same-site `returnTo` (default /au), where the server renders the prices
 * for the new choice. A fetch asking for JSON gets the choice back. Either field may be left
 * out; an invalid value is a 400; a cross-site post a 403.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  if (!isSameSiteRequest(request)) {
    return Response.json({ error: "Cross-site request refused" }, { status: 403, headers: NO_STORE });
  }
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ error: "Send the choice as a form (auState, isABN, returnTo)" }, { status: 400, headers: NO_STORE });
  const rawState = form.get("auState");
  const rawAbn = form.get("isABN");
  const choice: { auState?: AuState; isABN?: boolean } = {};
  const errors: string[] = [];
  if (rawState !== null) {
    if (isAuState(rawState)) choice.auState = rawState;
    else errors.push("auState must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA");
  }
  if (rawAbn !== null) {
    if (rawAbn === "true" || rawAbn === "false") choice.isABN = rawAbn === "true";
    else errors.push("isABN must be true or false");
  }
  if (rawState === null && rawAbn === null) errors.push("Send auState, isABN or both");
  if (errors.length > 0) return Response.json({ error: errors.join("; ") }, { status: 400, headers: NO_STORE });

  const headers = new Headers(NO_STORE);
  for (const cookie of buyerChoiceCookies(choice)) headers.append("Set-Cookie", cookie);
  if (wantsJson(request)) return Response.json(choice, { headers });
  headers.set("Location", safeReturnTo(form.get("returnTo"), "/au"));
  return new Response(null, { status: 303, headers });
}
