import { describe, expect, it } from "vitest";
import { buildPageMeta, pageTitle, shareImage, type MetaTag } from "~/features/seo/meta";

const SITE = "https://www.kestrel.example";
const logo = { filename: "/media/brand-logo.svg", alt: "Kestrel Motors" };

function find(tags: MetaTag[], key: string, value: string): MetaTag[] {
  return tags.filter((t) => (t as Record<string, unknown>)[key] === value);
}
function content(tags: MetaTag[], key: "name" | "property", value: string): string | undefined {
  return (find(tags, key, value)[0] as { content?: string } | undefined)?.content;
}

describe("pageTitle", () => {
  it("is meta_title, else title, then ' | ' and the brand short name", () => {
    expect(pageTitle({ meta_title: "Current offers", title: "Offers" }, "Kestrel")).toBe("Current offers | Kestrel");
    expect(pageTitle({ meta_title: "  ", title: "Offers" }, "Kestrel")).toBe("Offers | Kestrel");
    expect(pageTitle({}, "Kestrel", "Story name")).toBe("Story name | Kestrel");
    expect(pageTitle({}, "Kestrel")).toBe("Kestrel");
    expect(pageTitle({ title: "Offers" }, "")).toBe("Offers");
  });
});

describe("shareImage", () => {
  it("is meta_image, else banner_image, else the site logo", () => {
    const meta = { filename: "/media/meta.jpg", alt: "Meta" };
    const banner = { filename: "/media/banner.jpg", alt: "Banner" };
    expect(shareImage({ meta_image: meta, banner_image: banner }, logo)?.url).toBe("/media/meta.jpg");
    expect(shareImage({ meta_image: { filename: "" }, banner_image: banner }, logo)?.url).toBe("/media/banner.jpg");
    expect(shareImage({ meta_image: null }, logo)).toEqual({ url: "/media/brand-logo.svg", alt: "Kestrel Motors" });
    expect(shareImage({}, null)).toBeNull();
  });
});

describe("buildPageMeta", () => {
  const page = {
    meta_title: "Kestrel Tarrak",
    meta_description: "Seven seats.",
    banner_image: { filename: "/media/hero-tarrak.jpg", alt: "Tarrak" },
  };
  const tags = buildPageMeta({ siteUrl: SITE, pathname: "/au/models/suv/tarrak/", brand: "Kestrel", content: page, siteLogo: logo, countries: ["au", "nz"] });

  it("carries title, description and phone-number detection off", () => {
    expect(tags[0]).toEqual({ title: "Kestrel Tarrak | Kestrel" });
    expect(content(tags, "name", "description")).toBe("Seven seats.");
    expect(content(tags, "name", "format-detection")).toBe("telephone=no");
    expect(find(tags, "name", "robots")).toEqual([]);
  });

  it("carries Open Graph and Twitter tags with an absolute share image", () => {
    expect(content(tags, "property", "og:title")).toBe("Kestrel Tarrak | Kestrel");
    expect(content(tags, "property", "og:description")).toBe("Seven seats.");
    expect(content(tags, "property", "og:url")).toBe(`${SITE}/au/models/suv/tarrak`);
    expect(content(tags, "property", "og:image")).toBe(`${SITE}/media/hero-tarrak.jpg`);
    expect(content(tags, "property", "og:locale")).toBe("en_AU");
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "name", "twitter:image")).toBe(`${SITE}/media/hero-tarrak.jpg`);
  });

  it("links the canonical URL and the hreflang alternates", () => {
    expect(find(tags, "rel", "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: `${SITE}/au/models/suv/tarrak` }]);
    expect(find(tags, "rel", "alternate")).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en-au", href: `${SITE}/au/models/suv/tarrak` },
      { tagName: "link", rel: "alternate", hrefLang: "en-nz", href: `${SITE}/nz/models/suv/tarrak` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${SITE}/au/models/suv/tarrak` },
    ]);
  });

  it("has no alternates for a page only one country has", () => {
    const au = buildPageMeta({ siteUrl: SITE, pathname: "/au/test/au-only", brand: "Kestrel", content: { title: "AU" }, countries: ["au"] });
    expect(find(au, "rel", "alternate")).toEqual([]);
    expect(find(au, "rel", "canonical")).toHaveLength(1);
  });

  it("falls back to the site logo as the share image", () => {
    const t = buildPageMeta({ siteUrl: SITE, pathname: "/nz", brand: "Kestrel", content: { title: "Home" }, siteLogo: logo });
    expect(content(t, "property", "og:image")).toBe(`${SITE}/media/brand-logo.svg`);
    expect(content(t, "property", "og:locale")).toBe("en_NZ");
  });

  it("marks noindex stories and error pages robots noindex", () => {
    const noindex = buildPageMeta({ siteUrl: SITE, pathname: "/au/test/x", brand: "Kestrel", content: { title: "X", noindex: true } });
    expect(content(noindex, "name", "robots")).toBe("noindex");
    const error = buildPageMeta({ siteUrl: SITE, pathname: "/au/nope", brand: "Kestrel", fallbackTitle: "Page Not Found", noindex: true, canonical: false });
    expect(error[0]).toEqual({ title: "Page Not Found | Kestrel" });
    expect(content(error, "name", "robots")).toBe("noindex");
    expect(find(error, "rel", "canonical")).toEqual([]);
  });

  it("describes news as an article with its dates", () => {
    const t = buildPageMeta({
      siteUrl: SITE,
      pathname: "/au/news/x",
      brand: "Kestrel",
      content: { title: "News" },
      type: "article",
      publishedTime: "2025-03-05T01:00:00.000Z",
      modifiedTime: "2025-03-06T01:00:00.000Z",
    });
    expect(content(t, "property", "og:type")).toBe("article");
    expect(content(t, "property", "article:published_time")).toBe("2025-03-05T01:00:00.000Z");
    expect(content(t, "property", "article:modified_time")).toBe("2025-03-06T01:00:00.000Z");
  });
});
