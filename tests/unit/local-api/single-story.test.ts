import { afterAll, describe, expect, it } from "vitest";
import { createLocalContentApi } from "~/content/local-api";
import { apiFor, get, makeStory, removeDir, storyFiles } from "./content-fixture";

const files = {
  ...storyFiles(
    { id: 1, full_slug: "home", content: { title: "Home", body: [{ _uid: "b1", component: "hero-banner", heading: "Hi" }] } },
    { id: 2, full_slug: "news/", file: "news/index", is_startpage: true, name: "News" },
    { id: 3, full_slug: "news/first-post", content: { component: "news-detail", title: "First" } },
    { id: 4, full_slug: "secret-draft", published: false, content: { title: "Never published" } },
    {
      id: 5,
      full_slug: "with-draft",
      content: { title: "Published title", _editable: "<!--#storyblok#{}-->" },
      draft: { content: { _uid: "root-5", component: "page", title: "Draft title" } },
    },
  ),
};
const { handler, dir } = apiFor(files, 4242);
afterAll(() => removeDir(dir));

describe("GET stories/{full_slug}", () => {
  it("returns the story envelope with cv, rels and links", async () => {
    const res = await get(handler, "stories/home?token=anything&version=published");
    expect(res.status).toBe(200);
    expect(res.body.story.full_slug).toBe("home");
    expect(res.body.story.content.title).toBe("Home");
    expect(res.body.rels).toEqual([]);
    expect(res.body.links).toEqual([]);
    expect(Number.isInteger(res.body.cv)).toBe(true);
    expect(res.body.cv).toBeGreaterThan(0);
    expect(res.body).not.toHaveProperty("rel_uuids");
  });

  it("sends JSON and CORS headers", async () => {
    const res = await get(handler, "stories/home");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toBe("total, per-page");
  });

  it("defaults to the published version", async () => {
    const res = await get(handler, "stories/with-draft");
    expect(res.body.story.content.title).toBe("Published title");
  });

  it("serves folder start pages by folder slug, with or without trailing slash", async () => {
    for (const path of ["stories/news", "stories/news/"]) {
      const res = await get(handler, path);
      expect(res.status, path).toBe(200);
      expect(res.body.story.id).toBe(2);
      expect(res.body.story.is_startpage).toBe(true);
    }
  });

  it("accepts a trailing slash on nested slugs", async () => {
    const res = await get(handler, "stories/news/first-post/");
    expect(res.body.story.id).toBe(3);
  });

  it("finds a story by numeric id", async () => {
    const res = await get(handler, "stories/3");
    expect(res.status).toBe(200);
    expect(res.body.story.full_slug).toBe("news/first-post");
  });

  it("finds a story by uuid with find_by=uuid", async () => {
    const res = await get(handler, "stories/uuid-3?find_by=uuid");
    expect(res.body.story.id).toBe(3);
    const missing = await get(handler, "stories/news/first-post?find_by=uuid");
    expect(missing.status).toBe(404);
  });

  it("rejects an unknown find_by with 400", async () => {
    const res = await get(handler, "stories/home?find_by=name");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/find_by/);
  });

  it("answers 404 with the CDN body for a missing story", async () => {
    const res = await get(handler, "stories/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(["This record could not be found"]);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("hides never-published stories from the published version", async () => {
    expect((await get(handler, "stories/secret-draft")).status).toBe(404);
    expect((await get(handler, "stories/secret-draft?version=published")).status).toBe(404);
    const draft = await get(handler, "stories/secret-draft?version=draft");
    expect(draft.status).toBe(200);
    expect(draft.body.story.published_at).toBeNull();
  });

  it("returns draft.content for version=draft and never the draft key", async () => {
    const draft = await get(handler, "stories/with-draft?version=draft");
    expect(draft.body.story.content.title).toBe("Draft title");
    expect(draft.body.story).not.toHaveProperty("draft");
    const published = await get(handler, "stories/with-draft?version=published");
    expect(published.body.story).not.toHaveProperty("draft");
  });

  it("adds _editable to every blok in draft, with the Storyblok comment format", async () => {
    const res = await get(handler, "stories/home?version=draft");
    const { content } = res.body.story;
    expect(content._editable).toBe('<!--#storyblok#{"name": "page", "space": "4242", "uid": "root-1", "id": "1"}-->');
    expect(content.body[0]._editable).toBe(
      '<!--#storyblok#{"name": "hero-banner", "space": "4242", "uid": "b1", "id": "1"}-->',
    );
  });

  it("never returns _editable for published, even if the file has one", async () => {
    const home = await get(handler, "stories/home");
    expect(JSON.stringify(home.body)).not.toContain("_editable");
    const withDraft = await get(handler, "stories/with-draft");
    expect(withDraft.body.story.content).not.toHaveProperty("_editable");
  });

  it("drops top-level content fields listed in excluding_fields", async () => {
    const res = await get(handler, "stories/home?excluding_fields=body,missing");
    expect(res.body.story.content).not.toHaveProperty("body");
    expect(res.body.story.content.title).toBe("Home");
  });

  it("drops documented story properties listed in excluding_story_fields, ignoring others", async () => {
    const res = await get(handler, "stories/home?excluding_story_fields=tag_list,alternates,uuid,content");
    expect(res.body.story).not.toHaveProperty("tag_list");
    expect(res.body.story).not.toHaveProperty("alternates");
    expect(res.body.story.uuid).toBe("uuid-1");
    expect(res.body.story.content.title).toBe("Home");
  });

  it("works when mounted under another prefix", async () => {
    const response = await handler(new Request("http://localhost:3000/_content/v2/cdn/stories/home?token=x"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { story: { id: number } };
    expect(body.story.id).toBe(1);
  });

  it("fills full_slug and slug from the file path when the story lacks them", async () => {
    const story = makeStory({ id: 9, full_slug: "x" });
    delete story.full_slug;
    delete story.slug;
    const other = apiFor({ "stories/about/team.json": story });
    const res = await get(other.handler, "stories/about/team");
    expect(res.body.story.full_slug).toBe("about/team");
    expect(res.body.story.slug).toBe("team");
    removeDir(other.dir);
  });

  it("uses spaceId 1 by default", async () => {
    const plain = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0 });
    const res = await get(plain, "stories/home?version=draft");
    expect(res.body.story.content._editable).toContain('"space": "1"');
  });
});
