import { describe, expect, it } from "vitest";
import { countryPath, isVideoUrl, resolveHref, resolveLink, stripCountry, withCountry } from "~/content/links";

describe("countryPath", () => {
  it("puts the country first and maps home to the country root", () => {
    expect(countryPath("au")).toBe("/au");
    expect(countryPath("nz", "home")).toBe("/nz");
    expect(countryPath("au", "/models/suv/x/")).toBe("/au/models/suv/x");
  });
});

describe("withCountry (sticky bar rule)", () => {
  it("keeps a path that already holds au/ or nz/", () => {
    expect(withCountry("au", "nz/offers")).toBe("/nz/offers");
    expect(withCountry("nz", "/au/test-drive")).toBe("/au/test-drive");
  });
  it("prefixes any other path with the current country", () => {
    expect(withCountry("nz", "dealer-locator")).toBe("/nz/dealer-locator");
    expect(withCountry("au", "/offers")).toBe("/au/offers");
  });
  it("does not mistake a path starting with letters au for a country", () => {
    expect(withCountry("nz", "automatic")).toBe("/nz/automatic");
  });
});

describe("resolveLink", () => {
  it("resolves story links with the country and the anchor", () => {
    expect(resolveLink({ linktype: "story", cached_url: "offers", anchor: "finance" }, "nz")?.href).toBe("/nz/offers#finance");
    expect(resolveLink({ linktype: "story", cached_url: "home" }, "au")?.href).toBe("/au");
  });
  it("treats an internal link to the bare NZ home path as no link", () => {
    expect(resolveLink({ linktype: "url", url: "/nz" }, "nz")).toBeNull();
    expect(resolveLink({ linktype: "story", cached_url: "nz/" }, "nz")).toBeNull();
  });
  it("keeps external urls external and opens them in a new tab", () => {
    expect(resolveLink({ linktype: "url", url: "https://example.com/x" }, "au")).toEqual({
      href: "https://example.com/x",
      external: true,
      target: "_blank",
    });
  });
  it("builds mailto links for email links and keeps assets as they are", () => {
    expect(resolveLink({ linktype: "email", email: "sales@kestrel.example" }, "au")?.href).toBe("mailto:sales@kestrel.example");
    expect(resolveLink({ linktype: "asset", url: "/media/kestrel-brochure.pdf" }, "au")?.href).toBe("/media/kestrel-brochure.pdf");
  });
  it("returns null for empty links and anchors for anchor-only links", () => {
    expect(resolveLink({ linktype: "story", cached_url: "" }, "au")).toBeNull();
    expect(resolveLink(undefined, "au")).toBeNull();
    expect(resolveHref("#features", "au")).toEqual({ href: "#features", external: false });
  });
  it("strips a country segment", () => {
    expect(stripCountry("/au/offers")).toBe("offers");
    expect(stripCountry("nz")).toBe("");
  });
});

describe("isVideoUrl", () => {
  it("recognises the video extensions", () => {
    for (const ext of ["mp4", "avi", "mkv", "mov", "wmv", "flv", "webm"]) expect(isVideoUrl(`/media/a.${ext}?x=1`)).toBe(true);
    expect(isVideoUrl("/media/a.jpg")).toBe(false);
    expect(isVideoUrl(undefined)).toBe(false);
  });
});
