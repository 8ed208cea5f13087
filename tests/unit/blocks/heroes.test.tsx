// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asset, b, parse, renderBlocks, renderLive } from "./render";
import { HERO_AUTOPLAY_MS, HERO_SPEED_MS, HeroBanner } from "~/blocks/hero-banner/hero-banner";
import { schema } from "~/blocks/hero-banner/hero-banner.schema";
import { SLIM_HERO_HEIGHT } from "~/blocks/slim-hero-banner/slim-hero-banner";
import { openingIndex } from "~/components/visibility";
import { installIntersectionObserver } from "../support/intersection";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const slide = (heading: string, extra: Record<string, unknown> = {}) =>
  b("hero-slide", { heading, subHeading: `${heading} text`, image: asset("hero-home.jpg", heading), ...extra });
const hero = (slides: ReturnType<typeof slide>[], extra: Record<string, unknown> = {}) => b("hero-banner", { slides, ...extra });

describe("hero-banner", () => {
  it("uses the spec's autoplay 4000 ms and speed 800", () => {
    expect(HERO_AUTOPLAY_MS).toBe(4000);
    expect(HERO_SPEED_MS).toBe(800);
  });
  it("renders every slide of the visitor's country as a carousel that is a scrollable row without JavaScript", () => {
    const bloks = [hero([slide("One"), slide("Two"), slide("AU only", { locale: "au" }), slide("NZ only", { locale: "nz" })])];
    const au = parse(renderBlocks(bloks, "au"));
    expect([...au.querySelectorAll(".hero__heading")].map((h) => h.textContent)).toEqual(["One", "Two", "AU only"]);
    expect(au.querySelector('[aria-roledescription="carousel"]')).not.toBeNull();
    expect(au.querySelector(".carousel__track")!.getAttribute("tabindex")).toBe("0");
    const nz = parse(renderBlocks(bloks, "nz"));
    expect([...nz.querySelectorAll(".hero__heading")].map((h) => h.textContent)).toEqual(["One", "Two", "NZ only"]);
  });
  it("loads the first slide of the first hero eagerly with high priority, everything else lazily", () => {
    const dom = parse(renderBlocks([hero([slide("One"), slide("Two")]), hero([slide("Later")])]));
    const imgs = [...dom.querySelectorAll(".hero img")];
    expect(imgs.map((i) => i.getAttribute("loading"))).toEqual(["eager", "lazy", "lazy"]);
    expect(imgs.map((i) => i.getAttribute("fetchpriority"))).toEqual(["high", null, null]);
    expect(imgs[0].getAttribute("width")).toBe("1920");
    expect(imgs[0].getAttribute("height")).toBe("1080");
    // A hero under another block with an image does not open the page; under intro text it does.
    const lower = parse(renderBlocks([b("image-banner", { image: asset("banner-a.jpg") }), hero([slide("One")])]));
    expect(lower.querySelector(".hero img")!.getAttribute("loading")).toBe("lazy");
    const underText = parse(renderBlocks([b("text-content", {}), hero([slide("One")])]));
    expect(underText.querySelector(".hero img")!.getAttribute("loading")).toBe("eager");
    expect(underText.querySelector(".hero img")!.getAttribute("fetchpriority")).toBe("high");
  });
  it("shows a single slide without carousel controls, with h1 when asked", () => {
    const dom = parse(renderBlocks([hero([slide("Only", { buttons: [b("button", { label: "Go", link: "offers" })] })], { heading_level: "h1" })]));
    expect(dom.querySelector('[aria-roledescription="carousel"]')).toBeNull();
    expect(dom.querySelector("h1")!.textContent).toBe("Only");
    expect(dom.querySelector(".hero__buttons a")!.getAttribute("href")).toBe("/au/offers");
  });
  it("holds autoplay for prefers-reduced-motion", () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({ matches: query.includes("reduce"), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    const timeout = vi.spyOn(window, "setTimeout");
    const observer = installIntersectionObserver({ immediate: true });
    try {
      renderLive(<HeroBanner blok={schema.parse(hero([slide("One"), slide("Two")]))} />);
      expect(screen.getByRole("button", { name: "Pause slideshow" })).toBeTruthy();
      expect(timeout.mock.calls.filter(([, ms]) => ms === 4000)).toHaveLength(0);
    } finally {
      observer.restore();
    }
  });
  it("gives the section its scroll-to-id anchor", () => {
    expect(parse(renderBlocks([hero([slide("x")], { scroll_to_id: "#Top Offers" })])).querySelector("section")!.id).toBe("top-offers");
  });
});

describe("slim-hero-banner", () => {
  it("crops its image to a height of 480", () => {
    expect(SLIM_HERO_HEIGHT).toBe(480);
    const dom = parse(
      renderBlocks([b("slim-hero-banner", { heading: "Service", image: asset("banner-a.jpg", "A"), mobileImage: asset("tile-a.jpg", "A") })]),
    );
    const img = dom.querySelector(".slim-hero img")!;
    expect(img.getAttribute("height")).toBe("480");
    expect(dom.querySelector("source")!.getAttribute("height")).toBe("480");
    expect(dom.querySelector("h2")!.textContent).toBe("Service");
  });
});

describe("image-banner", () => {
  it("links the image, using the caption as its name when the image has no alt text", () => {
    const dom = parse(
      renderBlocks([b("image-banner", { image: asset("banner-a.jpg"), link: { linktype: "story", cached_url: "offers" }, caption: "The range" })], "nz"),
    );
    const a = dom.querySelector("figure a")!;
    expect(a.getAttribute("href")).toBe("/nz/offers");
    expect(a.querySelector("img")!.getAttribute("alt")).toBe("The range");
    expect(dom.querySelector("figcaption")!.textContent).toBe("The range");
  });
  it("renders nothing without an image", () => {
    expect(parse(renderBlocks([b("image-banner", { caption: "x" })])).querySelector("figure")).toBeNull();
  });
});

describe("sub-navigation", () => {
  it("is a named navigation of in-page anchors and country links", () => {
    const dom = parse(
      renderBlocks(
        [
          b("sub-navigation", {
            heading: "Tarrak",
            items: [
              b("sub-navigation-item", { label: "FAQ", link: "#faq" }),
              b("sub-navigation-item", { label: "Drive", link: { linktype: "story", cached_url: "test-drive" } }),
              b("sub-navigation-item", { label: "Nowhere" }),
              b("sub-navigation-item", { label: "AU", link: "offers", locale: "au" }),
            ],
          }),
        ],
        "nz",
      ),
    );
    const nav = dom.querySelector("nav")!;
    expect(nav.getAttribute("aria-label")).toBe("Tarrak");
    expect([...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["FAQ", "#faq"],
      ["Drive", "/nz/test-drive"],
    ]);
  });
});

describe("the blok that opens the page", () => {
  it("is the first top-level blok that is not text only", () => {
    expect(openingIndex([{ component: "hero-banner" }, { component: "text-content" }])).toBe(0);
    expect(openingIndex([{ component: "text-content" }, { component: "news-listing" }, { component: "hero-banner" }])).toBe(1);
    expect(openingIndex([{ component: "text-content" }])).toBe(-1);
    expect(openingIndex([])).toBe(-1);
  });
});
