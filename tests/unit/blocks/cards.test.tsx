// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { asset, b, parse, renderBlocks, renderBlocksLive } from "./render";

afterEach(cleanup);

const card = (heading: string, extra: Record<string, unknown> = {}) => b("card", { heading, media: asset("tile-a.jpg", heading), ...extra });

describe("cta-cards", () => {
  it("renders its heading, intro, cards of the visitor's country and buttons", () => {
    const bloks = [
      b("cta-cards", {
        heading: "Find your Kestrel",
        intro: "Pick one.",
        columns: 4,
        scroll_to_id: "cards",
        cards: [card("Tarrak"), card("AU card", { locale: "au" }), card("NZ card", { locale: "nz" })],
        buttons: [b("button", { label: "All models", link: "models" })],
      }),
    ];
    const dom = parse(renderBlocks(bloks, "nz"));
    const section = dom.querySelector("section#cards")!;
    expect(section.getAttribute("aria-labelledby")).toBe(section.querySelector("h2")!.id);
    expect([...section.querySelectorAll(".card__heading")].map((h) => h.textContent)).toEqual(["Tarrak", "NZ card"]);
    expect(section.className).toContain("cta-cards--cols-4");
    expect(section.querySelector(".block__buttons a")!.getAttribute("href")).toBe("/nz/models");
  });
});

describe("cta-carousel", () => {
  it("puts its cards in a carousel, with text below the media where showBelowSlider is set", () => {
    const dom = parse(renderBlocks([b("cta-carousel", { heading: "Range", cards: [card("One"), card("Two", { showBelowSlider: true })] })]));
    const carousel = dom.querySelector('[aria-roledescription="carousel"]')!;
    expect(carousel.getAttribute("aria-label")).toBe("Range");
    expect(carousel.querySelectorAll(".card")).toHaveLength(2);
    expect(carousel.querySelectorAll(".card--below")).toHaveLength(1);
  });
  it("renders nothing without cards", () => {
    expect(parse(renderBlocks([b("cta-carousel", { heading: "Empty" })])).querySelector("section")).toBeNull();
  });
});

describe("cta-flexible-panel and cta-panel", () => {
  it("sets the text beside the cards in the chosen layout", () => {
    const dom = parse(renderBlocks([b("cta-flexible-panel", { heading: "Own it", layout: "text-right", cards: [card("A", { span: 2 }), card("B")] })]));
    const section = dom.querySelector("section")!;
    expect(section.className).toContain("cta-flexible-panel--text-right");
    expect([...section.querySelectorAll(".card")].map((c) => c.getAttribute("data-span"))).toEqual(["2", "1"]);
  });
  it("shows a themed call to action with buttons", () => {
    const dom = parse(
      renderBlocks([b("cta-panel", { heading: "Test drive?", theme: "accent", buttons: [b("button", { label: "Book", link: { linktype: "story", cached_url: "test-drive" } })] })]),
    );
    expect(dom.querySelector("section")!.className).toContain("cta-panel--accent");
    expect(dom.querySelector("a")!.getAttribute("href")).toBe("/au/test-drive");
  });
});

describe("grid-blocks", () => {
  it("lays out items by span, and a video asset link opens a video modal", async () => {
    renderBlocksLive([
      b("grid-blocks", {
        heading: "Grid",
        items: [
          card("Watch", { span: 2, cardLink: { linktype: "asset", url: "/media/kestrel-drive.mp4", cached_url: "/media/kestrel-drive.mp4" } }),
          card("Offers", { span: 1, cardLink: { linktype: "story", cached_url: "offers" } }),
          card("Wide", { span: 3 }),
        ],
      }),
    ]);
    expect([...document.querySelectorAll(".card")].map((c) => c.getAttribute("data-span"))).toEqual(["2", "1", "3"]);
    const watch = screen.getByRole("link", { name: "Watch" });
    expect(watch.getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.getByRole("link", { name: "Offers" }).getAttribute("aria-haspopup")).toBeNull();
    fireEvent.click(watch);
    const dialog = await screen.findByRole("dialog", { name: "Watch" });
    expect(dialog.querySelector("video")!.getAttribute("src")).toBe("/media/kestrel-drive.mp4");
  });
});

describe("hover-tiles", () => {
  it("links tiles anywhere, including '#{id}' on the page; tiles without a link always show their text", () => {
    const dom = parse(
      renderBlocks([
        b("hover-tiles", {
          tiles: [
            b("hover-tile", { heading: "Grid", link: "#grid-blocks", content: "Jump" }),
            b("hover-tile", { heading: "Drive", link: { linktype: "story", cached_url: "test-drive" } }),
            b("hover-tile", { heading: "Still", content: "Always shown" }),
          ],
        }),
      ]),
    );
    const tiles = [...dom.querySelectorAll(".hover-tile")];
    expect(tiles.map((t) => t.querySelector("a")?.getAttribute("href") ?? null)).toEqual(["#grid-blocks", "/au/test-drive", null]);
    expect(tiles[2].className).toContain("hover-tile--static");
    expect(tiles[0].textContent).toContain("Jump");
  });
});

describe("expanding-grid", () => {
  const grid = () =>
    b("expanding-grid", {
      heading: "How you drive",
      items: ["City", "Family", "Work"].map((heading) => b("expanding-grid-item", { heading, content: `${heading} text`, image: asset("tile-a.jpg") })),
    });
  it("without JavaScript shows every panel's text", () => {
    const dom = parse(renderBlocks([grid()]));
    expect(dom.querySelectorAll(".expanding-grid__content[hidden]")).toHaveLength(0);
    expect(dom.querySelector("button")).toBeNull();
  });
  it("opens one panel at a time through its heading button or hover", () => {
    renderBlocksLive([grid()]);
    const buttons = ["City", "Family", "Work"].map((name) => screen.getByRole("button", { name }));
    expect(buttons.map((x) => x.getAttribute("aria-expanded"))).toEqual(["true", "false", "false"]);
    fireEvent.click(buttons[2]);
    expect(buttons.map((x) => x.getAttribute("aria-expanded"))).toEqual(["false", "false", "true"]);
    expect(document.getElementById(buttons[0].getAttribute("aria-controls")!)!.hidden).toBe(true);
    fireEvent.mouseEnter(buttons[1].closest("article")!);
    expect(buttons[1].getAttribute("aria-expanded")).toBe("true");
  });
});
