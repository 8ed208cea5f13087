import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { configuratorIsland } from "~/features/configurator/components/configurator-island";
import { loadConfiguratorPage } from "~/features/configurator/page.server";
import { configuratorMeta, configuratorShouldRevalidate } from "~/features/configurator/route";
import { pageHeaders } from "~/features/routing/route-headers";
import { Island } from "~/islands/island";

if (import.meta.env) import.meta.glob("../styles/configurator.css", { eager: true });

/**
 * /{country}/config/{modelLine}: the vehicle configurator. A missing or unknown model line is a
 * 404 'Page Not Found'. A shared build URL carrying the AU state and buyer type stores them
 * (cookies, as the pricing modal does) and continues at the same build without them, so the
 * price shown everywhere follows one stored choice. `?model=<short name>` (model pages' links)
 * is answered with a redirect to the build's canonical address.
 */
export const loader = loadConfiguratorPage;

/**
 * Where the whole document runs as one app (the editor's preview): a new build
 * query is resolved in the browser from the loaded catalogue, with no reload.
 */
export const shouldRevalidate = configuratorShouldRevalidate;

export const meta: MetaFunction<typeof loader> = (args) => configuratorMeta(args);
export const headers: HeadersFunction = pageHeaders;

/**
 * The configurator is one application whose steps change the build in place: an island of its own
 * on a page whose header and footer are the site's, so the page loads React and the configurator,
 * and no client router.
 */
export default function ConfiguratorRoute() {
  const { catalogue, finance, calculatorResponse, abnOverride } = useLoaderData<typeof loader>();
  return <Island island={configuratorIsland} props={{ catalogue, finance, calculatorResponse, abnOverride }} className="island-contents" />;
}
