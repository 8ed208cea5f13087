import { afterAll, describe, expect, it } from "vitest";
import { apiFor, get, removeDir, storyFiles } from "./content-fixture";

const categories = [
  { id: 1, name: "Events", value: "events", dimension_value: null },
  { id: 2, name: "Awards", value: "awards", dimension_value: "Auszeichnungen" },
  { id: 3, name: "Products", value: "products", dimension_value: { de: "Produkte", fr: "Produits" } },
];
const colours = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1, name: `c${i}`, value: `#${i}`, dimension_value: null }));

const { handler, dir } = apiFor({
  "datasources/news-categories.json": categories,
  "datasources/colours.json": colours,
  ...storyFiles(
    { id: 1, full_slug: "home", name: "Home" },
    { id: 2, full_slug: "news/", file: "news/index", is_startpage: true, name: "News" },
    { id: 3, full_slug: "news/a", name: "A", path: "custom/a" },
    { id: 4, full_slug: "news/hidden", published: false },
  ),
});
afterAll(() => removeDir(dir));

describe("GET datasource_entries", () => {
  it("returns the entries with dimension_value null without a dimension", async () => {
    const res = await get(handler, "datasource_entries?datasource=news-categories&version=published&token=x");
    expect(res.status).toBe(200);
    expect(res.body.datasource_entries).toEqual([
      { id: 1, name: "Events", value: "events", dimension_value: null },
      { id: 2, name: "Awards", value: "awards", dimension_value: null },
      { id: 3, name: "Products", value: "products", dimension_value: null },
    ]);
    expect(res.body.cv).toBeGreaterThan(0);
    expect(res.headers.get("total")).toBe("3");
    expect(res.headers.get("per-page")).toBe("25");
  });

  it("returns dimension values for a requested dimension", async () => {
    const res = await get(handler, "datasource_entries?datasource=news-categories&dimension=de");
    expect(res.body.datasource_entries.map((e: { dimension_value: unknown }) => e.dimension_value)).toEqual([
      null,
      "Auszeichnungen",
      "Produkte",
    ]);
  });

  it("paginates with a per_page maximum of 1000", async () => {
    const page1 = await get(handler, "datasource_entries?datasource=colours&per_page=5000");
    expect(page1.body.datasource_entries).toHaveLength(1000);
    expect(page1.headers.get("per-page")).toBe("1000");
    expect(page1.headers.get("total")).toBe("1200");
    const page2 = await get(handler, "datasource_entries?datasource=colours&per_page=1000&page=2");
    expect(page2.body.datasource_entries).toHaveLength(200);
    const beyond = await get(handler, "datasource_entries?datasource=colours&per_page=1000&page=3");
    expect(beyond.body.datasource_entries).toEqual([]);
    expect((await get(handler, "datasource_entries?datasource=colours&page=zero")).status).toBe(400);
  });

  it("answers 404 JSON for an unknown datasource", async () => {
    const res = await get(handler, "datasource_entries?datasource=nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(["This record could not be found"]);
  });

  it("returns the entries of all datasources without datasource", async () => {
    const res = await get(handler, "datasource_entries?per_page=1000");
    expect(res.headers.get("total")).toBe("1203");
  });
});

describe("GET spaces/me", () => {
  it("describes the space with version = cv", async () => {
    const story = await get(handler, "stories/home");
    const res = await get(handler, "spaces/me");
    expect(res.status).toBe(200);
    expect(res.body.space).toEqual({
      id: 4242,
      name: "Local content",
      domain: "http://local/",
      version: story.body.cv,
      language_codes: ["au", "nz"],
    });
  });
});

describe("GET links", () => {
  it("returns a map of links keyed by uuid, published only by default", async () => {
    const res = await get(handler, "links");
    expect(Object.keys(res.body.links)).toEqual(["uuid-1", "uuid-2", "uuid-3"]);
    expect(res.body.links["uuid-3"]).toMatchObject({
      id: 3,
      slug: "news/a",
      name: "A",
      is_folder: false,
      published: true,
      real_path: "/custom/a",
    });
    expect(res.body.links["uuid-2"].is_startpage).toBe(true);
    expect(res.headers.get("total")).toBe("3");
  });

  it("supports starts_with, draft and a single link", async () => {
    const draft = await get(handler, "links?version=draft&starts_with=news/");
    expect(Object.keys(draft.body.links)).toEqual(["uuid-2", "uuid-3", "uuid-4"]);
    expect(draft.body.links["uuid-4"].published).toBe(false);
    const single = await get(handler, "links/uuid-3");
    expect(single.body.link.slug).toBe("news/a");
    expect((await get(handler, "links/uuid-4")).status).toBe(404);
  });
});
