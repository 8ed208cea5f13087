import type { LoaderFunctionArgs } from "@remix-run/node";
import { countrySchema } from "~/content/schema";
import { countryCookie } from "~/features/site-state/cookies.server";
import { safeReturnTo } from "~/features/site-state/return-to";

/**
 * GET /api/set-location/{country}: stores the visitor's country (the `country` cookie, which the
 * `/` redirect honours). Only au or nz; anything else is a 400. With `returnTo` (the country
 * switch without JavaScript) it redirects there, same-site paths only; otherwise it answers JSON.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = countrySchema.safeParse(params.country);
  if (!parsed.success) {
    return Response.json({ error: "Unknown country: use au or nz" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const country = parsed.data;
  const headers = new Headers({ "Set-Cookie": countryCookie(country), "Cache-Control": "no-store" });
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  if (returnTo !== null) {
    headers.set("Location", safeReturnTo(returnTo, `/${country}`));
    return new Response(null, { status: 302, headers });
  }
  return Response.json({ country }, { headers });
}
