// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startDocumentActions } from "~/components/document-actions";
import { wakePricingModalOnClick } from "~/features/pricing/pricing-opener";
import { followScroll } from "~/features/shell/page-scroll";
import { startSite } from "~/features/shell/site-runtime";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { onBuyerChoice, startBuyerChoice } from "~/features/site-state/buyer-choice";
import { parseCookies } from "~/features/site-state/cookies";
import { sharedPageStore } from "~/features/site-state/store";
import { FAILED_ATTRIBUTE } from "~/islands/early-clicks";
import { SHOWN_EARLY_ATTRIBUTE } from "~/features/pricing/components/pricing-location";

/**
 * The site's effects as the islands' entry starts them (site-runtime.ts): plain DOM code that
 * works before, and without, any island loading React.
 */

const stops: (() => void)[] = [];

function clearCookies() {
  for (const name of Object.keys(parseCookies(document.cookie))) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

beforeEach(() => {
  delete window.dataLayer;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

function click(target: Element): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  target.dispatchEvent(event);
  return event;
}

/** Keeps links from navigating the test's window (after the document's handlers). */
function holdNavigation() {
  const hold = (event: Event) => event.preventDefault();
  window.addEventListener("click", hold);
  stops.push(() => window.removeEventListener("click", hold));
}

describe("the page's scroll state (page-scroll.ts)", () => {
  it("marks the header floating and pinned and the sticky bar visible, on the elements, with no island loaded", async () => {
    document.body.innerHTML = `<div data-island="site-header"><header class="site-header"></header></div><nav class="sticky-bottom-bar"></nav>`;
    const header = document.querySelector(".site-header")!;
    const bar = document.querySelector(".sticky-bottom-bar")!;
    const at = (y: number) => {
      Object.defineProperty(window, "scrollY", { value: y, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    };
    vi.useFakeTimers();
    try {
      stops.push(followScroll());
      expect(header.hasAttribute("data-floating")).toBe(false);
      expect(bar.hasAttribute("data-visible")).toBe(false);
      at(800);
      expect(header.hasAttribute("data-floating")).toBe(true);
      expect(bar.hasAttribute("data-visible")).toBe(true);
      vi.advanceTimersByTime(100);
      at(600);
      vi.advanceTimersByTime(100);
      expect(header.hasAttribute("data-pinned")).toBe(true);
      at(0);
      vi.advanceTimersByTime(100);
      expect(header.hasAttribute("data-floating")).toBe(false);
      expect(header.hasAttribute("data-pinned")).toBe(false);
      expect(bar.hasAttribute("data-visible")).toBe(false);
    } finally {
      vi.useRealTimers();
      Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    }
  });
});

describe("startSite", () => {
  it("pushes one page view for the page, with its path and country", () => {
    document.title = "Offers | Kestrel";
    // This session has looked the AU state up already.
    sessionStorage.setItem("auStateLookup", "1");
    // A state stored on an earlier visit, other than the one the page was rendered with.
    localStorage.setItem("auState", "TAS");
    const site = { country: "au", auState: "VIC", isABN: true } as const;
    stops.push(startSite({ site, settings: DEFAULT_PAGE_SETTINGS, location: { pathname: "/au/offers", search: "?sort=priceLow" } }).stop);
    expect(window.dataLayer).toEqual([
      { event: "page_view", page_path: "/au/offers?sort=priceLow", page_location: window.location.href, page_title: "Offers | Kestrel", country: "au" },
    ]);
    // The page's one store (plain valtio, no React) holds the stored choice before any island runs.
    expect(sharedPageStore(site, DEFAULT_PAGE_SETTINGS).auState).toBe("TAS");
  });

  it("starts the effects once per document, however often it is called, and counts a client navigation once", () => {
    document.title = "Home";
    document.body.innerHTML = `<div data-island="site-header"><header class="site-header"><a class="site-header__logo" href="/nz"><img alt="Kestrel home"></a></header></div>`;
    const page = { site: { country: "nz" as const }, settings: DEFAULT_PAGE_SETTINGS, location: { pathname: "/nz", search: "" } };
    // The islands' entry and a layout that renders twice (StrictMode) both ask for the effects.
    const first = startSite(page);
    stops.push(first.stop);
    expect(startSite(page)).toBe(first);
    first.navigated(page.location);
    holdNavigation();
    click(document.querySelector("img")!);
    first.navigated({ pathname: "/nz/offers", search: "" });
    first.navigated({ pathname: "/nz/offers", search: "" });
    expect(window.dataLayer?.map((entry) => [entry.event, entry.page_path])).toEqual([
      ["page_view", "/nz"],
      ["logo_click", undefined],
      ["page_view", "/nz/offers"],
    ]);
  });
});

describe("the document's actions (document-actions.ts)", () => {
  it("reports the header's logo and a country switch as they are followed, once each", () => {
    document.body.innerHTML = `
      <div data-island="site-header"><header class="site-header"><a class="site-header__logo" href="/nz"><img alt="Kestrel home"></a></header></div>
      <a href="/api/set-location/au" data-country-switch-from="nz" data-country-switch-to="au">Australia</a>`;
    stops.push(startDocumentActions({ country: "nz" }));
    holdNavigation();
    click(document.querySelector("img")!);
    click(document.querySelector("[data-country-switch-to]")!);
    expect(window.dataLayer).toEqual([
      { event: "logo_click", country: "nz", link_url: "/nz" },
      { event: "country_switch", from_country: "nz", to_country: "au" },
    ]);
  });
});

/** A pricing link and the modal's waiting island, the opener started, navigation held. */
function pricingOpenerPage(): { opener: HTMLElement; island: HTMLElement } {
  document.body.innerHTML = `
    <a href="#configure-pricing" id="opener">Configure your pricing</a>
    <div data-island="pricing-modal" data-island-when="interaction" id="modal"></div>`;
  stops.push(wakePricingModalOnClick());
  holdNavigation();
  return { opener: document.getElementById("opener")!, island: document.getElementById("modal")! };
}

describe("the pricing opener (pricing-opener.ts)", () => {
  it("until the modal's island runs, a pricing link shows the server's copy at once and wakes the island", async () => {
    const { opener, island } = pricingOpenerPage();
    const clicks = vi.fn();
    opener.addEventListener("click", clicks);
    expect(click(opener).defaultPrevented).toBe(true);
    // Shown by its mark (modal.css) while the island loads; the island opens it in place and
    // drops the mark (pricing-modal-slot.tsx), so the click is not made again here.
    expect(island.hasAttribute(SHOWN_EARLY_ATTRIBUTE)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(island.hasAttribute(SHOWN_EARLY_ATTRIBUTE)).toBe(true);
  });

  it("an island that fails while waking leaves the link to open the server's copy as without JavaScript", async () => {
    const { opener, island } = pricingOpenerPage();
    const prevented: boolean[] = [];
    document.addEventListener("click", (event) => prevented.push(event.defaultPrevented));
    click(opener);
    // Its code fails before the wake-up resolves (start.ts marks it).
    island.setAttribute(FAILED_ATTRIBUTE, "");
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The mark is gone and the link clicked again, left to the browser (`:target`).
    expect(island.hasAttribute(SHOWN_EARLY_ATTRIBUTE)).toBe(false);
    expect(prevented).toEqual([true, false]);
  });
});

describe("the buyer's choice (buyer-choice.ts)", () => {
  it("tells of a stored choice other than the one the page was rendered with, and of none when they agree", () => {
    localStorage.setItem("auState", "TAS");
    const changed = vi.fn();
    const heard = vi.fn();
    const remove = onBuyerChoice(heard);
    sessionStorage.setItem("auStateLookup", "1");
    startBuyerChoice({ country: "au", rendered: { auState: "VIC", isABN: true } }, changed);
    expect(changed).toHaveBeenCalledWith({ auState: "TAS" });
    expect(heard).toHaveBeenCalledWith({ auState: "TAS" });
    // Mirrored into the cookie for the server's next render.
    expect(parseCookies(document.cookie).auState).toBe("TAS");
    changed.mockClear();
    startBuyerChoice({ country: "au", rendered: { auState: "TAS", isABN: true } }, changed);
    expect(changed).not.toHaveBeenCalled();
    remove();
  });

  it("looks the AU state up on a first visit with nothing stored, stores it and tells of it", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).startsWith("/api/location/")
        ? Response.json({ latitude: -33.87, longitude: 151.21 })
        : Response.json({ auState: "NSW" }),
    );
    const changed = vi.fn();
    startBuyerChoice({ country: "au", rendered: { auState: "VIC", isABN: true } }, changed);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith({ auState: "NSW" }));
    expect(localStorage.getItem("auState")).toBe("NSW");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
