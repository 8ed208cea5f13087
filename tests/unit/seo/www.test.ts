import { describe, expect, it } from "vitest";
import { robotsTxt } from "~/features/seo/robots";
import { wwwRedirect } from "~/features/seo/www";

describe("wwwRedirect", () => {
  const SITE = "https://www.kestrel.example";

  it("sends the host without www to the www form, keeping path and query", () => {
    expect(wwwRedirect("https://kestrel.example/au/offers?sort=priceLow", SITE)).toBe("https://www.kestrel.example/au/offers?sort=priceLow");
    expect(wwwRedirect("http://kestrel.example/", SITE)).toBe("https://www.kestrel.example/");
    expect(wwwRedirect("https://KESTREL.example/nz", SITE)).toBe("https://www.kestrel.example/nz");
  });

  it("leaves the www host, other hosts and invalid URLs alone", () => {
    expect(wwwRedirect("https://www.kestrel.example/au", SITE)).toBeNull();
    expect(wwwRedirect("http://localhost:3000/au", SITE)).toBeNull();
    expect(wwwRedirect("https://preview.kestrel.example/au", SITE)).toBeNull();
    expect(wwwRedirect("not a url", SITE)).toBeNull();
  });

  it("does nothing when SITE_URL has no www", () => {
    expect(wwwRedirect("https://kestrel.example/au", "https://kestrel.example")).toBeNull();
    expect(wwwRedirect("https://kestrel.example/au", "http://localhost:3000")).toBeNull();
  });
});

describe("robotsTxt", () => {
  it("points at the absolute sitemap URL", () => {
    const txt = robotsTxt("https://www.kestrel.example");
    expect(txt).toContain("User-agent: *");
    expect(txt).toContain("Sitemap: https://www.kestrel.example/sitemap.xml");
  });
});
