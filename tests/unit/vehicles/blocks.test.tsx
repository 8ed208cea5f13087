// @vitest-environment happy-dom
import "../support/load-blocks";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Blocks } from "~/blocks/blocks";
import { createPageMemo } from "~/lib/page-memo";
import type { Blok, Country } from "~/content/schema";
import { FinancePanel } from "~/features/finance/components/finance-panel";
import type { AuState } from "~/lib/au-states";
import { SiteProvider } from "~/features/site-state/site-context";
import { blockLoaderArgs } from "../support/block-loader-args";
import { RoutePage } from "../support/route-page";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
delete process.env.FINANCE_PARTNER_URL;

let loaders: typeof import("~/blocks/vehicle-data.server");
beforeAll(async () => {
  loaders = await import("~/blocks/vehicle-data.server");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TARRAK = "88ddbbf5-bcc6-472f-8e3c-57a0b8a211de";
const CORVALE = "02cdeefd-de9e-49cb-b4bf-a5afe72b8049";
const KORDAN = "51be349c-cc9d-47d0-97e0-a41b71912871";
let n = 0;
const blok = (component: string, fields: Record<string, unknown>): Blok => ({ _uid: `uid-${component}-${++n}-0000`, component, ...fields }) as Blok;

interface Buyer {
  country: Country;
  auState?: AuState;
  isABN?: boolean;
  search?: string;
}

/** Renders bloks with the data their real loaders return for the buyer (cookies). */
async function renderWithData(bloks: Blok[], buyer: Buyer, extra?: ReactNode) {
  const cookie = buyer.country === "au" ? `auState=${buyer.auState ?? "VIC"}; isABN=${String(buyer.isABN ?? true)}` : "";
  const request = new Request(`http://localhost/${buyer.country}/x${buyer.search ?? ""}`, { headers: { Cookie: cookie } });
  const blockData: Record<string, unknown> = {};
  const once = createPageMemo(); // one page: its blocks share work, as under loadBlockData
  for (const b of bloks) {
    const loader = b.component.startsWith("accessories") ? loaders.accessoriesBlockLoader : loaders.vehicleBlockLoader;
    blockData[b._uid] = await loader(blockLoaderArgs({ blok: b as Blok & Record<string, unknown>, country: buyer.country, request }, once));
  }
  const Stub = createRemixStub([
    {
      id: "page",
      path: "/x",
      loader: () => ({ blockData }),
      Component: () => (
        <RoutePage>
          <SiteProvider value={{ country: buyer.country, auState: buyer.auState ?? "VIC", isABN: buyer.isABN ?? true }}>
            <Blocks bloks={bloks} />
            {extra}
          </SiteProvider>
        </RoutePage>
      ),
    },
  ]);
  render(<Stub initialEntries={[`/x${buyer.search ?? ""}`]} />);
  await screen.findAllByText(/.+/, { selector: "section *" });
}

describe("model-range", () => {
  it("shows the line's models by price for the buyer; a swatch changes the price and the image", async () => {
    await renderWithData([blok("model-range", { model_line: TARRAK })], { country: "au", auState: "NSW", isABN: false });
    const cards = await screen.findAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Tarrak GX", "Tarrak GXL", "Tarrak Summit"]);
    const gx = cards[0];
    expect(gx.querySelector("[data-price]")!.textContent).toBe("$53,280");
    expect(within(gx).getByRole("link", { name: /New South Wales \| Private/ })).toBeTruthy();
    fireEvent.click(within(gx).getByRole("link", { name: "Basalt Black" }));
    await waitFor(() => expect(gx.querySelector("[data-price]")!.textContent).toBe("$53,970"));
    expect(gx.querySelector(".model-card__media img")!.getAttribute("src")).toContain("tarrak-basalt-black");
    expect(within(gx).getByRole("link", { name: "Basalt Black" }).getAttribute("aria-current")).toBe("true");
  });
  it("shows server-computed finance panels when the block asks for them", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderWithData([blok("model-range", { model_line: TARRAK, show_finance_from_text: true })], { country: "au" });
    const gx = (await screen.findAllByRole("article"))[0];
    const panel = gx.querySelector("[data-finance-state=ready]")!;
    expect(panel.querySelector("[data-finance-weekly]")!.textContent).toMatch(/^\$\d+\.\d{2}$/);
    expect(panel.textContent).toContain("Indicative rate8.99% p.a.");
    expect(panel.textContent).toContain("20% deposit | 60 month term | Balloon payment | Total amount repayable");
  });
});

describe("model-range-tabs", () => {
  it("hides clearance models, selects the first and switches on click", async () => {
    await renderWithData([blok("model-range-tabs", { model_line: CORVALE })], { country: "au" });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Urban", "Sport"]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").querySelector("h3")!.textContent).toBe("Corvale Urban");
    fireEvent.click(tabs[1]);
    await waitFor(() => expect(screen.getByRole("tabpanel").querySelector("h3")!.textContent).toBe("Corvale Sport"));
    for (const name of ["Enquire Now", "Download Brochure", "Build Your Own"]) expect(screen.getByRole("link", { name })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Build Your Own" }).getAttribute("href")).toBe("/au/config/corvale?model=Sport");
  });
});

