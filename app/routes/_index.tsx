import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { countryFromCookie } from "~/features/site-state/cookies.server";

/** `/` goes to the visitor's stored country, else `/au`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const country = countryFromCookie(request.headers.get("Cookie")) ?? "au";
  return redirect(`/${country}`, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}
