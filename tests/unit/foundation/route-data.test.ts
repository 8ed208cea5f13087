import { describe, expect, it } from "vitest";
import { layoutDataIn, pageSettingsIn, rootDataIn } from "~/features/routing/route-data";
import { brandFrom } from "~/features/routing/route-meta";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";

const rootMatch = { id: "root", handle: { role: "root" }, data: { ENV: { SITE_URL: "https://example.test" }, preview: null } };
const layoutMatch = { id: "any-id", handle: { role: "country-layout" }, data: { country: "au", globals: { header: { brand_name: "Kestrel" } } } };

// The route modules import most of the app: slow to load on a busy machine.
describe("route data found by the routes' handles, not their ids", () => {
  it("finds the root's and the country layout's data by their role", async () => {
    const { handle: rootHandle } = await import("~/root");
    const { handle: layoutHandle } = await import("~/routes/$country");
    expect(rootHandle).toEqual({ role: "root" });
    expect(layoutHandle).toEqual({ role: "country-layout" });
    const matches = [rootMatch, layoutMatch, { id: "page", data: {} }];
    expect(rootDataIn(matches)?.ENV?.SITE_URL).toBe("https://example.test");
    expect(layoutDataIn(matches)?.country).toBe("au");
    // The meta helpers read the layout by its role: a renamed route file keeps the brand.
    expect(brandFrom(matches as never)).toBe("Kestrel");
    expect(layoutDataIn([rootMatch])).toBeUndefined();
  }, 30_000);

  it("gives the deepest route's page settings, static in its handle or from its loader data", () => {
    const fromStory = { ...DEFAULT_PAGE_SETTINGS, invertLogo: true };
    const gallery = { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true };
    expect(pageSettingsIn([rootMatch, layoutMatch])).toBeNull();
    expect(pageSettingsIn([rootMatch, layoutMatch, { data: { pageSettings: fromStory } }])).toBe(fromStory);
    expect(pageSettingsIn([rootMatch, layoutMatch, { handle: { pageSettings: gallery }, data: {} }])).toBe(gallery);
    expect(pageSettingsIn([{ data: { pageSettings: fromStory } }, { data: { other: 1 } }])).toBe(fromStory);
  });

  it("the block gallery's solid navigation bar is a static fact of its route", async () => {
    const { handle } = await import("~/routes/$country.[_blocks]");
    expect(handle.pageSettings).toEqual({ ...DEFAULT_PAGE_SETTINGS, navbarSolid: true });
  }, 30_000);
});
