import { afterAll, describe, expect, it } from "vitest";
import { apiFor, get, removeDir, slugsOf, storyFiles } from "./content-fixture";

const { handler, dir } = apiFor(
  storyFiles(
    { id: 1, full_slug: "home", position: 0, name: "Home", content: { order: "10" } },
    { id: 2, full_slug: "news/", file: "news/index", is_startpage: true, position: -10, name: "News" },
    {
      id: 3,
      full_slug: "news/alpha",
      name: "Alpha",
      tag_list: ["featured"],
      content: { component: "news-detail", order: "9", price: "2.5" },
      first_published_at: "2024-03-01T00:00:00.000Z",
    },
    {
      id: 4,
      full_slug: "news/beta",
      name: "Beta",
      tag_list: ["other"],
      content: { component: "news-detail", order: "100", price: "10.25" },
      first_published_at: "2024-01-01T00:00:00.000Z",
    },
    {
      id: 5,
      full_slug: "news/gamma",
      name: "gamma",
      content: { component: "news-detail", price: "-1" },
      first_published_at: null,
    },
    { id: 6, full_slug: "news/unpublished", published: false, content: { component: "news-detail" } },
    { id: 7, full_slug: "news/archive/old", name: "Old", content: { component: "news-detail", order: "1" } },
    { id: 8, full_slug: "about", position: 5, name: "About", content: { order: "2" } },
  ),
);
afterAll(() => removeDir(dir));

describe("GET stories: envelope and default order", () => {
  it("returns stories, cv, rels and links", async () => {
    const res = await get(handler, "stories");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.stories)).toBe(true);
    expect(res.body.rels).toEqual([]);
    expect(res.body.links).toEqual([]);
    expect(res.body.cv).toBeGreaterThan(0);
  });

  it("orders by position, then full_slug, by default", async () => {
    const res = await get(handler, "stories/");
    expect(slugsOf(res.body)).toEqual([
      "news/",
      "home",
      "news/alpha",
      "news/archive/old",
      "news/beta",
      "news/gamma",
      "about",
    ]);
  });

  it("omits unpublished stories from published lists and includes them in draft", async () => {
    expect(slugsOf((await get(handler, "stories")).body)).not.toContain("news/unpublished");
    expect(slugsOf((await get(handler, "stories?version=draft")).body)).toContain("news/unpublished");
  });
});

describe("GET stories: selection parameters", () => {
  it("starts_with is a full_slug prefix (includes the folder start page)", async () => {
    const res = await get(handler, "stories?starts_with=news/");
    expect(slugsOf(res.body)).toEqual(["news/", "news/alpha", "news/archive/old", "news/beta", "news/gamma"]);
  });

  it("by_slugs takes a comma list with * wildcards", async () => {
    const exact = await get(handler, "stories?by_slugs=home,about");
    expect(slugsOf(exact.body)).toEqual(["home", "about"]);
    const wildcard = await get(handler, "stories?by_slugs=news/a*");
    expect(slugsOf(wildcard.body)).toEqual(["news/alpha", "news/archive/old"]);
    const encoded = await get(handler, "stories?by_slugs=news%2F*%2Chome");
    expect(slugsOf(encoded.body)).toEqual(["news/", "home", "news/alpha", "news/archive/old", "news/beta", "news/gamma"]);
  });

  it("excluding_slugs removes matches (wildcards allowed)", async () => {
    const res = await get(handler, "stories?starts_with=news/&excluding_slugs=news/archive/*,news/beta");
    expect(slugsOf(res.body)).toEqual(["news/", "news/alpha", "news/gamma"]);
  });

  it("by_uuids filters by uuid, keeping the default order", async () => {
    const res = await get(handler, "stories?by_uuids=uuid-8,uuid-3,uuid-404");
    expect(slugsOf(res.body)).toEqual(["news/alpha", "about"]);
  });

  it("by_uuids_ordered returns the given order", async () => {
    const res = await get(handler, "stories?by_uuids_ordered=uuid-8,uuid-3,uuid-1");
    expect(slugsOf(res.body)).toEqual(["about", "news/alpha", "home"]);
    const withSort = await get(handler, "stories?by_uuids_ordered=uuid-4,uuid-3&sort_by=name:asc");
    expect(slugsOf(withSort.body)).toEqual(["news/beta", "news/alpha"]);
  });

  it("content_type matches content.component", async () => {
    const res = await get(handler, "stories?content_type=news-detail");
    expect(slugsOf(res.body)).toEqual(["news/alpha", "news/archive/old", "news/beta", "news/gamma"]);
  });

  it("is_startpage accepts 1/0/true/false and rejects other values", async () => {
    for (const value of ["1", "true"]) {
      expect(slugsOf((await get(handler, `stories?is_startpage=${value}`)).body)).toEqual(["news/"]);
    }
    for (const value of ["0", "false"]) {
      expect(slugsOf((await get(handler, `stories?is_startpage=${value}`)).body)).not.toContain("news/");
      expect((await get(handler, `stories?is_startpage=${value}`)).body.stories).toHaveLength(6);
    }
    expect((await get(handler, "stories?is_startpage=maybe")).status).toBe(400);
  });

  it("by_ids / excluding_ids, with_tag and level", async () => {
    expect(slugsOf((await get(handler, "stories?by_ids=3,8")).body)).toEqual(["news/alpha", "about"]);
    expect((await get(handler, "stories?excluding_ids=1,2,3,4,5")).body.stories).toHaveLength(2);
    expect(slugsOf((await get(handler, "stories?with_tag=featured,other")).body)).toEqual(["news/alpha", "news/beta"]);
    expect(slugsOf((await get(handler, "stories?level=1")).body)).toEqual(["home", "about"]);
    expect(slugsOf((await get(handler, "stories?level=3")).body)).toEqual(["news/archive/old"]);
    expect((await get(handler, "stories?by_ids=abc")).status).toBe(400);
  });

  it("search_term searches name, slug and content case-insensitively", async () => {
    expect(slugsOf((await get(handler, "stories?search_term=ALPHA")).body)).toEqual(["news/alpha"]);
  });

  it("first_published_at_gt / _lt filter on story dates", async () => {
    const res = await get(handler, "stories?first_published_at_gt=2024-02-01%2000:00");
    expect(slugsOf(res.body)).toEqual(["news/alpha"]);
    expect((await get(handler, "stories?published_at_lt=not-a-date")).status).toBe(400);
  });

  it("ignores unknown query parameters and accepts any token", async () => {
    const res = await get(handler, "stories?token=&cv=123&whatever=1&resolve_level=2");
    expect(res.status).toBe(200);
    expect(res.body.stories).toHaveLength(7);
  });
});

