// @vitest-environment happy-dom
// The store-locator block in the browser: combobox, 'Use my location', selection, analytics.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Country } from "~/content/schema";
import { stub } from "./locator-ui";

// Pages change by document navigation (app/islands/page-location.ts): the block asks for the next
// page, which the test then opens as a new page.
const navigations = vi.hoisted(() => [] as string[]);
vi.mock("~/islands/page-location", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/islands/page-location")>()),
  navigateTo: (href: string) => void navigations.push(href),
}));

/** Plain links navigate the document: the test reads where to, and keeps happy-dom where it is. */
function followLink(link: HTMLElement): string {
  const href = link.getAttribute("href")!;
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  const stop = (e: Event) => e.preventDefault();
  document.addEventListener("click", stop);
  try {
    link.dispatchEvent(event);
  } finally {
    document.removeEventListener("click", stop);
  }
  return href;
}

beforeEach(() => {
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
  navigations.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("store-locator with JavaScript", () => {
  async function open(search: string, country: Country = "au") {
    const { Stub, loader } = stub(country);
    render(<Stub initialEntries={[`/${country}/dealer-locator${search}`]} />);
    await screen.findByTestId("static-map");
    return { loader };
  }

  it("suggests places as the visitor types (an accessible combobox) and searches the one picked with the keyboard", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      Response.json({
        suggestions: [
          { label: "Richmond, VIC 3121", postcode: "3121", kind: "place", lat: -37.818, lng: 144.998 },
          { label: "Kestrel Richmond, Richmond", postcode: "3121", kind: "dealer", dealerCode: "RICH", lat: -37.8225, lng: 144.9992 },
        ],
        url,
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await open("");
    const input = await screen.findByRole("combobox", { name: "Suburb, town or postcode" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.change(input, { target: { value: "ric" } });
    const listbox = await screen.findByRole("listbox", { name: "Suggested places" }, { timeout: 2000 });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/places?country=au&q=ric");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(listbox.id);
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Richmond, VIC 3121", "Kestrel Richmond, Richmond"]);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1].id);
    expect(options[1].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(navigations).toEqual(["/au/dealer-locator?q=Kestrel+Richmond%2C+Richmond&dealer=RICH#dealer-RICH"]));
    // The next page: results mode, the picked dealer, with Back.
    cleanup();
    await open("?q=Kestrel+Richmond%2C+Richmond&dealer=RICH");
    expect(await screen.findByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("closes the suggestions with Escape", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ suggestions: [{ label: "Hamilton Central, Waikato 3204", postcode: "3204", kind: "place", lat: -37.787, lng: 175.279 }] })));
    await open("", "nz");
    const input = await screen.findByRole("combobox");
    fireEvent.change(input, { target: { value: "Hamil" } });
    await screen.findByRole("option", {}, { timeout: 2000 });
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("'Use my location' searches around the browser's position", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: -37.81, longitude: 144.96 } } as GeolocationPosition) },
    });
    await open("");
    fireEvent.click(await screen.findByRole("button", { name: "Use my location" }));
    await waitFor(() => expect(navigations).toEqual(["/au/dealer-locator?lat=-37.81&lng=144.96#dealer-results"]));
    cleanup();
    await open("?lat=-37.81&lng=144.96");
    expect(await screen.findByRole("heading", { name: "Dealers near your location" })).toBeTruthy();
  });

  it("logs a geolocation failure and returns the button to normal", async () => {
    let fail: PositionErrorCallback = () => {};
    vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition: (_ok: PositionCallback, err: PositionErrorCallback) => void (fail = err) } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await open("");
    const button = await screen.findByRole("button", { name: "Use my location" });
    fireEvent.click(button);
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    act(() => fail({ code: 1, message: "User denied Geolocation" } as GeolocationPositionError));
    expect(warn).toHaveBeenCalledWith("[dealer locator] Geolocation failed:", "User denied Geolocation");
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
    expect(navigations).toEqual([]);
  });

  it("pushes find_a_dealer_search once per search, not when a dealer is selected", async () => {
    await open("?q=3121");
    const events = () => ((window as unknown as { dataLayer: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === "find_a_dealer_search");
    await waitFor(() => expect(events()).toEqual([{ event: "find_a_dealer_search", search_term: "3121", result_count: 2, country: "au" }]));
    // Selecting a dealer is a plain link to the same search with the dealer.
    expect(followLink(screen.getByRole("link", { name: "Kestrel Dandenong" }))).toBe("/au/dealer-locator?q=3121&dealer=DAND#dealer-DAND");
    expect(events()).toHaveLength(1);
    // Back is a GET form to the page without parameters.
    cleanup();
    await open("");
    await screen.findByRole("heading", { name: "All Kestrel dealers" });
    expect(events()).toHaveLength(1);
  });

  // Selecting a dealer loads a new page: it must not count as a search.
  it("does not count the search again on the page of a dealer selected from its results", async () => {
    await open("?q=3121&dealer=DAND");
    await screen.findByRole("button", { name: "Back" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const events = ((window as unknown as { dataLayer: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === "find_a_dealer_search");
    expect(events).toEqual([]);
  });

  it("selects a dealer from its map marker", async () => {
    await open("?q=3121");
    expect(followLink(screen.getByRole("link", { name: "Kestrel Dandenong, Dandenong VIC" }))).toBe("/au/dealer-locator?q=3121&dealer=DAND#dealer-DAND");
    cleanup();
    await open("?q=3121&dealer=DAND");
    expect(await screen.findByRole("heading", { level: 2, name: "Kestrel Dandenong" })).toBeTruthy();
    const back = screen.getByRole("button", { name: "Back" }).closest("form")!;
    expect([back.getAttribute("method"), back.getAttribute("action"), back.querySelectorAll("input").length]).toEqual(["get", "/au/dealer-locator", 0]);
  });
});
