import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalContentApi } from "~/content/local-api";
import { makeContentDir, removeDir, storyFiles } from "./content-fixture";

const dir = makeContentDir({
  ...storyFiles(
    {
      id: 1,
      full_slug: "models/suv",
      name: "SUV",
      content: { component: "model-au", name: "SUV", colours: ["uuid-10", "uuid-11"], model_line: "uuid-20" },
    },
    { id: 10, full_slug: "colours/red", content: { component: "colour", name: "Red", trim: "uuid-30" } },
    { id: 11, full_slug: "colours/blue", content: { component: "colour", name: "Blue" } },
    { id: 20, full_slug: "lines/suv", content: { component: "model-line", name: "SUV line" } },
    { id: 30, full_slug: "trims/cloth", content: { component: "trim", name: "Cloth" } },
    ...Array.from({ length: 60 }, (_, i) => ({
      id: 100 + i,
      full_slug: `news/post-${String(i).padStart(2, "0")}`,
      content: { component: "news-detail", title: `Post ${i}`, category: i % 2 === 0 ? "even" : "odd" },
    })),
    {
      id: 200,
      full_slug: "models/many",
      content: { component: "model-au", colours: Array.from({ length: 55 }, (_, i) => `uuid-${100 + i}`) },
    },
  ),
  "datasources/news-categories.json": [{ id: 1, name: "Events", value: "events", dimension_value: null }],
});
afterAll(() => removeDir(dir));

const handler = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0 });
const requested: string[] = [];

function makeClient(): StoryblokClient {
  return new StoryblokClient({
    accessToken: "local",
    endpoint: "http://local/v2",
    fetch: (url, init) => {
      requested.push(String(url));
      return handler(new Request(url, init));
    },
    rateLimit: 1000,
    cache: { type: "none" },
  });
}

let client: StoryblokClient;
beforeEach(() => {
  client = makeClient();
  client.flushCache();
  requested.length = 0;
});

type Story = { full_slug: string; content: Record<string, unknown> };

describe("storyblok-js-client against the local API", () => {
  it("getStory returns the story", async () => {
    const res = await client.getStory("models/suv", { version: "published" });
    expect(res.data.story.name).toBe("SUV");
    expect(res.data.cv).toBeGreaterThan(0);
    expect(requested[0]).toContain("/v2/cdn/stories/models/suv?");
  });

  it("getStories with filter_query and pagination headers", async () => {
    const res = await client.getStories({
      starts_with: "news/",
      filter_query: { category: { in: "even" }, title: { like: "Post 1*" } },
      sort_by: "content.title:asc",
      per_page: 3,
    });
    expect((res.data.stories as Story[]).map((s) => s.content.title)).toEqual(["Post 10", "Post 12", "Post 14"]);
    expect(res.total).toBe(5);
    expect(res.perPage).toBe(3);
    expect(requested[0]).toContain("filter_query[category][in]=even");
  });

  it("getStories with an __or filter", async () => {
    const res = await client.getStories({
      filter_query: { __or: [{ title: { in: "Post 1" } }, { name: { in: "Blue" } }] },
    });
    expect((res.data.stories as Story[]).map((s) => s.full_slug)).toEqual(["colours/blue", "news/post-01"]);
  });

  it("getAll pages through every story", async () => {
    const all = (await client.getAll("cdn/stories", { starts_with: "news/", per_page: 25 })) as Story[];
    expect(all).toHaveLength(60);
    expect(new Set(all.map((s) => s.full_slug)).size).toBe(60);
    expect(requested.filter((u) => u.includes("page="))).toHaveLength(3);
  });

  it("getAll works for datasource entries", async () => {
    const entries = await client.getAll("cdn/datasource_entries", { datasource: "news-categories" });
    expect(entries).toEqual([{ id: 1, name: "Events", value: "events", dimension_value: null }]);
  });

  it("resolve_relations: the client inlines rels (two levels)", async () => {
    const res = await client.getStory("models/suv", {
      resolve_relations: ["model-au.colours", "model-au.model_line", "colour.trim"],
    });
    const content = res.data.story.content as {
      colours: { name: string; content: { name: string; trim: { content: { name: string } } } }[];
      model_line: { content: { name: string } };
    };
    expect(content.colours.map((c) => c.content.name)).toEqual(["Red", "Blue"]);
    expect(content.model_line.content.name).toBe("SUV line");
    expect(content.colours[0]?.content.trim.content.name).toBe("Cloth");
  });

  it("resolve_relations over 50: the client follows rel_uuids", async () => {
    const res = await client.getStory("models/many", { resolve_relations: "model-au.colours" });
    const colours = (res.data.story.content as { colours: Story[] }).colours;
    expect(colours).toHaveLength(55);
    expect(colours[54]?.content.title).toBe("Post 54");
    expect(requested.some((u) => u.includes("by_uuids="))).toBe(true);
  });

  it("rejects a missing story with status 404", async () => {
    await expect(client.getStory("nope", {})).rejects.toMatchObject({
      status: 404,
      message: "This record could not be found",
    });
  });

  it("rejects bad parameters with the 400 message", async () => {
    await expect(client.getStories({ sort_by: "name:sideways" })).rejects.toMatchObject({ status: 400 });
  });
});
