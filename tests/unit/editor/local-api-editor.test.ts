import StoryblokClient from "storyblok-js-client";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalContentApi } from "~/content/local-api";
import { resolveLink } from "~/content/links";
import type { Link } from "~/content/schema";
import { get, makeContentDir, removeDir, storyFiles } from "../local-api/content-fixture";

/**
 * The local content API as Storyblok answers an editor's tools: drafts only to the preview token,
 * `from_release` accepted, and story links resolved by uuid (`resolve_links`) so a moved story's
 * links follow it.
 */

const PREVIEW_TOKEN = "local-preview-secret";
const dir = makeContentDir(
  storyFiles(
    {
      id: 1,
      full_slug: "offers/spring",
      content: {
        component: "page",
        cta: { id: "uuid-2", url: "", linktype: "story", fieldtype: "multilink", cached_url: "news/old-slug" },
        text: {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: "Read", marks: [{ type: "link", attrs: { linktype: "story", uuid: "uuid-2", href: "/news/old-slug" } }] }] }],
        },
      },
    },
    // The linked story was moved: its stored links still say news/old-slug.
    { id: 2, full_slug: "news/new-slug", content: { component: "news-detail", title: "Moved" } },
    { id: 3, full_slug: "news/unpublished", published: false, content: { component: "news-detail", title: "Draft" } },
  ),
);
afterAll(() => removeDir(dir));
const handler = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0, previewToken: PREVIEW_TOKEN });

describe("drafts only with the preview token", () => {
  it("answers version=draft only to the preview token, with 401 JSON otherwise; published content to anyone", async () => {
    for (const query of ["version=draft", "version=draft&token=", "version=draft&token=public-token", `version=draft&token=${PREVIEW_TOKEN}x`, `version=draft&token=${PREVIEW_TOKEN.slice(1)}`]) {
      const refused = await get(handler, `stories/news/unpublished?${query}`);
      expect(refused.status, query).toBe(401);
      expect(refused.body).toEqual({ error: "Unauthorized: version=draft needs the preview token" });
      expect((await get(handler, `stories?${query}`)).status).toBe(401);
      expect((await get(handler, `links?${query}`)).status).toBe(401);
    }
    const draft = await get(handler, `stories/news/unpublished?version=draft&token=${PREVIEW_TOKEN}`);
    expect(draft.status).toBe(200);
    expect((draft.body as { story: { full_slug: string } }).story.full_slug).toBe("news/unpublished");
    expect((await get(handler, "stories/news/new-slug?version=published&token=anything")).status).toBe(200);
    expect((await get(handler, "stories/news/new-slug")).status).toBe(200);
  });

  it("accepts from_release (a release id) on draft reads, and refuses a malformed one", async () => {
    const res = await get(handler, `stories/news/unpublished?version=draft&from_release=12345&token=${PREVIEW_TOKEN}`);
    expect(res.status).toBe(200);
    const bad = await get(handler, `stories/news/unpublished?version=draft&from_release=x;drop&token=${PREVIEW_TOKEN}`);
    expect(bad.status).toBe(400);
  });
});

describe("story links by uuid", () => {
  const client = new StoryblokClient({
    accessToken: "public",
    endpoint: "http://local/v2",
    fetch: (url, init) => handler(new Request(url, init)),
    rateLimit: 1000,
    cache: { type: "none" },
  });

  it("resolve_links=url lists the linked stories with their current full_slug", async () => {
    const res = await get(handler, "stories/offers/spring?resolve_links=url");
    const links = (res.body as { links: { uuid: string; full_slug: string }[] }).links;
    expect(links).toEqual([expect.objectContaining({ uuid: "uuid-2", full_slug: "news/new-slug" })]);
    expect((await get(handler, "stories/offers/spring")).body).toMatchObject({ links: [] });
    expect((await get(handler, "stories/offers/spring?resolve_links=bogus")).status).toBe(400);
  });

  it("through storyblok-js-client, a multilink and a rich-text link to a moved story follow it", async () => {
    const { data } = await client.getStory("offers/spring", { version: "published", resolve_links: "url" });
    const content = data.story.content as { cta: Link; text: { content: { content: { marks: { attrs: { story?: { full_slug?: string } } }[] }[] }[] } };
    expect(resolveLink(content.cta, "au")?.href).toBe("/au/news/new-slug");
    expect(content.text.content[0]!.content[0]!.marks[0]!.attrs.story?.full_slug).toBe("news/new-slug");
    // Without resolution the stored path is the fallback.
    const plain = await client.getStory("offers/spring", { version: "published" });
    expect(resolveLink((plain.data.story.content as { cta: Link }).cta, "au")?.href).toBe("/au/news/old-slug");
  });
});