describe("GET stories: sort_by", () => {
  it("sorts by story props ascending and descending", async () => {
    const asc = await get(handler, "stories?starts_with=news/&is_startpage=0&sort_by=name:asc");
    expect(slugsOf(asc.body)).toEqual(["news/alpha", "news/beta", "news/archive/old", "news/gamma"]);
    const desc = await get(handler, "stories?starts_with=news/&is_startpage=0&sort_by=name:desc");
    expect(slugsOf(desc.body)).toEqual(["news/gamma", "news/archive/old", "news/beta", "news/alpha"]);
  });

  it("puts nulls last in both directions", async () => {
    const asc = await get(handler, "stories?content_type=news-detail&sort_by=first_published_at:asc");
    expect(slugsOf(asc.body)).toEqual(["news/beta", "news/archive/old", "news/alpha", "news/gamma"]);
    const desc = await get(handler, "stories?content_type=news-detail&sort_by=first_published_at:desc");
    expect(slugsOf(desc.body)).toEqual(["news/alpha", "news/archive/old", "news/beta", "news/gamma"]);
  });

  it("sorts content fields as strings unless :int or :float", async () => {
    const text = await get(handler, "stories?by_slugs=home,news/alpha,news/beta,news/archive/old&sort_by=content.order:asc");
    expect(slugsOf(text.body)).toEqual(["news/archive/old", "home", "news/beta", "news/alpha"]);
    const int = await get(handler, "stories?by_slugs=home,news/alpha,news/beta,news/archive/old&sort_by=content.order:asc:int");
    expect(slugsOf(int.body)).toEqual(["news/archive/old", "news/alpha", "home", "news/beta"]);
    const float = await get(handler, "stories?content_type=news-detail&sort_by=content.price:desc:float");
    expect(slugsOf(float.body)).toEqual(["news/beta", "news/alpha", "news/gamma", "news/archive/old"]);
  });

  it("chains keys with commas", async () => {
    const res = await get(handler, "stories?by_slugs=home,about,news/alpha&sort_by=content.component:desc,position:desc");
    expect(slugsOf(res.body)).toEqual(["about", "home", "news/alpha"]);
  });

  it("sorts by position and slug", async () => {
    const res = await get(handler, "stories?by_slugs=home,about,news/&sort_by=position:desc");
    expect(slugsOf(res.body)).toEqual(["about", "home", "news/"]);
    const slug = await get(handler, "stories?by_slugs=home,about&sort_by=slug:asc");
    expect(slugsOf(slug.body)).toEqual(["about", "home"]);
  });

  it("rejects malformed sort_by with 400", async () => {
    for (const value of ["name:up", ":asc", "name:asc:integer", "content.:asc", ","]) {
      const res = await get(handler, `stories?sort_by=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body.error).toMatch(/sort_by/);
    }
  });
});

describe("GET stories: pagination", () => {
  it("defaults to 25 per page with total and per-page headers", async () => {
    const res = await get(handler, "stories");
    expect(res.headers.get("total")).toBe("7");
    expect(res.headers.get("per-page")).toBe("25");
  });

  it("pages through results", async () => {
    const page1 = await get(handler, "stories?per_page=3&page=1");
    const page3 = await get(handler, "stories?per_page=3&page=3");
    expect(slugsOf(page1.body)).toEqual(["news/", "home", "news/alpha"]);
    expect(slugsOf(page3.body)).toEqual(["about"]);
    expect(page3.headers.get("total")).toBe("7");
    expect(page3.headers.get("per-page")).toBe("3");
  });

  it("returns an empty list beyond the last page", async () => {
    const res = await get(handler, "stories?per_page=3&page=9");
    expect(res.status).toBe(200);
    expect(res.body.stories).toEqual([]);
    expect(res.headers.get("total")).toBe("7");
  });

  it("clamps per_page to 100", async () => {
    const res = await get(handler, "stories?per_page=500");
    expect(res.headers.get("per-page")).toBe("100");
  });

  it("rejects non-numeric or < 1 page/per_page with 400", async () => {
    for (const query of ["page=0", "page=abc", "per_page=x", "per_page=0", "page=-1", "page=1.5"]) {
      const res = await get(handler, `stories?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
  });
});
