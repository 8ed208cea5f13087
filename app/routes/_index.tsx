import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { countryFromCookie } from "~/features/site-state/cookies.server";
import { CacheControl } from "~/server/http/cache-control";

/** `/` goes to the visitor's stored country, else `/au`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const country = countryFromCookie(request.headers.get("Cookie")) ?? "au";
  return redirect(`/${country}`, { headers: { "Cache-Control": CacheControl.privateNoStore, Vary: "Cookie" } });
}
