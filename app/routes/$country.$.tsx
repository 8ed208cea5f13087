import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPage } from "~/pages/content-page.server";
import { ContentRoute } from "~/pages/content-page";
import { requireCountry } from "~/features/routing/country.server";
import { contentPageMeta } from "~/features/routing/route-meta";
import { formAction } from "~/features/forms/action.server";
import { pageHeaders } from "~/features/routing/route-headers";

/** Catch-all: renders any content story at /{country}/{slug...}; home at the country root. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  return loadPage(request, country, params["*"] ?? "");
}

/** Posts from the page's enquiry and competition forms (without JavaScript): app/features/forms. */
export const action = (args: ActionFunctionArgs) => formAction(args, args.params["*"] ?? "");

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default ContentRoute;
