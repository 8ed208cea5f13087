import type { ActionFunctionArgs } from "@remix-run/node";
import { consentCookie } from "~/features/site-state/cookies.server";
import { safeReturnTo } from "~/features/site-state/return-to";
import { isSameSiteRequest, wantsJson } from "~/features/site-state/request.server";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

const METHOD_NOT_ALLOWED = () =>
  Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": CacheControl.noStore } });

/** GET is not a way to consent. */
export const loader = METHOD_NOT_ALLOWED;

/**
 * POST /api/consent (the cookie banner's Accept, the anonymous-login step): sets the consent
 * cookie for one year. A form post (no JavaScript) is answered 303 to its `returnTo` (same-site
 * paths only); a fetch asking for JSON gets `{ consent: true }`. Cross-site posts are refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return METHOD_NOT_ALLOWED();
  if (!isSameSiteRequest(request)) {
    return Response.json({ error: "Cross-site request refused" }, { status: 403, headers: NO_STORE_HEADERS });
  }
  const form = await request.formData().catch(() => null);
  const headers = new Headers({ "Set-Cookie": consentCookie(), "Cache-Control": CacheControl.noStore });
  if (wantsJson(request)) return Response.json({ consent: true }, { headers });
  headers.set("Location", safeReturnTo(form?.get("returnTo"), "/"));
  return new Response(null, { status: 303, headers });
}
