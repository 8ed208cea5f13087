// @vitest-environment happy-dom
import "../support/load-blocks";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Blocks } from "~/blocks/blocks";
import type { Blok } from "~/content/schema";
import { firstTiles, shouldPause, slugify, tileVisibilityClasses } from "~/features/media/video";
import { selectVideo, videoListingSearch } from "~/features/media/video-listing";
import { SiteProvider } from "~/features/site-state/site-context";
import { asset, b, parse, renderBlocks } from "../blocks/render";
import { RoutePage } from "../support/route-page";
import { createServerStub, renderOnServer } from "../support/server-stub";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function routes(bloks: Blok[]) {
  return [
    {
      path: "/",
      Component: () => (
        <RoutePage>
          <SiteProvider value={{ country: "au" }}>
            <Blocks bloks={bloks} />
          </SiteProvider>
        </RoutePage>
      ),
    },
  ];
}

function stubAt(url: string, bloks: Blok[]) {
  const Stub = createRemixStub(routes(bloks));
  return <Stub initialEntries={[url]} />;
}

/** Server markup at `url` (what a visitor without JavaScript gets). */
function serverMarkupAt(url: string, bloks: Blok[]) {
  const Stub = createServerStub(routes(bloks));
  return renderOnServer(<Stub initialEntries={[url]} />);
}

const video = asset("kestrel-drive.mp4", "");
const captions = asset("kestrel-drive.vtt");

