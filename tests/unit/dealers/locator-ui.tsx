// Shared set-up of the store-locator component tests (server markup and live).
// Import the block list first: it loads the registry before any single block module.
import "../support/load-blocks";
import { Blocks } from "~/blocks/blocks";
import { createRemixStub } from "@remix-run/testing";
import type { LoaderFunction } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { renderToStaticMarkup } from "react-dom/server";
import { vi } from "vitest";
import type { Blok, Country } from "~/content/schema";
import { locateDealers } from "~/features/dealers/locator";
import { parseLocatorParams } from "~/features/dealers/locator-params";
import type { StoreLocatorData } from "~/features/dealers/locator.server";
import { SiteProvider } from "~/features/site-state/site-context";
import { RoutePage } from "../support/route-page";
import { createServerStub } from "../support/server-stub";
import { AUCKLAND, GAZETTEER, makeDealer } from "./fixtures";
import { Window } from "happy-dom";

const HOURS = ["8:30am - 6:00pm", "8:30am - 6:00pm", "8:30am - 6:00pm", "8:30am - 6:00pm", "8:30am - 6:00pm", "9:00am - 5:00pm", "Closed"];
const withHours = <T extends { hours: { day: string; text: string }[] }>(d: T): T => ({ ...d, hours: d.hours.map((h, i) => ({ ...h, text: HOURS[i] })) });
const DEALERS = [
  withHours(
    makeDealer({
      code: "RICH",
      name: "Kestrel Richmond",
      address: "388 Swan Street",
      city: "Richmond",
      region: "VIC",
      postcode: "3121",
      phone: "(03) 5550 4000",
      email: "sales@richmond.example",
      lat: -37.8225,
      lng: 144.9992,
    }),
  ),
  withHours(makeDealer({ code: "DAND", name: "Kestrel Dandenong", city: "Dandenong", region: "VIC", lat: -37.9858, lng: 145.2165 })),
  withHours(makeDealer({ code: "DRW", name: "Kestrel Darwin", city: "Winnellie", region: "NT", lat: -12.427, lng: 130.883 })),
  withHours(makeDealer({ code: "AKL", name: "Kestrel Newmarket", city: "Newmarket", country: "nz", ...AUCKLAND })),
];

export const BLOK = {
  _uid: "locator-1",
  component: "store-locator",
  search_label: "Suburb, town or postcode",
  search_placeholder: "e.g. Richmond or 3121",
  search_button_text: "Search",
  suggestions_label: "Suggested places",
  all_dealers_heading: "All Kestrel dealers",
  results_heading: "Dealers near {place}",
  my_location_label: "your location",
  no_nearby_text: "No dealers within 100 km of {place}. The nearest:",
  not_found_text: "We couldn't find {query}.",
  alternatives_label: "Did you mean:",
  distance_text: "{distance} km away",
  address_label: "Address",
  phone_label: "Phone",
  email_label: "Email",
  hours_label: "Opening hours",
  map_title: "Map of Kestrel dealers",
} as Blok;

export function locatorData(search: string, country: Country = "au", mapsApiKey: string | null = null): StoreLocatorData {
  const result = locateDealers(parseLocatorParams(new URLSearchParams(search)), country, { dealers: DEALERS, gazetteer: GAZETTEER });
  return { ...result, mapsApiKey, mapId: "DEMO_MAP_ID", pageUrl: `https://www.kestrel.example/${country}/dealer-locator` };
}

/** Shows where the app navigated to. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The page's route, with this loader. */
function routes(country: Country, loader: LoaderFunction) {
  return [
    {
      id: "page",
      path: `/${country}/dealer-locator`,
      loader,
      Component: () => (
        <RoutePage>
          <SiteProvider value={{ country }}>
            <Blocks bloks={[BLOK]} />
            <Where />
          </SiteProvider>
        </RoutePage>
      ),
    },
  ];
}

export function stub(country: Country, loader = vi.fn(({ request }: { request: Request }) => ({ blockData: { [BLOK._uid]: locatorData(new URL(request.url).search, country) } }))) {
  const Stub = createRemixStub(routes(country, loader));
  return { Stub, loader };
}

/** Server markup for a URL (what a visitor without JavaScript gets). */
export function serverMarkup(search: string, country: Country = "au"): Document {
  // The loader's data is given as the server's; the loader itself does not run.
  const Stub = createServerStub(routes(country, () => null));
  const html = renderToStaticMarkup(
    <Stub
      initialEntries={[`/${country}/dealer-locator${search}`]}
      hydrationData={{ loaderData: { page: { blockData: { [BLOK._uid]: locatorData(search, country) } } } }}
    />,
  );
  return parse(html);
}

/** A parsed document of server markup, for queries (in the node environment too). */
export function parse(html: string): Document {
  const Parser = typeof DOMParser === "undefined" ? new Window().DOMParser : DOMParser;
  return new Parser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html") as unknown as Document;
}
