import { describe, expect, it } from "vitest";
import { buildQueryFromSearchParams, resolveBuild } from "~/features/configurator/build";
import {
  accessoryCategories,
  accessoryViewFromSearchParams,
  listAccessories,
  ACCESSORIES_SHOWN,
} from "~/features/configurator/accessories";
import { carouselContent, carouselSources, pageLabel, NO_COLOUR_IMAGES, NO_IMAGES, NO_INTERIOR_IMAGES, NO_TRIM_IMAGES } from "~/features/configurator/images";
import { buildSummary, buyerContext, buyerFromSearchParams, withBuyerParams } from "~/features/configurator/summary";
import type { ConfigAccessory } from "~/features/configurator/types";
import { catalogue, model } from "./fixture";

const cat = catalogue();
const resolve = (query: string) => resolveBuild(cat, buildQueryFromSearchParams(new URLSearchParams(query)));
const au = { country: "au" as const, auState: "VIC" as const, isABN: false };

describe("summary and total", () => {
  it("lists the model, options, colour, trim and accessories with their prices and totals the chargeable ones", () => {
    const b = resolve("variant=gx&engine=2-8l-diesel&wheels=20-alloy-wheels&colour=red&trim=leather&acc=floor-mats");
    const s = buildSummary(b, au)!;
    expect(s.items.map((i) => [i.label, i.name, i.price])).toEqual([
      ["Variant", "Tarrak GX", "$50,000"],
      ["Engine", "2.8L diesel", "+ $3,500"],
      ["Transmission", "8-speed automatic", "Included"],
      ["Wheels", '20" alloy wheels', "+ $1,990"],
      ["Colour", "Red", "+ $990"],
      ["Interior", "Leather", "+ $1,500"],
      ["Accessory", "Floor mats", "+ $249"],
    ]);
    expect(s.total).toBe(50000 + 3500 + 1990 + 990 + 1500 + 249);
    expect(s.totalText).toBe("$58,229");
  });

  it("uses the ABN price for ABN buyers and the state price when the state has one", () => {
    const b = resolve("variant=gx");
    expect(buildSummary(b, { ...au, isABN: true })!.price.amount).toBe(48000);
    const withState = resolveBuild(
      { ...cat, models: [model("gx", "GX", { vehiclePrice: { driveaway_state_retail_prices: [{ au_state: "NSW", price: "50290" }] } })] },
      { slots: {}, accessories: [] },
    );
    expect(buildSummary(withState, { ...au, auState: "NSW" })!.price.amount).toBe(50290);
    expect(buildSummary(withState, au)!.price.amount).toBe(50000);
  });

  it("NZ: accessories show the dealer text and add nothing; no price gives the no-price text", () => {
    const nzCat = { ...cat, country: "nz" as const };
    const b = resolveBuild(nzCat, buildQueryFromSearchParams(new URLSearchParams("acc=floor-mats")));
    const s = buildSummary(b, { country: "nz", isABN: false })!;
    expect(s.items.at(-1)?.price).toBe("Contact your Dealer to confirm Pricing and Compatibility");
    expect(s.total).toBe(50000);
    const none = resolveBuild({ ...nzCat, models: [model("x", "GX", { driveaway_price: "" })] }, { slots: {}, accessories: [] });
    const t = buildSummary(none, { country: "nz", isABN: false })!;
    expect(t.total).toBeNull();
    expect(t.totalText).toBe("Contact your Dealer for Pricing");
  });

  it("reads state and buyer type from the URL (AU) over the stored ones, and writes them back", () => {
    const fromUrl = buyerFromSearchParams(new URLSearchParams("state=nsw&buyer=private"));
    expect(fromUrl).toEqual({ auState: "NSW", isABN: false });
    expect(buyerFromSearchParams(new URLSearchParams("state=XX&buyer=maybe"))).toEqual({});
    expect(buyerContext("au", { auState: "VIC", isABN: true }, fromUrl)).toEqual({ country: "au", auState: "NSW", isABN: false });
    expect(buyerContext("au", { auState: "VIC", isABN: true })).toEqual({ country: "au", auState: "VIC", isABN: true });
    expect(buyerContext("nz", { auState: "VIC", isABN: true }, fromUrl)).toEqual({ country: "nz", isABN: false });
    expect(withBuyerParams(new URLSearchParams("variant=gx"), { country: "au", auState: "QLD", isABN: true }).toString()).toBe(
      "variant=gx&state=QLD&buyer=abn",
    );
    expect(withBuyerParams(new URLSearchParams("variant=gx&state=QLD"), { country: "nz", isABN: false }).toString()).toBe("variant=gx");
  });
});