describe("video rules", () => {
  it("pauses when hidden or under 30 percent visible", () => {
    expect(shouldPause({ hidden: true, visibleRatio: 1 })).toBe(true);
    expect(shouldPause({ hidden: false, visibleRatio: 0.29 })).toBe(true);
    expect(shouldPause({ hidden: false, visibleRatio: 0.3 })).toBe(false);
  });
  it("slugifies headings and keeps the first 5 tiles", () => {
    expect(slugify("Tarrak: Towing & Trailers 101")).toBe("tarrak-towing-and-trailers-101");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
    expect(firstTiles([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
    expect(tileVisibilityClasses({ showDesktop: false, showMobile: true })).toEqual(["hide-desktop"]);
    expect(tileVisibilityClasses({})).toEqual([]);
  });
  it("selects the named video, else the hero video, else the first", () => {
    const v = (heading: string) => ({ heading, video: { filename: "/media/x.mp4" } });
    const models = [
      { heading: "Tarrak", heroVideo: { filename: "/media/h.mp4" }, videoCategories: [{ videos: [v("Walkaround"), v("Towing")] }] },
      { heading: "Mirra", videoCategories: [{ videos: [v("City"), v("Parking")] }] },
    ];
    expect(selectVideo(models, {}).model).toBeNull();
    expect(selectVideo(models, { model: "nope" }).model).toBeNull();
    expect(selectVideo(models, { model: "tarrak", video: "towing" }).video?.heading).toBe("Towing");
    expect(selectVideo(models, { model: "tarrak" }).video).toBeNull();
    expect(selectVideo(models, { model: "mirra" })).toMatchObject({ videoSlug: "city", modelSlug: "mirra" });
    expect(videoListingSearch("mirra", "city", new URLSearchParams("a=1&video=x"))).toBe("?a=1&model=mirra&video=city");
  });
});

describe("video blocks", () => {
  it("owners-club-event-detail: captions come from their own asset field, never from the video's name", () => {
    // Storyblok keeps every upload in a folder of its own: the .vtt is not beside the video.
    const sbVideo = { filename: "https://a-ap.storyblok.com/f/4242/1a2b3c4d5e/kestrel-drive.mp4", alt: "", fieldtype: "asset" as const };
    const sbCaptions = { filename: "https://a-ap.storyblok.com/f/4242/9f8e7d6c5b/kestrel-drive.vtt", alt: "", fieldtype: "asset" as const };
    const event = (fields: Record<string, unknown>) => parse(renderBlocks([b("owners-club-event-detail", { heading: "Coromandel loop", ...fields })]));
    const captioned = event({ featured_media: sbVideo, captions: sbCaptions });
    expect(captioned.querySelector('video track[kind="captions"]')?.getAttribute("src")).toBe(sbCaptions.filename);
    expect(event({ featured_media: sbVideo }).querySelector("video track")).toBeNull();
  });
  it("video-banner: captioned, named, never autoplays in the server markup", () => {
    const dom = parse(renderBlocks([b("video-banner", { heading: "Long way round", video, captions, autoplay: true })]));
    const el = dom.querySelector("video")!;
    expect(el.getAttribute("aria-label")).toBe("Long way round");
    expect(el.hasAttribute("autoplay")).toBe(false);
    expect(el.hasAttribute("controls")).toBe(true);
    expect(el.querySelector('track[kind="captions"]')!.getAttribute("src")).toBe("/media/kestrel-drive.vtt");
  });

  it("video-grid: slides at least 550 px high", () => {
    const dom = parse(renderBlocks([b("video-grid", { heading: "Range", items: [b("video-grid-item", { heading: "One", video }), b("video-grid-item", { heading: "Two", video })] })]));
    const slides = [...dom.querySelectorAll<HTMLElement>(".video-grid__slide")];
    expect(slides).toHaveLength(2);
    expect(slides.every((s) => s.getAttribute("style")?.includes("min-height:550px"))).toBe(true);
  });

  it("video-tiles: first 5, visibility classes, links without JavaScript, a full-screen modal with it", async () => {
    const tiles = Array.from({ length: 7 }, (_, i) =>
      b("video-tile", { heading: `Tile ${i + 1}`, video, videoThumbnail: asset("hero-home.jpg"), showDesktop: i !== 1, showMobile: i !== 2 }),
    );
    const dom = parse(renderBlocks([b("video-tiles", { heading: "Stories", tiles })]));
    const items = [...dom.querySelectorAll(".video-tile")];
    expect(items.map((t) => t.querySelector(".video-tile__heading")!.textContent)).toEqual(["Tile 1", "Tile 2", "Tile 3", "Tile 4", "Tile 5"]);
    expect(items[1]!.className).toContain("hide-desktop");
    expect(items[2]!.className).toContain("hide-mobile");
    expect(items[0]!.querySelector("a")!.getAttribute("href")).toBe("/media/kestrel-drive.mp4");

    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    render(stubAt("/", [b("video-tiles", { heading: "Stories", tiles })]));
    fireEvent.click(await screen.findByText("Tile 3"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.className).toContain("modal--full-screen");
    expect(dialog.querySelector("video")!.getAttribute("src")).toBe("/media/kestrel-drive.mp4");
  });

  it("video-listing: cards without a model; a model's view from ?model=&video=", async () => {
    const lv = (heading: string) => b("video-listing-video", { heading, video, captions, image: asset("thumb-video-drive.jpg") });
    const listing = b("video-listing", {
      heading: "Library",
      videoListingItems: [
        b("video-listing-item", { heading: "Tarrak", subHeading: "SUV", videoCategories: [b("video-category", { heading: "How to", videos: [lv("Walkaround"), lv("Towing 101")] })] }),
        b("video-listing-item", { heading: "Mirra", videoCategories: [b("video-category", { heading: "City", videos: [lv("Parking")] })] }),
      ],
    });
    const cards = parse(serverMarkupAt("/", [listing]));
    expect([...cards.querySelectorAll(".video-listing__card-heading a")].map((a) => a.getAttribute("href"))).toEqual([
      expect.stringMatching(/^\/\?model=tarrak#video-listing-player-/),
      expect.stringMatching(/^\/\?model=mirra#/),
    ]);
    const model = parse(serverMarkupAt("/?model=tarrak&video=towing-101", [listing]));
    expect(model.querySelector(".video-listing__model-heading")!.textContent).toBe("Towing 101");
    expect(model.querySelector('[aria-current="true"]')!.textContent).toBe("Towing 101");

    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(stubAt("/?model=tarrak", [listing]));
    fireEvent.click(await screen.findByText("Towing 101"));
    await waitFor(() => expect(document.querySelector(".video-listing__model-heading")!.textContent).toBe("Towing 101"));
    expect(window.location.search).toBe("?model=tarrak&video=towing-101");
    await waitFor(() => expect(scroll).toHaveBeenCalled());
  });
});

describe("image-carousel download", () => {
  it("is a form post of the images without JavaScript", () => {
    const dom = parse(renderBlocks([b("image-carousel", { heading: "Photos", allow_download: true, images: [asset("a.jpg", "A"), asset("b.jpg", "B")] })]));
    const form = dom.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/api/download/index");
    expect(form.getAttribute("method")).toBe("post");
    expect([...form.querySelectorAll<HTMLInputElement>('input[name="images"]')].map((i) => i.value)).toEqual(["/media/a.jpg", "/media/b.jpg"]);
    expect(parse(renderBlocks([b("image-carousel", { images: [asset("a.jpg")] })])).querySelector("form")).toBeNull();
  });

  it("posts JSON with JavaScript and only logs a failure", async () => {
    const fetchMock = vi.fn(async () => new Response("no", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(stubAt("/", [b("image-carousel", { heading: "Photos", allow_download: true, download_label: "Download all", images: [asset("a.jpg", "A")] })]));
    fireEvent.click(await screen.findByText("Download all"));
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to download images", expect.anything()));
    expect(fetchMock).toHaveBeenCalledWith("/api/download/index", expect.objectContaining({ method: "POST", body: JSON.stringify({ images: ["/media/a.jpg"] }) }));
    vi.unstubAllGlobals();
  });
});
