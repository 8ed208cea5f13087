import { describe, expect, it } from "vitest";
import { asset, b, parse, renderBlocks } from "./render";
import { featureItemsShown } from "~/blocks/feature-blocks/feature-blocks";
import { statsPerRow } from "~/blocks/stats-banner/stats-banner";
import { STEP_SLIDER_SPACING } from "~/blocks/step-slider/step-slider";
import { schema as featureBlocksSchema } from "~/blocks/feature-blocks/feature-blocks.schema";

const items = (n: number) => Array.from({ length: n }, (_, i) => b("feature-block-item", { heading: `Item ${i + 1}`, content: "Text", image: asset("thumb-a.jpg") }));

describe("feature-blocks", () => {
  it("has the four variants and rejects others", () => {
    for (const variant of ["vertical", "horizontal", "grid-above", "grid-below"]) {
      expect(featureBlocksSchema.safeParse(b("feature-blocks", { variant })).success).toBe(true);
    }
    expect(featureBlocksSchema.safeParse(b("feature-blocks", { variant: "diagonal" })).success).toBe(false);
  });
  it("shows 3 items, 4 for the grid variants, and 4 for horizontal (the fourth only on mobile)", () => {
    expect(featureItemsShown("vertical")).toBe(3);
    expect(featureItemsShown("grid-above")).toBe(4);
    const count = (variant: string) =>
      parse(renderBlocks([b("feature-blocks", { variant, items: items(6), image: asset("gallery-a.jpg", "Big") })])).querySelectorAll(".feature-item").length;
    expect(count("vertical")).toBe(3);
    expect(count("horizontal")).toBe(4);
    expect(count("grid-above")).toBe(4);
    expect(count("grid-below")).toBe(4);
  });
  it("places the large image below the grid for grid-above and above it for grid-below", () => {
    const order = (variant: string) => {
      const section = parse(renderBlocks([b("feature-blocks", { variant, items: items(4), image: asset("gallery-a.jpg", "Big") })])).querySelector("section .container")!;
      return [...section.children].map((el) => (el.classList.contains("feature-blocks__image") || el.querySelector(":scope > .feature-blocks__image") ? "image" : el.className.includes("items") ? "items" : "other"));
    };
    expect(order("grid-above")).toEqual(["items", "image"]);
    expect(order("grid-below")).toEqual(["image", "items"]);
    expect(order("vertical")).toEqual(["items"]);
  });
  it("defaults to vertical", () => {
    expect(parse(renderBlocks([b("feature-blocks", { items: items(1) })])).querySelector("section")!.className).toContain("feature-blocks--vertical");
  });
});

describe("stats-banner", () => {
  const stat = (label: string, locale = "") => b("stats-item", { value: "7", unit: "years", label, locale });
  const perRow = (bloks: ReturnType<typeof stat>[], country: "au" | "nz") =>
    parse(renderBlocks([b("stats-banner", { heading: "Numbers", items: bloks })], country)).querySelector("dl")!;
  it("puts 4 per row when exactly 4 items show, otherwise 6", () => {
    expect(statsPerRow(4)).toBe(4);
    expect(statsPerRow(3)).toBe(6);
    expect(statsPerRow(5)).toBe(6);
    const bloks = [stat("A"), stat("B"), stat("C"), stat("AU", "au"), stat("NZ 1", "nz"), stat("NZ 2", "nz")];
    expect(perRow(bloks, "au").getAttribute("data-per-row")).toBe("4");
    expect(perRow(bloks, "nz").getAttribute("data-per-row")).toBe("6");
  });
  it("shows items only for their locale", () => {
    const dl = perRow([stat("Both", "both"), stat("AU", "au"), stat("NZ", "nz"), stat("Empty")], "au");
    expect([...dl.querySelectorAll("dt")].map((d) => d.textContent)).toEqual(["Both", "AU", "Empty"]);
    expect(dl.querySelector("dd")!.textContent).toBe("7 years");
  });
  it("renders nothing when no item shows", () => {
    expect(renderBlocks([b("stats-banner", { heading: "x", items: [stat("NZ", "nz")] })], "au")).not.toContain("<section");
  });
});

describe("step-slider", () => {
  it("spaces slides 30 px on small screens and 50 px from md", () => {
    expect(STEP_SLIDER_SPACING).toEqual({ base: 30, md: 50 });
    const dom = parse(renderBlocks([b("step-slider", { heading: "Steps", steps: ["Build", "Drive"].map((heading) => b("step", { heading })) })]));
    const track = dom.querySelector(".carousel__track")!.getAttribute("style")!;
    expect(track).toContain("--sp:30px");
    expect(track).toContain("--sp-md:50px");
    expect([...dom.querySelectorAll(".step__heading")].map((h) => h.textContent)).toEqual(["Build", "Drive"]);
  });
});

describe("feature-icons and icon-features", () => {
  it("lists icons with headings (icons are decorative)", () => {
    const dom = parse(renderBlocks([b("feature-icons", { heading: "Highlights", items: [b("feature-icon", { icon: asset("icon-awd.svg", "AWD"), heading: "AWD" })] })]));
    expect(dom.querySelector("li img")!.getAttribute("alt")).toBe("");
    expect(dom.querySelector("li h3")!.textContent).toBe("AWD");
  });
  it("sets the image beside the list on the chosen side", () => {
    const dom = parse(
      renderBlocks([b("icon-features", { image: asset("thumb-a.jpg", "Camera"), image_position: "right", items: [b("icon-feature", { heading: "AEB", content: "Brakes" })] })]),
    );
    expect(dom.querySelector("section")!.className).toContain("icon-features--image-right");
    expect(dom.querySelector(".icon-feature")!.textContent).toContain("Brakes");
  });
});

describe("overview-blocks and overview-grid-blocks", () => {
  it("renders overview rows with their buttons", () => {
    const dom = parse(
      renderBlocks([b("overview-blocks", { items: [b("overview-block", { heading: "Designed here", content: "Text", buttons: [b("button", { label: "More", link: "news" })] })] })]),
    );
    expect(dom.querySelector(".overview-block h3")!.textContent).toBe("Designed here");
    expect(dom.querySelector(".overview-block a")!.getAttribute("href")).toBe("/au/news");
  });
  it("links a grid item's heading, or shows a separate link with its label", () => {
    const dom = parse(
      renderBlocks(
        [
          b("overview-grid-blocks", {
            columns: 2,
            items: [
              b("overview-grid-item", { heading: "Offers", link: "offers" }),
              b("overview-grid-item", { heading: "Finance", link: "finance", link_label: "Explore finance" }),
              b("overview-grid-item", { heading: "Club" }),
            ],
          }),
        ],
        "nz",
      ),
    );
    expect([...dom.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Offers", "/nz/offers"],
      ["Explore finance", "/nz/finance"],
    ]);
  });
});