describe("accessories listing", () => {
  const many: ConfigAccessory[] = Array.from({ length: 8 }, (_, i) => ({
    uuid: `u${i}`,
    id: `a${i}`,
    name: `Item ${String.fromCharCode(72 - i)}`,
    description: "",
    price: String(100 + i * 10),
    code: "",
    image: null,
    categories: i % 2 ? ["Exterior"] : ["Interior", "Exterior"],
  }));

  it("shows 6, then all after Load more", () => {
    const first = listAccessories(many, { category: null, sort: null, showAll: false }, "au");
    expect(first.shown.length).toBe(ACCESSORIES_SHOWN);
    expect(first.hasMore).toBe(true);
    expect(listAccessories(many, { category: null, sort: null, showAll: true }, "au").shown.length).toBe(8);
  });

  it("filters by category and sorts (AU only); either shows all", () => {
    expect(accessoryCategories(many)).toEqual(["Interior", "Exterior"]);
    const interior = listAccessories(many, { category: "Interior", sort: null, showAll: false }, "au");
    expect(interior.shown.map((a) => a.id)).toEqual(["a0", "a2", "a4", "a6"]);
    const az = listAccessories(many, { category: null, sort: "alphabetical", showAll: false }, "au");
    expect(az.shown.length).toBe(8);
    expect(az.shown[0].name).toBe("Item A");
    expect(listAccessories(many, { category: null, sort: "priceHigh", showAll: false }, "au").shown[0].price).toBe("170");
    expect(listAccessories(many, { category: null, sort: "priceLow", showAll: false }, "au").shown[0].price).toBe("100");
    expect(listAccessories(many, { category: null, sort: "priceHigh", showAll: false }, "nz").shown.length).toBe(6);
    expect(accessoryViewFromSearchParams(new URLSearchParams("sort=priceLow&category=X&all=1"), "nz")).toEqual({ category: "X", sort: null, showAll: true });
    expect(accessoryViewFromSearchParams(new URLSearchParams("sort=bogus"), "au").sort).toBeNull();
  });
});

describe("image carousel", () => {
  it("shows the colour's images outside the interior step and the trim's on it, with the spec's messages", () => {
    expect(carouselContent(resolve("colour=white"), "exterior").images.length).toBe(2);
    expect(carouselContent(resolve("colour=black"), "exterior").emptyMessage).toBe(NO_COLOUR_IMAGES);
    expect(NO_COLOUR_IMAGES).toBe("No images available for the selected colour.");
    expect(carouselContent(resolve("colour=white&trim=leather"), "interior").emptyMessage).toBe(NO_TRIM_IMAGES);
    expect(NO_TRIM_IMAGES).toBe("No images are available for the selected interior.");
    expect(carouselContent(resolve("variant=sum&colour=black"), "interior").emptyMessage).toBe(NO_INTERIOR_IMAGES);
    expect(NO_INTERIOR_IMAGES).toBe("No interior images are available.");
    const noColours = resolveBuild({ ...cat, models: [model("x", "GX", { colourUuids: [] })] }, { slots: {}, accessories: [] });
    expect(carouselContent(noColours, "exterior").emptyMessage).toBe(NO_IMAGES);
    expect(NO_IMAGES).toBe("No images available");
  });

  it("has sources at 1220, 992 and 768 px at x1 and x2, and page labels", () => {
    const sources = carouselSources({ filename: "/media/a.png", alt: "" }, true);
    expect(sources.map((s) => [s.media, s.srcSet])).toEqual([
      ["(min-width: 992px)", "/media/a.png/m/1220x686 1x, /media/a.png/m/2440x1372 2x"],
      ["(min-width: 768px)", "/media/a.png/m/992x558 1x, /media/a.png/m/1984x1116 2x"],
      [null, "/media/a.png/m/768x432 1x, /media/a.png/m/1536x864 2x"],
    ]);
    // AVIF then WebP for each size through the image service; none without it.
    expect(sources[2]!.modern).toEqual([
      { type: "image/avif", srcSet: "/media/a.png/m/768x432/filters:format(avif) 1x, /media/a.png/m/1536x864/filters:format(avif) 2x" },
      { type: "image/webp", srcSet: "/media/a.png/m/768x432/filters:format(webp) 1x, /media/a.png/m/1536x864/filters:format(webp) 2x" },
    ]);
    expect(sources[0]!.modern.map((m) => m.srcSet.split(" ")[0])).toEqual(["/media/a.png/m/1220x686/filters:format(avif)", "/media/a.png/m/1220x686/filters:format(webp)"]);
    const off = carouselSources({ filename: "/media/a.png", alt: "" }, false);
    expect(off.map((s) => [s.srcSet, s.modern])).toEqual([["/media/a.png 1x, /media/a.png 2x", []], ["/media/a.png 1x, /media/a.png 2x", []], ["/media/a.png 1x, /media/a.png 2x", []]]);
    // A file no image service answers stays as it is, without modern formats, even with the service on.
    const elsewhere = carouselSources({ filename: "https://cdn.example.com/a.png", alt: "" }, true);
    expect(elsewhere.map((s) => [s.srcSet, s.modern])).toEqual(Array(3).fill(["https://cdn.example.com/a.png 1x, https://cdn.example.com/a.png 2x", []]));
    expect(pageLabel(2, 3)).toBe("Navigate to image 2 of 3");
  });
});
