// @vitest-environment happy-dom
import "../support/load-blocks";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Blocks } from "~/blocks/blocks";
import type { Blok, Country } from "~/content/schema";
import {
  categoryLabel,
  categoryOptions,
  eligibleOffers,
  financeTabFirst,
  insertionIndex,
  listOffers,
  nameOrders,
  OFFER_VEHICLE_FIELDS,
  offerFeatures,
  offerSearch,
  parseOfferQuery,
  showCategoryFilter,
  type OfferModel,
} from "~/features/offers/offers";
import type { OffersListingData } from "~/blocks/offers-listing/loader.server";
import { SiteProvider } from "~/features/site-state/site-context";
import { b, parse } from "../blocks/render";
import { blockLoaderArgs } from "../support/block-loader-args";
import { RoutePage } from "../support/route-page";
import { createServerStub, renderOnServer } from "../support/server-stub";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

afterEach(cleanup);

function offer(uuid: string, over: Partial<OfferModel> = {}): OfferModel {
  return {
    uuid,
    name: uuid,
    shortName: uuid,
    clearance: false,
    image: null,
    featureList: ["One", "Two", "Three", "Four", "Five", "Six"],
    priceDisclaimers: [{ uuid: "d", title: "", text: "Driveaway price disclaimer." }],
    pricing: { driveaway_price: "40000", driveaway_abn_price: "40000", driveaway_retail_price: "41000", offer_text_abn: `${uuid} ABN offer`, offer_text: `${uuid} NZ offer` },
    vehiclePrice: null,
    cleanCarProgramme: "",
    quoteVehicle: { nvicCode: "X" },
    configPath: `/au/config/line?model=${uuid}`,
    category: "SUV",
    lineName: "Line",
    financeOfferText: "",
    financeOffers: [],
    nameOrder: 0,
    ...over,
  };
}

/** Offers with their A to Z places, as the loader gives them. */
function ordered(models: OfferModel[]): OfferModel[] {
  const order = nameOrders(models);
  return models.map((m) => ({ ...m, nameOrder: order.get(m.uuid) ?? 0 }));
}
const buyer = { country: "au" as const, auState: "VIC" as const, isABN: true };

describe("offers rules", () => {
  const models = ordered([
    offer("Tarrak GX", { pricing: { driveaway_abn_price: "50000" }, category: "SUV" }),
    offer("Corvale Urban Run-out", { clearance: true, pricing: { driveaway_abn_price: "30000" }, category: "SUV" }),
    offer("Solenne Hybrid", { pricing: { driveaway_abn_price: "45000" }, category: "Hybrid" }),
    offer("Kordan Outback Pro", { pricing: {}, category: "Ute" }),
  ]);
  it("lists only clearance models without show_all_models, and only the named models when set", () => {
    expect(eligibleOffers(models, { showAllModels: false, modelUuids: [] }).map((m) => m.uuid)).toEqual(["Corvale Urban Run-out"]);
    expect(eligibleOffers(models, { showAllModels: true, modelUuids: ["Tarrak GX"] }).map((m) => m.uuid)).toEqual(["Tarrak GX"]);
  });
  it("offers Show All and the categories (Hybrid as HEV), shown only with more than 2 options", () => {
    const options = categoryOptions(models);
    expect(options.map((o) => o.label)).toEqual(["Show All", "SUV", "HEV", "Ute"]);
    expect(categoryLabel("hybrid")).toBe("HEV");
    expect(showCategoryFilter(options)).toBe(true);
    expect(showCategoryFilter(categoryOptions([models[0]!, models[1]!]))).toBe(false);
  });
  it("sorts A to Z by default, by the buyer's price high or low (no price last), and filters", () => {
    const q = parseOfferQuery(new URLSearchParams("sort=bogus&category=Nope"), ["SUV", "Hybrid", "Ute"]);
    expect(q).toEqual({ category: "", sort: "alphabetical" });
    expect(listOffers(models, q, buyer).map((m) => m.uuid)).toEqual(["Corvale Urban Run-out", "Kordan Outback Pro", "Solenne Hybrid", "Tarrak GX"]);
    expect(listOffers(models, { category: "", sort: "priceHigh" }, buyer).map((m) => m.uuid)).toEqual(["Tarrak GX", "Solenne Hybrid", "Corvale Urban Run-out", "Kordan Outback Pro"]);
    expect(listOffers(models, { category: "", sort: "priceLow" }, buyer).map((m) => m.uuid)).toEqual(["Corvale Urban Run-out", "Solenne Hybrid", "Tarrak GX", "Kordan Outback Pro"]);
    expect(listOffers(models, { category: "SUV", sort: "alphabetical" }, buyer)).toHaveLength(2);
    expect(offerSearch({ category: "Hybrid", sort: "priceLow" }, new URLSearchParams("x=1"))).toBe("?x=1&category=Hybrid&sort=priceLow");
    expect(offerSearch({ category: "", sort: "alphabetical" })).toBe("");
  });
  it("puts the Finance tab first when asked or with neither a special offer nor a standard header", () => {
    expect(financeTabFirst({ showFinanceTabFirst: true, hasSpecialOffer: true, hasStandardHeader: true })).toBe(true);
    expect(financeTabFirst({ showFinanceTabFirst: false, hasSpecialOffer: false, hasStandardHeader: false })).toBe(true);
    expect(financeTabFirst({ showFinanceTabFirst: false, hasSpecialOffer: true, hasStandardHeader: false })).toBe(false);
    expect(financeTabFirst({ showFinanceTabFirst: false, hasSpecialOffer: false, hasStandardHeader: true })).toBe(false);
  });
  it("keeps 4 features and places the finance card", () => {
    expect(offerFeatures(["a", "b", "c", "d", "e"])).toEqual(["a", "b", "c", "d"]);
    expect(insertionIndex(5, 2)).toBe(1);
    expect(insertionIndex(5, 3)).toBe(2);
    expect(insertionIndex(1, 3)).toBe(1);
  });
});

