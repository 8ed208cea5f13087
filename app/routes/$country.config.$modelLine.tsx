import type { PageHandle } from "~/features/routing/route-data";
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfiguratorPage } from "~/features/configurator/components/configurator-page";
import { loadConfiguratorPage } from "~/features/configurator/page.server";
import { configuratorMeta, configuratorShouldRevalidate } from "~/features/configurator/route";
import { pageHeaders } from "~/features/routing/route-headers";

if (import.meta.env) import.meta.glob("../styles/configurator.css", { eager: true });

/**
 * /{country}/config/{modelLine}: the vehicle configurator. A missing or unknown model line is a
 * 404 'Page Not Found'. A shared build URL carrying the AU state and buyer type stores them
 * (cookies, as the pricing modal does) and continues at the same build without them, so the
 * price shown everywhere follows one stored choice. `?model=<short name>` (model pages' links)
 * is answered with a redirect to the build's canonical address.
 */
export const loader = loadConfiguratorPage;

/** A new build query is resolved in the browser from the loaded catalogue: no reload. */
export const shouldRevalidate = configuratorShouldRevalidate;

/** The configurator is one application: its steps change the build in place, so it hydrates whole. */
export const handle: PageHandle = { hydrate: "app" };

export const meta: MetaFunction<typeof loader> = (args) => configuratorMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function ConfiguratorRoute() {
  const { catalogue, finance, calculatorResponse, abnOverride } = useLoaderData<typeof loader>();
  return <ConfiguratorPage catalogue={catalogue} finance={finance} calculatorResponse={calculatorResponse} abnOverride={abnOverride} />;
}
