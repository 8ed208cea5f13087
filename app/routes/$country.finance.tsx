import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { FINANCE_RELATIONS } from "~/content/relations";
import { loadPage } from "~/pages/content-page.server";
import { ContentRoute } from "~/pages/content-page";
import { requireCountry } from "~/features/routing/country.server";
import { contentPageMeta } from "~/features/routing/route-meta";
import { formAction } from "~/features/forms/action.server";
import { pageHeaders } from "~/features/routing/route-headers";

/** Finance page: header styling from the story, finance logo on by default. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  return loadPage(request, country, "finance", {
    relations: FINANCE_RELATIONS,
    settings: { menuButtonColor: "black", financeLogo: true },
  });
}

/** Posts from the page's enquiry forms (without JavaScript): app/features/forms. */
export const action = (args: ActionFunctionArgs) => formAction(args, "finance");

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default ContentRoute;
