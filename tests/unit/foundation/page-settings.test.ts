import { describe, expect, it } from "vitest";
import { pageSettingsFrom } from "~/features/shell/page-settings";
import { stickyCtaHref } from "~/features/shell/sticky-bottom-bar";

describe("pageSettingsFrom", () => {
  it("defaults the menu button colour to black and reads the story's flags", () => {
    const s = pageSettingsFrom({ _uid: "1", component: "page", navbar_solid: true, hide_header_footer: true });
    expect(s.menuButtonColor).toBe("black");
    expect(s.navbarSolid).toBe(true);
    expect(s.hideHeaderFooter).toBe(true);
    expect(s.financeLogo).toBe(false);
  });
  it("lets a route default the finance logo on, and the story turn it off", () => {
    expect(pageSettingsFrom({ _uid: "1", component: "page" }, { financeLogo: true }).financeLogo).toBe(true);
    expect(pageSettingsFrom({ _uid: "1", component: "page", finance_logo: false }, { financeLogo: true }).financeLogo).toBe(false);
  });
  it("keeps only well-formed sticky CTA links", () => {
    const s = pageSettingsFrom({
      _uid: "1",
      component: "page",
      sticky_bottom_cta: [{ _uid: "a", component: "sticky-cta-link", link_type: "find_a_dealer" }, { _uid: "b" }],
    });
    expect(s.stickyCta.map((l) => l._uid)).toEqual(["a"]);
  });
});

describe("stickyCtaHref", () => {
  it("sends each link type to its page under the current country", () => {
    expect(stickyCtaHref("au", { _uid: "1", link_type: "current_offers" })).toBe("/au/offers");
    expect(stickyCtaHref("nz", { _uid: "1", link_type: "find_a_dealer" })).toBe("/nz/dealer-locator");
    expect(stickyCtaHref("au", { _uid: "1", link_type: "book_a_test_drive" })).toBe("/au/test-drive");
  });
  it("keeps a link that already holds a country and prefixes any other", () => {
    expect(stickyCtaHref("au", { _uid: "1", link_type: "current_offers", link: "nz/offers" })).toBe("/nz/offers");
    expect(stickyCtaHref("nz", { _uid: "1", link_type: "current_offers", link: "offers/clearance" })).toBe("/nz/offers/clearance");
  });
});
