// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { consentState, containerUrl, startTagManager } from "~/features/analytics/tag-manager";
import { track } from "~/features/analytics/track";

/** The data layer as Tag Manager reads it: commands are `arguments` objects, events plain objects. */
function layer(): unknown[] {
  return ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === "[object Arguments]" ? { gtag: Array.from(entry as ArrayLike<unknown>) } : entry,
  );
}
const containers = () => [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));

afterEach(() => {
  delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  document.head.innerHTML = "";
});

describe("the tag manager waits for consent", () => {
  it("without an id pushes and loads nothing", () => {
    startTagManager({ id: undefined, consented: true }).accepted();
    expect(layer()).toEqual([]);
    expect(containers()).toEqual([]);
  });

  it("before consent sets every purpose denied and loads nothing; on Accept grants, then loads the container once", () => {
    track("page_view", { page_path: "/au", page_location: "http://localhost/au", page_title: "Home", country: "au" });
    const tags = startTagManager({ id: "GTM-TEST123", consented: false });
    expect(containers()).toEqual([]);
    expect(layer()).toEqual([
      { event: "page_view", page_path: "/au", page_location: "http://localhost/au", page_title: "Home", country: "au" },
      { gtag: ["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" }] },
    ]);
    tags.accepted();
    tags.accepted();
    expect(containers()).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    const entries = layer();
    // The event pushed before consent is still there for the container to read, before its start.
    expect(entries[0]).toMatchObject({ event: "page_view" });
    expect(entries[2]).toEqual({ gtag: ["consent", "update", consentState(true)] });
    expect(entries[3]).toMatchObject({ event: "gtm.js", "gtm.start": expect.any(Number) });
    expect(entries).toHaveLength(4);
  });

  it("on a page whose visitor has consented: denied by default, then granted and loaded at once", () => {
    startTagManager({ id: "GTM-TEST123", consented: true });
    expect(layer().slice(0, 2)).toEqual([{ gtag: ["consent", "default", consentState(false)] }, { gtag: ["consent", "update", consentState(true)] }]);
    expect(containers()).toEqual([containerUrl("GTM-TEST123")]);
  });
});
