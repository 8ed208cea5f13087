// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asset, b, doc, parse, renderBlocks, renderBlocksLive } from "./render";
import { READ_LESS, READ_MORE } from "~/blocks/expansion-panel/expansion-panel";

afterEach(cleanup);

describe("information-panel", () => {
  it("shows heading, text, buttons and small print beside the image", () => {
    const dom = parse(
      renderBlocks([
        b("information-panel", {
          heading: "Warranty",
          content: doc("Seven years."),
          image: asset("thumb-a.jpg", "Car"),
          image_position: "left",
          disclaimer: "Conditions apply.",
          scroll_to_id: "warranty",
          buttons: [b("button", { label: "Details", link: { linktype: "email", email: "hello@kestrel.example" } })],
        }),
      ]),
    );
    const section = dom.querySelector("section#warranty")!;
    expect(section.className).toContain("information-panel--image-left");
    expect(section.querySelector("h2")!.textContent).toBe("Warranty");
    expect(section.querySelector("a")!.getAttribute("href")).toBe("mailto:hello@kestrel.example");
    expect(section.textContent).toContain("Conditions apply.");
  });
});

describe("side-by-side-blocks", () => {
  it("renders its items side by side", () => {
    const dom = parse(renderBlocks([b("side-by-side-blocks", { items: ["Petrol", "Hybrid"].map((heading) => b("side-by-side-item", { heading, content: doc(`${heading} text`) })) })]));
    expect([...dom.querySelectorAll(".side-by-side__item h3")].map((h) => h.textContent)).toEqual(["Petrol", "Hybrid"]);
  });
});

describe("quick-help-blocks", () => {
  it("shows items (locale, heading, image, link, content) only for their locale", () => {
    const bloks = [
      b("quick-help-blocks", {
        heading: "Quick help",
        items: [
          b("quick-help-item", { heading: "Dealers", image: asset("icon-a.svg"), link: { linktype: "story", cached_url: "dealer-locator" }, content: "Find one." }),
          b("quick-help-item", { heading: "Service AU", locale: "au", link: "contact-us" }),
          b("quick-help-item", { heading: "WOF NZ", locale: "nz", link: "contact-us" }),
        ],
      }),
    ];
    const au = parse(renderBlocks(bloks, "au"));
    expect([...au.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["Dealers", "Service AU"]);
    expect(au.querySelector("h3 a")!.getAttribute("href")).toBe("/au/dealer-locator");
    expect(au.querySelector("li")!.textContent).toContain("Find one.");
    const nz = parse(renderBlocks(bloks, "nz"));
    expect([...nz.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["Dealers", "WOF NZ"]);
  });
});

describe("text-content", () => {
  it("applies background_color, wide_format, add_vertical_padding, removeGapBelow and its button", () => {
    const dom = parse(
      renderBlocks([
        b("text-content", {
          content: doc("Hello"),
          background_color: "#e4e7eb",
          wide_format: true,
          add_vertical_padding: true,
          removeGapBelow: true,
          button: [b("button", { label: "Go", link: "offers", size: "xs" })],
        }),
      ]),
    );
    const section = dom.querySelector("section")!;
    expect(section.className).toBe("text-content text-content--wide text-content--padded text-content--no-gap");
    expect(section.getAttribute("style")).toContain("background-color");
    expect(section.querySelector("a.button--xs")!.getAttribute("href")).toBe("/au/offers");
  });
});

describe("accordion", () => {
  let layer: unknown[];
  beforeEach(() => {
    layer = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  const faq = () =>
    b("accordion", {
      heading: "FAQ",
      items: [
        b("accordion-item", { heading: "How long is the warranty?", content: doc("Seven years.") }),
        b("accordion-item", { heading: "AU only?", locale: "au", content: "Yes" }),
      ],
    });
  it("is a details/summary list of the visitor's country's questions (works without JavaScript)", () => {
    const dom = parse(renderBlocks([faq()], "nz"));
    const details = [...dom.querySelectorAll("details")];
    expect(details.map((d) => d.querySelector("summary")!.textContent)).toEqual(["How long is the warranty?"]);
    expect(details[0].textContent).toContain("Seven years.");
  });
  it("sends faq_clicks_expanded and faq_clicks_collapsed", async () => {
    renderBlocksLive([faq()], "au");
    const details = screen.getByText("How long is the warranty?").closest("details")!;
    const toggle = async (open: boolean) =>
      act(async () => {
        details.open = open; // the browser (and happy-dom) fires "toggle"
        await new Promise((r) => setTimeout(r, 10));
      });
    await toggle(true);
    await toggle(false);
    expect(layer).toEqual([
      { event: "faq_clicks_expanded", faq_question: "How long is the warranty?" },
      { event: "faq_clicks_collapsed", faq_question: "How long is the warranty?" },
    ]);
  });
});

describe("expansion-panel and expansion-panel-group", () => {
  it("puts the extra text behind 'Read More' / 'Read Less'", () => {
    expect([READ_MORE, READ_LESS]).toEqual(["Read More", "Read Less"]);
    const dom = parse(renderBlocks([b("expansion-panel", { heading: "Safety", content: doc("Short."), expanded_content: doc("Long.") })]));
    const details = dom.querySelector("details")!;
    expect(details.querySelector(".expansion-panel__when-closed")!.textContent).toBe("Read More");
    expect(details.querySelector(".expansion-panel__when-open")!.textContent).toBe("Read Less");
    expect(details.textContent).toContain("Long.");
    expect(dom.querySelector("h2")!.textContent).toBe("Safety");
  });
  it("has no toggle without extra text", () => {
    expect(parse(renderBlocks([b("expansion-panel", { heading: "x", content: doc("Short.") })])).querySelector("details")).toBeNull();
  });
  it("groups panels under one heading, one open at a time when single_open", () => {
    const panels = ["Warranty", "Servicing"].map((heading) => b("expansion-panel", { heading, content: "a", expanded_content: "b" }));
    const dom = parse(renderBlocks([b("expansion-panel-group", { heading: "Ownership", single_open: true, panels })]));
    const names = [...dom.querySelectorAll("details")].map((d) => d.getAttribute("name"));
    expect(names).toHaveLength(2);
    expect(names[0]).toBeTruthy();
    expect(names[0]).toBe(names[1]);
    expect([...dom.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["Warranty", "Servicing"]);
    const free = parse(renderBlocks([b("expansion-panel-group", { panels })]));
    expect(free.querySelector("details")!.getAttribute("name")).toBeNull();
  });
});
