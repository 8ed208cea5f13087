import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { NavItem, Navigation } from "~/content/content-types";
import { buildMegaMenu, hasPanel, modelLinePath } from "~/features/shell/mega-menu-model";

const link = (cached_url: string) => ({ linktype: "story" as const, cached_url, url: "" });
let uid = 0;
const item = (fields: Partial<NavItem>): NavItem => ({ _uid: `u${++uid}`, component: "nav-item", ...fields }) as NavItem;

describe("mega menu model", () => {
  it("shows items only when their locale is the country or both (or unset)", () => {
    const nav: Navigation = {
      _uid: "n",
      component: "navigation",
      secondary_nav: [
        item({ title: "Both", link: link("a"), locale: "both" }),
        item({ title: "AU only", link: link("b"), locale: "au" }),
        item({ title: "NZ only", link: link("c"), locale: "nz" }),
        item({ title: "Unset", link: link("d") }),
      ],
    };
    expect(buildMegaMenu(nav, "au").secondary.map((l) => l.label)).toEqual(["Both", "AU only", "Unset"]);
    expect(buildMegaMenu(nav, "nz").secondary.map((l) => l.label)).toEqual(["Both", "NZ only", "Unset"]);
  });

  it("resolves links for the country and drops empty ones", () => {
    const nav: Navigation = {
      _uid: "n",
      component: "navigation",
      secondary_nav: [item({ title: "Dealers", link: link("dealer-locator") }), item({ title: "Nothing", link: link("") })],
    };
    expect(buildMegaMenu(nav, "nz").secondary).toEqual([
      expect.objectContaining({ label: "Dealers", link: expect.objectContaining({ href: "/nz/dealer-locator" }) }),
    ]);
  });

  it("links a model line to models/{category lowercased}/{slug} and builds config/{slug}", () => {
    const modelLine = { uuid: "m1", content: { slug: "tarrak", vehicle_category: "SUV" } };
    const nav: Navigation = {
      _uid: "n",
      component: "navigation",
      build_button_text: "Build yours",
      model_line_nav: [item({ title: "Tarrak", link: link("somewhere-else"), model_line: modelLine, mega_menu_show_build: true })],
    };
    const [entry] = buildMegaMenu(nav, "au").modelLines;
    expect(entry.link?.href).toBe("/au/models/suv/tarrak");
    expect(entry.build).toEqual({ label: "Build yours", link: { href: "/au/config/tarrak", external: false } });
    expect(hasPanel(entry)).toBe(true);
    expect(modelLinePath({ slug: "solenne", vehicle_category: "Hybrid" })).toBe("models/hybrid/solenne");
    expect(modelLinePath({ slug: "x" })).toBeNull();
  });

  it("falls back to the item's link while the model line is not resolved, and builds only when asked", () => {
    const nav: Navigation = {
      _uid: "n",
      component: "navigation",
      build_button_text: "Build yours",
      model_line_nav: [item({ title: "Mirra", link: link("models/hatch/mirra"), model_line: "uuid-only", mega_menu_show_build: true })],
    };
    const [entry] = buildMegaMenu(nav, "nz").modelLines;
    expect(entry.link?.href).toBe("/nz/models/hatch/mirra");
    expect(entry.build).toBeNull();
    expect(hasPanel(entry)).toBe(false);
  });

  it("keeps tiles with their image, heading, description and button", () => {
    const nav: Navigation = {
      _uid: "n",
      component: "navigation",
      primary_nav: [
        item({
          title: "Offers",
          link: link("offers"),
          tiles: [
            {
              _uid: "t1",
              component: "nav-tile",
              heading: "Current offers",
              description: "Deals",
              buttonText: "See offers",
              buttonUrl: link("offers"),
              image: { filename: "/media/tile.jpg", alt: "A car" },
            },
          ],
        }),
      ],
    };
    const [entry] = buildMegaMenu(nav, "au").primary;
    expect(entry.tiles).toEqual([
      {
        id: "t1",
        image: { filename: "/media/tile.jpg", alt: "A car" },
        heading: "Current offers",
        description: "Deals",
        button: { label: "See offers", link: { href: "/au/offers", external: false } },
      },
    ]);
  });

  it("builds the fixture navigation for both countries", () => {
    const story = JSON.parse(readFileSync(path.resolve("content-fixtures/stories/global/navigation.json"), "utf8"));
    const au = buildMegaMenu(story.content, "au");
    const nz = buildMegaMenu(story.content, "nz");
    expect(au.primary.map((e) => e.title)).toEqual(["Models", "Offers", "Finance", "Owners", "News"]);
    expect(au.modelLineHeading).toBe("Our range");
    expect(au.modelLines.map((e) => e.title)).toEqual(["Tarrak", "Corvale", "Kordan", "Solenne", "Mirra"]);
    const offers = (menu: typeof au) => menu.primary.find((e) => e.title === "Offers")!.links.map((l) => l.label);
    expect(offers(au)).toContain("ABN and fleet offers");
    expect(offers(au)).not.toContain("Clean car programme");
    expect(offers(nz)).toContain("Clean car programme");
    expect(nz.secondary.map((l) => l.link.href)).toContain("/nz/news/on-road-costs-explained");
    expect(au.secondary.map((l) => l.link.href)).toEqual(
      expect.arrayContaining(["/au/dealer-locator", "/au/test-drive", "/au/download-brochure", "/au/contact-us"]),
    );
  });
});

describe("mega menu images", () => {
  it("keep only what the image component reads (the menu is in every page's data)", () => {
    const image = { id: 1, filename: "/media/a.jpg", alt: "A", focus: "10x10:20x20", name: "", title: "", copyright: "", fieldtype: "asset" as const, meta_data: {} };
    const menu = buildMegaMenu(
      { _uid: "n", component: "navigation", primary_nav: [item({ title: "Models", link: link("a"), mega_menu_image_large: image, mega_menu_image_small: { ...image, focus: "" } })] },
      "au",
    );
    expect(menu.primary[0]?.imageLarge).toEqual({ filename: "/media/a.jpg", alt: "A", focus: "10x10:20x20" });
    expect(menu.primary[0]?.imageSmall).toEqual({ filename: "/media/a.jpg", alt: "A" });
  });
});

describe("mega menu per content version", () => {
  it("is built once per cached (frozen) navigation story and country, and equals a fresh build", async () => {
    const { megaMenuOf } = await import("~/features/shell/globals.server");
    const { deepFreeze } = await import("~/content/cache.server");
    const nav = deepFreeze<Navigation>({
      _uid: "n",
      component: "navigation",
      secondary_nav: [item({ title: "Both", link: link("a"), locale: "both" }), item({ title: "NZ only", link: link("c"), locale: "nz" })],
    });
    const au = megaMenuOf(nav, "au");
    expect(au).toEqual(buildMegaMenu(nav, "au"));
    expect(megaMenuOf(nav, "au")).toBe(au);
    expect(megaMenuOf(nav, "nz")).toEqual(buildMegaMenu(nav, "nz"));
    expect(Object.isFrozen(au.secondary)).toBe(true);
    // A new content version is a new object: a new menu.
    expect(megaMenuOf(deepFreeze(structuredClone(nav)), "au")).not.toBe(au);
    // A draft (not frozen) is built each time.
    const draft = structuredClone(nav);
    expect(megaMenuOf(draft, "au")).not.toBe(megaMenuOf(draft, "au"));
  });
});
