import type { LoaderFunctionArgs } from "@remix-run/node";
import { countrySchema } from "~/content/schema";
import { loadCountryPages } from "~/features/shell/country-pages.server";
import { countrySwitchLanding } from "~/features/shell/country-switch-path";
import { countryCookie } from "~/features/site-state/cookies.server";
import { safeReturnTo } from "~/features/site-state/return-to";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

/**
 * GET /api/set-location/{country}: stores the visitor's country (the `country` cookie, which the
 * `/` redirect honours). Only au or nz; anything else is a 400. With `returnTo` (the country
 * switch: the current page under the new country), same-site paths only, it goes to the page the
 * country has there, else the nearest one it has (app/features/shell/country-switch-path.ts):
 * a redirect, or JSON `{country, location}` when asked for JSON (the switch with JavaScript).
 * Without `returnTo` it answers JSON.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = countrySchema.safeParse(params.country);
  if (!parsed.success) {
    return Response.json({ error: "Unknown country: use au or nz" }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const country = parsed.data;
  const headers = new Headers({ "Set-Cookie": countryCookie(country), "Cache-Control": CacheControl.noStore });
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  if (returnTo !== null) {
    const location = countrySwitchLanding(safeReturnTo(returnTo, `/${country}`), await loadCountryPages());
    if ((request.headers.get("accept") ?? "").includes("application/json")) return Response.json({ country, location }, { headers });
    headers.set("Location", location);
    return new Response(null, { status: 302, headers });
  }
  return Response.json({ country }, { headers });
}
