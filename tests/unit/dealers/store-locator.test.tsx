// Server markup of the store-locator block: what a visitor without JavaScript gets.
import "../support/load-blocks";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Blocks } from "~/blocks/blocks";
import { SiteProvider } from "~/features/site-state/site-context";
import { createServerStub } from "../support/server-stub";
import { BLOK, parse, serverMarkup } from "./locator-ui";

describe("store-locator without JavaScript (server markup)", () => {
  it("is a GET form (?q=) with the results listed by distance, each dealer with its own anchor", () => {
    const dom = serverMarkup("?q=3121");
    const form = dom.querySelector("form[role=search]")!;
    expect(form.getAttribute("method")).toBe("get");
    // The search lands on its results (their anchor), below the fold on a phone.
    expect(form.getAttribute("action")).toBe("/au/dealer-locator#dealer-results");
    expect(dom.querySelector("#dealer-results")?.classList.contains("store-locator__results")).toBe(true);
    const input = form.querySelector<HTMLInputElement>("input[name=q]")!;
    expect(input.getAttribute("value")).toBe("3121");
    expect(dom.querySelector(`label[for="${input.id}"]`)!.textContent).toBe("Suburb, town or postcode");
    // The combobox and 'Use my location' need JavaScript: not in the server markup.
    expect(input.getAttribute("role")).toBeNull();
    expect(dom.body.textContent).not.toContain("Use my location");

    expect(dom.querySelector("h2")!.textContent).toBe("Dealers near VIC 3121");
    const cards = [...dom.querySelectorAll("article.dealer-card")];
    expect(cards.map((c) => c.id)).toEqual(["dealer-RICH", "dealer-DAND"]);
    expect(cards[0].querySelector(".dealer-card__distance")!.textContent).toMatch(/^\d\.\d km away$/);
    expect(cards[0].querySelector("h3 a")!.getAttribute("href")).toBe("/au/dealer-locator?q=3121&dealer=RICH#dealer-RICH");
  });

  it("gives each dealer Get Directions, Book a Test Drive and More Info with its hours Monday to Sunday", () => {
    const card = serverMarkup("?q=3121").querySelector("#dealer-RICH")!;
    const links = [...card.querySelectorAll(".dealer-card__actions a")];
    expect(links.map((a) => a.textContent)).toEqual(["Get Directions", "Book a Test Drive"]);
    expect(links[0].getAttribute("href")).toBe("https://www.google.com/maps/dir/?api=1&destination=-37.8225%2C144.9992");
    expect(links[1].getAttribute("href")).toBe("/au/test-drive?dealer=RICH");
    const details = card.querySelector("details")!;
    expect(details.hasAttribute("open")).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe("More Info");
    expect([...details.querySelectorAll(".dealer-hours th")].map((th) => th.textContent)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(details.querySelector(".dealer-hours tr:last-child td")!.textContent).toBe("Closed");
    expect(details.querySelector('a[href^="tel:"]')!.getAttribute("href")).toBe("tel:+61355504000");
    expect(details.querySelector('a[href^="mailto:"]')!.textContent).toBe("sales@richmond.example");
    expect(details.textContent).toContain("388 Swan Street, Richmond VIC 3121");
  });

  it("draws the static map: a titled drawing and a link per dealer marker, the results highlighted and numbered", () => {
    const dom = serverMarkup("?q=3121");
    const drawing = dom.querySelector('svg [role="img"], svg[role="img"]')!;
    const title = dom.getElementById(drawing.getAttribute("aria-labelledby")!)!;
    expect(title.tagName.toLowerCase()).toBe("title");
    expect(title.textContent).toBe("Map of Kestrel dealers");
    const markers = [...dom.querySelectorAll("a.static-map__marker")];
    // Zoomed to Melbourne: Darwin's marker is out of view.
    expect(markers.map((m) => m.getAttribute("aria-label"))).toEqual(["Kestrel Dandenong, Dandenong VIC", "Kestrel Richmond, Richmond VIC"]);
    expect(markers.every((m) => m.classList.contains("static-map__marker--listed"))).toBe(true);
    expect(markers[1].getAttribute("href")).toBe("/au/dealer-locator?q=3121&dealer=RICH#dealer-RICH");
    expect(markers[1].textContent).toContain("1");
    // No third-party script or map without a key.
    expect(dom.querySelector('script[src*="googleapis"]')).toBeNull();
  });

  it("emits AutoDealer JSON-LD with opening hours for the listed dealers", () => {
    const scripts = [...serverMarkup("?q=3121").querySelectorAll('script[type="application/ld+json"]')];
    const nodes = scripts.map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
    expect(nodes.map((n) => [n["@type"], n.identifier])).toEqual([
      ["AutoDealer", "RICH"],
      ["AutoDealer", "DAND"],
    ]);
    expect(nodes[0].openingHoursSpecification).toEqual(
      expect.arrayContaining([expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "09:00", closes: "17:00" })]),
    );
  });

  it("lists every dealer by name before a search, and says when a place is unknown or too far", () => {
    const all = serverMarkup("");
    expect(all.querySelector("h2")!.textContent).toBe("All Kestrel dealers");
    // A compact index: each dealer's name selects it, each item is the dealer's anchor.
    const items = [...all.querySelectorAll(".store-locator__index li")];
    expect(items.map((li) => li.querySelector("a")!.textContent)).toEqual(["Kestrel Dandenong", "Kestrel Darwin", "Kestrel Richmond"]);
    expect(items.map((li) => li.id)).toEqual(["dealer-DAND", "dealer-DRW", "dealer-RICH"]);
    expect(items[2].querySelector("a")!.getAttribute("href")).toBe("/au/dealer-locator?dealer=RICH#dealer-RICH");
    expect(items[2].textContent).toBe("Kestrel Richmond Richmond VIC");
    expect(all.querySelector("article")).toBeNull();
    // Still every dealer's structured data, for search engines.
    expect(all.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(3);
    expect(all.querySelector("[data-whole]")).not.toBeNull();

    expect(serverMarkup("?q=Atlantis").querySelector(".store-locator__message")!.textContent).toBe("We couldn't find Atlantis.");
    const far = serverMarkup("?lat=-23.7&lng=133.88");
    expect(far.querySelector("h2")!.textContent).toBe("Dealers near your location");
    expect(far.querySelector(".store-locator__message")!.textContent).toBe("No dealers within 100 km of your location. The nearest:");
    expect(far.querySelectorAll("article")).toHaveLength(3);
  });

  it("in results mode shows the selected dealer with a Back button that clears the search", () => {
    const dom = serverMarkup("?q=3121&dealer=DAND");
    expect(dom.querySelector("form[role=search]")).toBeNull();
    const back = dom.querySelector(".store-locator__back")!;
    expect(back.getAttribute("method")).toBe("get");
    expect(back.getAttribute("action")).toBe("/au/dealer-locator");
    expect(back.querySelectorAll("input")).toHaveLength(0);
    expect(back.querySelector("button")!.textContent).toBe("Back");
    const cards = [...dom.querySelectorAll("article")];
    expect(cards.map((c) => c.id)).toEqual(["dealer-DAND"]);
    expect(cards[0].classList.contains("dealer-card--selected")).toBe(true);
    expect(cards[0].querySelector("h2")!.textContent).toContain("Kestrel Dandenong");
    const selected = dom.querySelector('a.static-map__marker[aria-current="true"]')!;
    expect(selected.classList.contains("static-map__marker--selected")).toBe(true);
    expect(selected.getAttribute("aria-label")).toBe("Kestrel Dandenong, Dandenong VIC");
  });

  it("renders the search alone when the page's loader ran no block loaders", () => {
    const Stub = createServerStub([{ id: "page", path: "/au/x", Component: () => <SiteProvider value={{ country: "au" }}><Blocks bloks={[BLOK]} /></SiteProvider> }]);
    const dom = parse(renderToStaticMarkup(<Stub initialEntries={["/au/x"]} hydrationData={{ loaderData: { page: {} } }} />));
    expect(dom.querySelector("form[role=search]")).not.toBeNull();
    expect(dom.querySelectorAll("article")).toHaveLength(0);
  });
});

