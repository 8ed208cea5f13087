import { describe, expect, it } from "vitest";
import { isInFolder, parentSlugOf, sitePath, storedSlug, storySlug } from "~/content/site-path";
import { resolveLink } from "~/content/links";

describe("storedSlug", () => {
  it("drops the language the CDN puts in front, and surrounding slashes", () => {
    expect(storedSlug("nz/news/x")).toBe("news/x");
    expect(storedSlug("au/car-configurator/models/tarrak/au/gx")).toBe("car-configurator/models/tarrak/au/gx");
    expect(storedSlug("/nz/news/x")).toBe("news/x");
    expect(storedSlug("news/x")).toBe("news/x");
  });

  it("gives a folder's start page as its folder", () => {
    expect(storedSlug("news/")).toBe("news");
    expect(storedSlug("nz/news/")).toBe("news");
    expect(storySlug({ full_slug: "au/owners-club/events/" })).toBe("owners-club/events");
  });

  it("keeps slugs that only begin like a language", () => {
    expect(storedSlug("australia-day")).toBe("australia-day");
    expect(storedSlug("nzd/x")).toBe("nzd/x");
    expect(storedSlug("")).toBe("");
    expect(storedSlug(null)).toBe("");
  });
});

describe("sitePath", () => {
  it("is /<country>/<stored slug> for both countries", () => {
    expect(sitePath("au", "au/news/x")).toBe("/au/news/x");
    expect(sitePath("nz", "nz/news/x")).toBe("/nz/news/x");
    expect(sitePath("nz", "news/x")).toBe("/nz/news/x");
    expect(sitePath("au", "/au/offers")).toBe("/au/offers");
  });

  it("puts home and start pages at their folder", () => {
    expect(sitePath("au", "au/home")).toBe("/au");
    expect(sitePath("nz", "home")).toBe("/nz");
    expect(sitePath("nz", "nz/news/")).toBe("/nz/news");
    expect(sitePath("au", "")).toBe("/au");
  });
});

describe("folders", () => {
  it("match the stored slug whatever language is in front", () => {
    expect(isInFolder("nz/car-configurator/models/tarrak/nz/gx", "car-configurator/models/tarrak/nz/")).toBe(true);
    expect(isInFolder("car-configurator/models/tarrak/nz/gx", "car-configurator/models/tarrak/nz/")).toBe(true);
    expect(isInFolder("nz/car-configurator/models/tarrak-x/nz/gx", "car-configurator/models/tarrak/")).toBe(false);
    expect(isInFolder("au/blocks/hero", "blocks/")).toBe(true);
  });

  it("give a story's parent as stored", () => {
    expect(parentSlugOf("nz/owners-club/events/spring-run")).toBe("owners-club/events");
    expect(parentSlugOf("owners-club/events/spring-run")).toBe("owners-club/events");
  });
});

describe("story links as the CDN sends them under a language", () => {
  it("resolve to the page's country path", () => {
    const link = { id: "u", url: "", linktype: "story", fieldtype: "multilink", cached_url: "/nz/news/x" } as const;
    expect(resolveLink(link, "nz")?.href).toBe("/nz/news/x");
    expect(resolveLink({ ...link, cached_url: "news/x", story: { full_slug: "nz/news/y" } }, "nz")?.href).toBe("/nz/news/y");
    expect(resolveLink({ ...link, cached_url: "/au/home" }, "au")?.href).toBe("/au");
    expect(resolveLink({ ...link, cached_url: "/au/news/", anchor: "top" }, "au")?.href).toBe("/au/news#top");
  });
});
