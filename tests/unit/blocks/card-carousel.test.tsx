// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asset, b, doc, parse, renderLive, renderStatic } from "./render";
import { Card, type CardBlok } from "~/components/card";
import { cardSchema } from "~/components/card.schema";
import { Carousel, dotsAt, resolveResponsive, sliderOptions } from "~/components/carousel";
import { MEGA_MENU_OPEN_CLASS } from "~/components/use-mega-menu-open";
import { installIntersectionObserver } from "../support/intersection";

afterEach(() => {
  cleanup();
  document.body.className = "";
});

const card = (fields: Record<string, unknown>) => cardSchema.parse(b("card", fields)) as CardBlok;

describe("card schema", () => {
  it("takes span 1 to 3, also as Storyblok's string, and rejects anything else", () => {
    expect(card({ span: "2" }).span).toBe(2);
    expect(card({ span: "" }).span).toBeUndefined();
    expect(cardSchema.safeParse(b("card", { span: 4 })).success).toBe(false);
  });
});

describe("<Card>", () => {
  it("shows heading, sub-heading, image media and its buttons, linked as a whole", () => {
    const html = renderStatic(
      <Card
        blok={card({
          heading: "Tarrak",
          subHeading: "Large SUV",
          media: asset("tile-nav-tarrak.jpg", "Tarrak"),
          cardLink: { linktype: "story", cached_url: "models/suv/tarrak" },
          applyGradient: true,
          zoomOnHover: true,
          span: 2,
          ctaButton: [b("button", { label: "Build", link: "config/tarrak", size: "xs" })],
        })}
      />,
    );
    const root = parse(html).querySelector("article.card")!;
    expect(root.className).toContain("card--overlay");
    expect(root.className).toContain("card--gradient");
    expect(root.className).toContain("card--zoom");
    expect(root.getAttribute("data-span")).toBe("2");
    expect(root.querySelector(".card__link")!.getAttribute("href")).toBe("/au/models/suv/tarrak");
    expect(root.querySelector("img")!.getAttribute("alt")).toBe("Tarrak");
    expect(root.querySelector(".card__buttons a")!.getAttribute("href")).toBe("/au/config/tarrak");
    expect(root.textContent).toContain("Large SUV");
  });
  it("plays video media and puts the text below it; a watch link is a player behind a link", () => {
    const video = parse(renderStatic(<Card blok={card({ heading: "Film", media: asset("kestrel-drive.mp4", "A drive") })} />));
    expect(video.querySelector("video")!.getAttribute("src")).toBe("/media/kestrel-drive.mp4");
    expect(video.querySelector("article")!.className).toContain("card--stacked");
    const embed = parse(renderStatic(<Card blok={card({ heading: "Film", media: { filename: "https://www.youtube.com/watch?v=abc" } })} />));
    expect(embed.querySelector("a.media-embed")!.getAttribute("href")).toBe("https://www.youtube.com/watch?v=abc");
  });
  it("puts the text below the media in a slider when showBelowSlider is set", () => {
    const html = renderStatic(<Card blok={card({ heading: "x", media: asset("a.jpg"), showBelowSlider: true })} inSlider />);
    expect(parse(html).querySelector("article")!.className).toContain("card--below");
  });
  it("shows the popover as a details element", () => {
    const html = renderStatic(<Card blok={card({ heading: "x", popoverText: "Driveaway includes registration." })} />);
    const details = parse(html).querySelector("details.popover")!;
    expect(details.querySelector("summary")!.textContent).toContain("More information");
    expect(details.textContent).toContain("Driveaway includes registration.");
  });
  it("without JavaScript shows the flipped content after the front", () => {
    const html = renderStatic(<Card blok={card({ heading: "Corvale", showFlippedContent: true, flippedContent: doc("Back side") })} />);
    const root = parse(html).querySelector("article")!;
    expect(root.querySelector(".card__back")!.textContent).toContain("Back side");
    expect(root.querySelector("button")).toBeNull();
  });
  it("flips front and back on click and from the keyboard, moving focus", () => {
    renderLive(<Card blok={card({ heading: "Corvale", showFlippedContent: true, flippedContent: doc("Back side") })} />);
    const toggle = screen.getByRole("button", { name: "Show more: Corvale" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.querySelector("article")!.className).toContain("card--flipped");
    const back = screen.getByRole("button", { name: "Back: Corvale" });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back); // buttons handle Enter and Space as clicks
    expect(document.querySelector("article")!.className).not.toContain("card--flipped");
    expect(document.activeElement).toBe(toggle);
  });
  it("flips on a click anywhere on the tile, but not on its links or popover", () => {
    renderLive(
      <Card
        blok={card({
          heading: "Corvale",
          subHeading: "Seven seats",
          popoverText: "Driveaway includes registration.",
          ctaButton: [{ _uid: "b1", component: "button", label: "Explore", link: { linktype: "url", url: "#explore" } }],
          showFlippedContent: true,
          flippedContent: doc("Back side"),
        })}
      />,
    );
    const article = document.querySelector("article")!;
    fireEvent.click(screen.getByRole("link", { name: "Explore" }));
    fireEvent.click(article.querySelector("summary")!);
    expect(article.className).not.toContain("card--flipped");
    fireEvent.click(screen.getByText("Seven seats"));
    expect(article.className).toContain("card--flipped");
    expect(screen.getByRole("button", { name: "Show more: Corvale" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByText("Back side"));
    expect(article.className).not.toContain("card--flipped");
  });
  it("opens a video asset link in a video modal", async () => {
    renderLive(<Card blok={card({ heading: "Watch", cardLink: { linktype: "asset", url: "/media/kestrel-drive.mp4" } })} />);
    fireEvent.click(screen.getByRole("link", { name: "Watch" }));
    const dialog = await screen.findByRole("dialog", { name: "Watch" });
    expect(dialog.querySelector("video")).not.toBeNull();
  });
});

describe("carousel options", () => {
  it("fills breakpoints upwards", () => {
    expect(resolveResponsive({ base: 30, md: 50 })).toEqual({ base: 30, sm: 30, md: 50, lg: 50, xl: 50 });
    const options = sliderOptions({ perView: { base: 1, lg: 3 }, spacing: { base: 30, md: 50 }, loop: true, speed: 800 });
    expect(options.defaultAnimation).toEqual({ duration: 800 });
    expect(options.slides).toEqual({ perView: 1, spacing: 30 });
    expect(options.breakpoints?.["(min-width: 768px)"]).toEqual({ slides: { perView: 1, spacing: 50 } });
    expect(options.breakpoints?.["(min-width: 992px)"]).toEqual({ slides: { perView: 3, spacing: 50 } });
  });
});

describe("carousel dots per breakpoint", () => {
  it("counts keen-slider's start positions, every slide when looping, none where all slides fit", () => {
    // 13 slides at 1.2 / 1.6 / 2.5 / 3.2 per view: the last start is where the last slide ends at the end.
    expect(dotsAt({ count: 13, perView: { base: 1.2, sm: 1.6, md: 2.5, lg: 3.2 }, loop: false })).toEqual({ base: 13, sm: 13, md: 12, lg: 11, xl: 11 });
    expect(dotsAt({ count: 6, perView: { base: 1, md: 2, lg: 3 }, loop: false })).toEqual({ base: 6, sm: 6, md: 5, lg: 4, xl: 4 });
    expect(dotsAt({ count: 2, perView: { base: 1.66666, md: 2 }, loop: false })).toEqual({ base: 2, sm: 2, md: 0, lg: 0, xl: 0 });
    expect(dotsAt({ count: 3, perView: 1, loop: true })).toEqual({ base: 3, sm: 3, md: 3, lg: 3, xl: 3 });
    expect(dotsAt({ count: 1, perView: 1, loop: true })).toEqual({ base: 0, sm: 0, md: 0, lg: 0, xl: 0 });
  });
});

describe("<Carousel>", () => {
  it("holds its controls' space with hidden copies until it starts: only the dots each breakpoint will show", () => {
    const html = renderStatic(
      <Carousel label="Range" perView={{ base: 1, md: 2 }}>
        <p>One</p>
        <p>Two</p>
        <p>Three</p>
      </Carousel>,
    );
    const reserve = parse(html).querySelector(".carousel__reserve")!;
    expect(reserve.getAttribute("aria-hidden")).toBe("true");
    expect(reserve.querySelectorAll(".carousel__arrow")).toHaveLength(2);
    const dots = [...reserve.querySelectorAll(".carousel__dot")].map((d) => d.className);
    expect(dots).toEqual([
      "carousel__dot",
      "carousel__dot",
      "carousel__dot carousel__dot--none-md carousel__dot--none-lg carousel__dot--none-xl",
    ]);
    expect(reserve.querySelector("button, a, [tabindex]")).toBeNull();
    // All slides fit from md: no controls there.
    const fits = renderStatic(
      <Carousel label="Pair" perView={{ base: 1, md: 2 }} dots={false}>
        <p>One</p>
        <p>Two</p>
      </Carousel>,
    );
    const pair = parse(fits).querySelector(".carousel__reserve")!;
    expect(pair.className).toBe("carousel__reserve carousel__reserve--none-md carousel__reserve--none-lg carousel__reserve--none-xl");
    expect(pair.querySelector(".carousel__dots")).toBeNull();
    // One slide: nothing to hold.
    const single = renderStatic(
      <Carousel label="One">
        <p>One</p>
      </Carousel>,
    );
    expect(parse(single).querySelector(".carousel__reserve")).toBeNull();
  });

  it("without JavaScript is a focusable scrollable row of every slide, with no controls", () => {
    const html = renderStatic(
      <Carousel label="Range">
        <p>One</p>
        <p>Two</p>
      </Carousel>,
    );
    const root = parse(html).querySelector('[aria-roledescription="carousel"]')!;
    expect(root.getAttribute("aria-label")).toBe("Range");
    expect(root.querySelector(".carousel__track")!.getAttribute("tabindex")).toBe("0");
    expect(root.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(2);
    expect(root.querySelector("button")).toBeNull();
  });

  it("starts (controls, slider) only when it comes near the viewport; until then it stays a scrollable row", () => {
    const observer = installIntersectionObserver();
    try {
      renderLive(
        <Carousel label="Range">
          <p>One</p>
          <p>Two</p>
        </Carousel>,
      );
      const region = screen.getByRole("region", { name: "Range" });
      expect(observer.watched()).toBe(1);
      expect(region.querySelector("button")).toBeNull();
      expect(region.classList.contains("carousel--ready")).toBe(false);
      expect(region.querySelector(".carousel__track")!.getAttribute("tabindex")).toBe("0");
      expect(region.querySelector(".carousel__reserve")).not.toBeNull();
      act(() => observer.intersect());
      expect(region.classList.contains("carousel--ready")).toBe(true);
      expect(region.querySelector(".carousel__reserve")).toBeNull();
      expect(screen.getByRole("button", { name: "Next slide" })).toBeTruthy();
      expect(region.querySelector(".carousel__track")!.hasAttribute("tabindex")).toBe(false);
      expect(observer.watched()).toBe(0);
    } finally {
      observer.restore();
    }
  });

  describe("autoplay", () => {
    let timeouts: number[];
    let observer: ReturnType<typeof installIntersectionObserver>;
    beforeEach(() => {
      observer = installIntersectionObserver({ immediate: true });
      timeouts = [];
      const original = window.setTimeout;
      vi.spyOn(window, "setTimeout").mockImplementation(((fn: () => void, ms?: number) => {
        timeouts.push(ms ?? 0);
        return original(fn, ms === 4000 ? 1e9 : ms);
      }) as typeof window.setTimeout);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      observer.restore();
    });
    const slides = [<p key="1">One</p>, <p key="2">Two</p>, <p key="3">Three</p>];
    const scheduled = () => timeouts.filter((ms) => ms === 4000).length;

    it("schedules the next slide and holds while paused, hovered or focused", () => {
      renderLive(
        <Carousel label="Hero" autoplay={4000} loop>
          {slides}
        </Carousel>,
      );
      expect(scheduled()).toBeGreaterThan(0);
      const pause = screen.getByRole("button", { name: "Pause slideshow" });
      expect(pause.getAttribute("aria-pressed")).toBe("false");
      fireEvent.click(pause);
      expect(screen.getByRole("button", { name: "Play slideshow" }).getAttribute("aria-pressed")).toBe("true");
      timeouts = [];
      fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
      expect(scheduled()).toBeGreaterThan(0);
      timeouts = [];
      fireEvent.mouseEnter(screen.getByRole("region", { name: "Hero" }));
      expect(scheduled()).toBe(0);
    });
    it("does not run while paused from outside", () => {
      renderLive(
        <Carousel label="Hero" autoplay={4000} paused>
          {slides}
        </Carousel>,
      );
      expect(scheduled()).toBe(0);
    });
    it("holds while the mega menu is open (body class)", async () => {
      const { HeroBanner } = await import("~/blocks/hero-banner/hero-banner");
      const { schema } = await import("~/blocks/hero-banner/hero-banner.schema");
      const blok = schema.parse(
        b("hero-banner", { slides: ["One", "Two"].map((heading) => b("hero-slide", { heading, image: asset("hero-home.jpg", heading) })) }),
      );
      renderLive(<HeroBanner blok={blok} />);
      expect(scheduled()).toBeGreaterThan(0);
      timeouts = [];
      await act(async () => {
        document.body.classList.add(MEGA_MENU_OPEN_CLASS);
        await new Promise((r) => setTimeout(r, 10));
      });
      expect(scheduled()).toBe(0);
      await act(async () => {
        document.body.classList.remove(MEGA_MENU_OPEN_CLASS);
        await new Promise((r) => setTimeout(r, 10));
      });
      expect(scheduled()).toBeGreaterThan(0);
    });
  });
});
