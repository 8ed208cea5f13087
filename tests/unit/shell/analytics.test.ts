// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { track } from "~/features/analytics/track";

describe("track", () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it("pushes { event, ...data } to window.dataLayer, creating it when missing", () => {
    track("logo_click", { country: "au", link_url: "/au" });
    track("page_view", { page_path: "/au/offers", page_location: "http://x/au/offers", page_title: "Offers | Kestrel", country: "au" });
    expect(window.dataLayer).toEqual([
      { event: "logo_click", country: "au", link_url: "/au" },
      { event: "page_view", page_path: "/au/offers", page_location: "http://x/au/offers", page_title: "Offers | Kestrel", country: "au" },
    ]);
  });

  it("keeps what a tag manager already pushed", () => {
    window.dataLayer = [{ event: "gtm.js" }];
    track("cookie_consent", { consent: "accepted" });
    expect(window.dataLayer.map((e) => e.event)).toEqual(["gtm.js", "cookie_consent"]);
  });
});
