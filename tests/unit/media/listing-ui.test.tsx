// @vitest-environment happy-dom
import "../support/load-blocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Listing } from "~/features/news/components/listing";
import type { ListingItem, ListingState } from "~/features/news/listing";
import { parse, renderLive, renderStatic } from "../blocks/render";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (n: number): ListingItem => ({
  uuid: `u${n}`,
  href: `/au/news/a${n}`,
  title: `Article ${n}`,
  summary: "",
  image: null,
  date: "5th Mar 2025",
  categories: "Technology",
  place: "",
});
const state = (over: Partial<ListingState> = {}): ListingState => ({
  category: "",
  page: 1,
  items: [1, 2, 3, 4, 5, 6].map(item),
  total: 8,
  failed: false,
  exhausted: false,
  ...over,
});
const categories = [
  { label: "All news", value: "" },
  { label: "Technology", value: "technology" },
];
const props = { kind: "news" as const, country: "au" as const, categories, filterLabel: "Filter news", loadMoreLabel: "Load more", idPrefix: "n" };

describe("news listing", () => {
  it("renders the filter and Load more as links without JavaScript", () => {
    const dom = parse(renderStatic(<Listing {...props} initial={state()} />));
    expect([...dom.querySelectorAll(".listing__filter a")].map((a) => a.getAttribute("href"))).toEqual(["/?category=&page=1", "/?category=technology&page=1"]);
    expect(dom.querySelector('.listing__filter a[aria-current="true"]')!.textContent).toBe("All news");
    expect(dom.querySelector(".listing__more a")!.getAttribute("href")).toBe("/?category=&page=2#n-item-7");
    expect(dom.querySelectorAll(".listing-card")).toHaveLength(6);
  });

  it("hides Load more once everything is loaded, and shows the messages", () => {
    expect(parse(renderStatic(<Listing {...props} initial={state({ total: 6 })} />)).querySelector(".listing__more")).toBeNull();
    const empty = parse(renderStatic(<Listing {...props} initial={state({ items: [], total: 0 })} />));
    expect(empty.querySelector('[role="status"]')!.textContent).toBe("Could not find any news articles.");
    const failed = parse(renderStatic(<Listing {...props} initial={state({ items: [], failed: true })} />));
    expect(failed.querySelector('[role="status"]')!.textContent).toBe("Error fetching news articles.");
    const events = parse(renderStatic(<Listing {...props} kind="events" initial={state({ page: 2, total: 6, exhausted: true })} />));
    expect(events.querySelector('[role="status"]')!.textContent).toBe("Could not find any more events.");
    expect(events.querySelector(".listing__filter")).toBeNull();
  });

  it("with JavaScript, Load more appends the next page and the filter resets to page 1", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn((url: string) => {
      void url;
      return new Promise<Response>((r) => (resolve = r));
    });
    vi.stubGlobal("fetch", fetchMock);
    renderLive(<Listing {...props} initial={state()} />);
    fireEvent.click(await screen.findByText("Load more"));
    expect(await screen.findByText("Loading news articles...")).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/listing/news?country=au&category=&page=2");
    resolve(Response.json({ items: [item(7), item(8)], total: 8 }));
    await waitFor(() => expect(document.querySelectorAll(".listing-card")).toHaveLength(8));
    expect(document.querySelector(".listing__more")).toBeNull();
    expect(window.location.search).toBe("?category=&page=2");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Article 7"));

    fireEvent.click(screen.getByText("Technology", { selector: "a" }));
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/listing/news?country=au&category=technology&page=1");
    resolve(Response.json({ items: [item(9)], total: 1 }));
    await waitFor(() => expect(document.querySelectorAll(".listing-card")).toHaveLength(1));
    expect(window.location.search).toBe("?category=technology&page=1");
    expect(document.querySelector('.listing__filter a[aria-current="true"]')!.textContent).toBe("Technology");
  });

  it("shows the error message when a fetch fails", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("x", { status: 502 })));
    renderLive(<Listing {...props} initial={state()} />);
    fireEvent.click(await screen.findByText("Load more"));
    expect(await screen.findByText("Error fetching news articles.")).toBeTruthy();
    expect(document.querySelectorAll(".listing-card")).toHaveLength(6);
  });
});