/** The page with its data: a live stub, or with createServerStub for server markup. */
function stub(bloks: Blok[], data: OffersListingData, url = "/", country: Country = "au", create: typeof createServerStub = createRemixStub) {
  const Stub = create([
    {
      path: "/",
      loader: () => ({ blockData: { [bloks[0]!._uid]: data } }),
      Component: () => (
        <RoutePage>
          <SiteProvider value={{ country, auState: "VIC", isABN: true }}>
            <Blocks bloks={bloks} />
          </SiteProvider>
        </RoutePage>
      ),
    },
  ]);
  return <Stub initialEntries={[url]} hydrationData={{ loaderData: { "0": { blockData: { [bloks[0]!._uid]: data } } } }} />;
}

describe("offers-listing block", () => {
  const data: OffersListingData = {
    models: ordered([
      offer("Tarrak GX", { category: "SUV", financeOffers: [{ text: "3.99% p.a. finance", driveawayPrice: "", interestRate: "3.99", comparisonRate: "", disclaimer: "Finance T&Cs." }] }),
      offer("Solenne Hybrid", { category: "Hybrid" }),
      offer("Kordan SR", { category: "Ute" }),
    ]),
    finance: null,
  };
  const blok = b("offers-listing", {
    show_special_offer: true,
    show_finance_tab: true,
    special_offer_heading: "Special offer",
    banner_colour: "#0b4f6c",
    offer_listing_banner_text: "Offers end soon",
    show_all_models: true,
    show_finance_card: true,
    finance_card_description: "Kestrel Finance",
  });

  it("renders the filter, sort form, cards, and the finance card at 2 (small) and 3 (large) without JavaScript", () => {
    const dom = parse(renderOnServer(stub([blok], data, "/?category=SUV", "au", createServerStub)));
    expect([...dom.querySelectorAll(".listing__filter a")].map((a) => a.textContent)).toEqual(["Show All", "SUV", "HEV", "Ute"]);
    expect(dom.querySelector('.listing__filter a[aria-current="true"]')!.textContent).toBe("SUV");
    expect(dom.querySelector(".listing__filter a")!.getAttribute("href")).toBe("/");
    const form = dom.querySelector("form.offers-listing__sort")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.querySelector<HTMLInputElement>('input[name="category"]')!.value).toBe("SUV");
    expect([...form.querySelectorAll("option")].map((o) => o.getAttribute("value"))).toEqual(["alphabetical", "priceHigh", "priceLow"]);
    expect(dom.querySelectorAll(".offer-card")).toHaveLength(1);
    const card = dom.querySelector(".offer-card")!;
    expect(card.querySelectorAll(".offer-card__features li")).toHaveLength(4);
    expect(card.querySelector(".offer-card__actions a")!.getAttribute("href")).toBe("/au/config/line?model=Tarrak GX");
    // The tabs work without JavaScript: a radio group, the first choice checked, a panel for each.
    const radios = [...card.querySelectorAll<HTMLInputElement>('[role="radiogroup"] input[type="radio"]')];
    expect(radios.map((r) => card.querySelector(`label[for="${r.id}"]`)!.textContent)).toEqual(["Offer", "Finance"]);
    expect(radios.map((r) => r.hasAttribute("checked"))).toEqual([true, false]);
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect([...card.querySelectorAll(".offer-card__panel")].map((p) => p.className)).toEqual(["offer-card__panel offer-card__panel--offer", "offer-card__panel offer-card__panel--finance"]);
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe("Sort");
    expect(card.querySelector(".offer-card__offer-text")!.textContent).toBe("Tarrak GX ABN offer");
    expect(card.querySelectorAll("details summary").length).toBe(2);
    const all = parse(renderOnServer(stub([blok], data, "/", "au", createServerStub)));
    const classes = [...all.querySelectorAll(".offers-listing__items > li")].map((li) => li.className);
    expect(classes[1]).toContain("offers-finance-card--small");
    expect(classes[3]).toContain("offers-finance-card--large");
    expect(all.querySelector(".offers-listing__banner")!.getAttribute("style")).toContain("background-color:#0b4f6c");
  });

  it("has no finance card in NZ", () => {
    const dom = parse(renderOnServer(stub([blok], data, "/", "nz", createServerStub)));
    expect(dom.querySelector(".offers-finance-card")).toBeNull();
  });

  it("with JavaScript: the same tabs, and a sort that applies in place (no button) and is tracked", async () => {
    render(stub([blok], data));
    const tabs = await screen.findAllByRole("radio");
    expect(tabs.map((t) => t.closest(".offer-card")!.querySelector(`label[for="${t.id}"]`)!.textContent).slice(0, 2)).toEqual(["Offer", "Finance"]);
    fireEvent.click(screen.getAllByText("Finance", { selector: "label" })[0]!);
    expect((tabs[1] as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(document.querySelector('form.offers-listing__sort button[type="submit"]')).toBeNull());
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "priceLow" } });
    expect(window.location.search).toBe("?sort=priceLow");
    expect(window.dataLayer?.at(-1)).toMatchObject({ event: "offer_sort", sort: "priceLow" });
    fireEvent.click(screen.getByText("HEV"));
    expect([...document.querySelectorAll(".offer-card__name")].map((n) => n.textContent)).toEqual(["Solenne Hybrid"]);
  });
});

