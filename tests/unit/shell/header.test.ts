import { describe, expect, it } from "vitest";
import { LOGO_HEIGHT, SECONDARY_LOGO_HEIGHT, isLightColour, widthForHeight } from "~/features/shell/site-header";

describe("site header helpers", () => {
  it("uses the spec's logo heights: 66, and 28 for the secondary (finance) logo", () => {
    expect([LOGO_HEIGHT, SECONDARY_LOGO_HEIGHT]).toEqual([66, 28]);
  });

  it("knows when the menu button colour needs a dark scrim behind it", () => {
    expect(isLightColour("white")).toBe(true);
    expect(isLightColour(" #FFFFFF ")).toBe(true);
    expect(isLightColour("black")).toBe(false);
    expect(isLightColour("#0b4f6c")).toBe(false);
  });

  it("takes a logo's width from a Storyblok asset URL, else leaves it to CSS", () => {
    expect(widthForHeight("https://a.storyblok.com/f/123/312x64/abc/logo.svg", 66)).toBe(322);
    expect(widthForHeight("/media/brand-logo.svg", 66)).toBeUndefined();
  });
});