describe("compare-grid", () => {
  it("adds through 'Select a Vehicle' until none is left (the modal then closes) and removes", async () => {
    await renderWithData([blok("compare-grid", { model_lines: [TARRAK], initial_count: "1" })], { country: "au" });
    const cards = () => document.querySelectorAll(".compare-card[data-model]");
    expect(cards()).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: /Add A Vehicle/ }));
    const dialog = await screen.findByRole("dialog", { name: "Select a Vehicle" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Tarrak GXL" }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole("dialog", { name: "Select a Vehicle" })).toBeTruthy();
    fireEvent.click(within(screen.getByRole("dialog", { name: "Select a Vehicle" })).getByRole("button", { name: "Tarrak Summit" }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(document.querySelector(".compare-modal.modal--open")).toBeNull();
    expect(screen.queryByRole("button", { name: /Add A Vehicle/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Tarrak GX" }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getAllByRole("link", { name: /Book a test drive/ })[0].getAttribute("href")).toBe("/au/test-drive?model=tarrak");
  });
});

describe("colour-selector", () => {
  it("marks the chosen colour with a contrasting checkmark and its price", async () => {
    await renderWithData([blok("colour-selector", { model_line: TARRAK })], { country: "au" });
    const black = await screen.findByRole("link", { name: "Basalt Black" });
    fireEvent.click(black);
    await waitFor(() => expect(black.getAttribute("aria-current")).toBe("true"));
    expect(black.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(document.querySelector(".colour-selector__name")!.textContent).toBe("Basalt Black + $690");
  });
});

describe("accessories", () => {
  it("lists 6 with Load more and the AU price; NZ shows the dealer text", async () => {
    await renderWithData([blok("accessories-listing", { model_line: KORDAN })], { country: "au" });
    expect(await screen.findByText("Showing 6 of 16 accessories")).toBeTruthy();
    expect(document.querySelectorAll(".accessory-card")).toHaveLength(6);
    expect(screen.getByRole("link", { name: "Load more" }).getAttribute("href")).toMatch(/\?pages=2#/);
    expect(document.querySelector(".accessory-card__price")!.textContent).toMatch(/^\$\d[\d,]*\.\d{2} Fitted RRP$/);
    cleanup();
    await renderWithData([blok("accessories-carousel", { model_line: KORDAN })], { country: "nz" });
    expect(document.querySelector(".accessory-card__price")!.textContent).toBe("Contact your Dealer to confirm Pricing and Compatibility");
  });
});

describe("car-detail-page", () => {
  it("shows the chosen model, its offer text for the buyer and, in NZ, the clean car programme", async () => {
    await renderWithData([blok("car-detail-page", { model_line: TARRAK, model: "GXL" })], { country: "au", isABN: false });
    expect((await screen.findByRole("heading", { level: 2 })).textContent).toBe("Tarrak GXL");
    cleanup();
    await renderWithData([blok("car-detail-page", { model_line: TARRAK })], { country: "nz" });
    expect(document.querySelector(".car-detail__clean-car")!.textContent).toMatch(/^Clean car programme: /);
  });
});

describe("FinancePanel", () => {
  const vehicle = { nvicCode: "KC447F", make: "Kestrel", model: "Corvale", variant: "Sport", subModel: "" };
  const answer = {
    error: false,
    quoteDetails: {
      repaymentSchedules: [{ instalmentFrequency: "Weekly", totalAmount: 199.99 }],
      programDetails: { rateDetails: { customerRate: 8.99, comparisonRate: 10.25 } },
      financedAmount: 36787,
    },
  };
  function renderPanel(node: ReactNode) {
    const Stub = createRemixStub([{ path: "/", Component: () => <SiteProvider value={{ country: "au" }}>{node}</SiteProvider> }]);
    render(<Stub />);
  }

  it("asks the quote API for a price the server did not quote, with a skeleton meanwhile", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    renderPanel(<FinancePanel quote={{ state: "failed", summary: "", price: 40000 }} price={45490} vehicle={vehicle} />);
    await waitFor(() => expect(document.querySelector("[data-finance-state=loading]")).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/angleGenericQuote/");
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ assetPurchasePrice: 45490, depositAmount: 9098, balloon: { balloonAmount: 9098 }, financeTermInMonths: 60 });
    await act(async () => resolve(Response.json(answer)));
    await waitFor(() => expect(document.querySelector("[data-finance-weekly]")?.textContent).toBe("$199.99"));
  });
  it("shows the card message and 'Find a dealer' when the quote fails, and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ error: true }, { status: 502 }));
    renderPanel(<FinancePanel quote={{ state: "none" }} price={45490} vehicle={vehicle} />);
    expect(document.querySelector(".finance-panel")).toBeNull();
    cleanup();
    renderPanel(<FinancePanel quote={{ state: "failed", summary: "", price: 1 }} price={45490} vehicle={vehicle} />);
    expect(await screen.findByText(/Unfortunately, we can't get you a finance estimate right now\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find a dealer" }).getAttribute("href")).toBe("/au/dealer-locator");
    expect(log).toHaveBeenCalled();
  });
});