describe("offers loader on the fixture content", () => {
  let loader: typeof import("~/blocks/offers-listing/loader.server").loader;
  beforeAll(async () => {
    ({ loader } = await import("~/blocks/offers-listing/loader.server"));
  }, 60_000);
  it("lists clearance models only unless show_all_models, with categories and finance offers", async () => {
    const request = new Request("http://localhost/au/offers");
    const clearance = await loader(blockLoaderArgs({ blok: { _uid: "x", component: "offers-listing" }, country: "au", request }));
    expect(clearance.models.map((m) => m.name)).toEqual(["Corvale Urban Run-out"]);
    const all = await loader(blockLoaderArgs({ blok: { _uid: "x", component: "offers-listing", show_all_models: true }, country: "au", request }));
    expect(all.models.length).toBeGreaterThan(10);
    expect(new Set(all.models.map((m) => m.category))).toEqual(new Set(["SUV", "Ute", "Hatch", "Hybrid"]));
    expect(all.models.find((m) => m.name === "Corvale Sport")!.financeOffers[0]!.text).toMatch(/2\.99% p\.a\./);
  }, 30_000);

  it("sends only what a card reads: no colours, features or descriptions in the page's data", async () => {
    const request = new Request("http://localhost/au/offers");
    const all = await loader(blockLoaderArgs({ blok: { _uid: "x", component: "offers-listing", show_all_models: true }, country: "au", request }));
    // Exactly the card's vehicle fields (OFFER_VEHICLE_FIELDS) and the listing's own.
    expect(Object.keys(all.models[0]!).sort()).toEqual([...OFFER_VEHICLE_FIELDS, "category", "lineName", "financeOfferText", "financeOffers", "nameOrder"].sort());
    for (const heavy of ["colours", "features", "description"]) expect(all.models[0]).not.toHaveProperty(heavy);
    // The A to Z places the browser sorts by are the server's collation of the names.
    const byPlace = [...all.models].sort((a, b) => a.nameOrder - b.nameOrder).map((m) => m.name);
    expect(byPlace).toEqual(all.models.map((m) => m.name).sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(new Set(all.models.map((m) => m.nameOrder)).size).toBe(all.models.length);
  }, 30_000);
});
