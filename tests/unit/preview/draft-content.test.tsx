import "../support/load-blocks";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { ContentPage } from "~/pages/content-page";
import type { PageStory } from "~/pages/content-page.server";
import { DEFAULT_LOCAL_PREVIEW_TOKEN } from "~/server/env.server";
import { previewTokenFor } from "~/features/preview/token.server";
import { SiteProvider } from "~/features/site-state/site-context";
import { createServerStub } from "../support/server-stub";

// The fixture content, published by default (NODE_ENV=test), previews signed with the local default token.
process.env.CONTENT_DIR = "content-fixtures";
process.env.STORYBLOK_TOKEN = "";
delete process.env.LOCAL_PREVIEW_TOKEN;

type Loader = (args: LoaderFunctionArgs) => unknown;
let newsDetail: Loader, catchAll: Loader, root: Loader;
beforeAll(async () => {
  newsDetail = (await import("~/routes/$country.news.$news")).loader;
  catchAll = (await import("~/routes/$country.$")).loader;
  root = (await import("~/root")).loader;
});

const STORY_ID = "667959431";

function previewQuery(secret = DEFAULT_LOCAL_PREVIEW_TOKEN, timestamp = Math.floor(Date.now() / 1000)): string {
  const token = previewTokenFor("1", secret, timestamp);
  return `?_storyblok=${STORY_ID}&_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`;
}

async function load(loader: Loader, url: string, params: Record<string, string>) {
  const result = (await loader({ request: new Request(`http://localhost${url}`), params, context: {} })) as {
    data: { story: PageStory } & Record<string, unknown>;
    init?: { headers?: Record<string, string> };
  };
  return { data: result.data, headers: new Headers(result.init?.headers) };
}

function render(story: PageStory): string {
  const Stub = createServerStub([{ path: "/", Component: () => <SiteProvider value={{ country: "au" }}><ContentPage story={story} /></SiteProvider> }]);
  return renderToStaticMarkup(<Stub />);
}

const NEWS = "/au/news/dealer-network-expands";

describe("draft vs published content", () => {
  it("a plain request shows the published story, cacheable, without editable markers", async () => {
    const { data, headers } = await load(newsDetail, NEWS, { country: "au", news: "dealer-network-expands" });
    expect(data.story.content.title).toBe("Kestrel dealer network grows to 120 locations");
    expect(JSON.stringify(data.story)).not.toContain("_editable");
    expect(headers.get("Cache-Control")).toContain("public");
    expect(headers.get("X-Robots-Tag")).toBeNull();
    const html = render(data.story);
    expect(html).not.toContain("data-blok-c");
    expect(html).not.toContain("data-blok-uid");
  });

  it("a verified preview shows the draft, never cached nor indexed, with editable attributes on every block root", async () => {
    const { data, headers } = await load(newsDetail, `${NEWS}${previewQuery()}`, { country: "au", news: "dealer-network-expands" });
    expect(data.story.content.title).toBe("Kestrel dealer network grows to 124 locations");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = render(data.story);
    const body = data.story.content.body as { _uid: string }[];
    // The root blok and each body blok: data-blok-uid is `{story id}-{uid}`.
    expect(html).toContain(`data-blok-uid="${STORY_ID}-${data.story.content._uid}"`);
    for (const blok of body) expect(html).toContain(`data-blok-uid="${STORY_ID}-${blok._uid}"`);
    expect(html).toMatch(/data-blok-c="\{&quot;name&quot;:&quot;news-detail&quot;/);
  });

  it("ignores preview parameters that do not verify (wrong secret, expired)", async () => {
    for (const query of [previewQuery("guessed"), previewQuery(DEFAULT_LOCAL_PREVIEW_TOKEN, Math.floor(Date.now() / 1000) - 3601)]) {
      const { data, headers } = await load(newsDetail, `${NEWS}${query}`, { country: "au", news: "dealer-network-expands" });
      expect(data.story.content.title).toBe("Kestrel dealer network grows to 120 locations");
      expect(headers.get("Cache-Control")).toContain("public");
      expect(render(data.story)).not.toContain("data-blok-c");
    }
  });

  it("content pages (catch-all) follow the same rule", async () => {
    const published = await load(catchAll, "/au", { country: "au" });
    const draft = await load(catchAll, `/au${previewQuery()}`, { country: "au" });
    expect(JSON.stringify(published.data.story)).not.toContain("_editable");
    expect(JSON.stringify(draft.data.story)).toContain("_editable");
    expect(draft.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the root loader tells the browser which bridge to load, only in preview, and never the token", async () => {
    const plain = (await root({ request: new Request(`http://localhost${NEWS}`), params: {}, context: {} })) as { preview: unknown };
    expect(plain.preview).toBeNull();
    const preview = (await root({ request: new Request(`http://localhost${NEWS}${previewQuery()}`), params: {}, context: {} })) as { preview: unknown };
    expect(preview.preview).toEqual({ bridgeUrl: "/preview/local-bridge.js", storyId: STORY_ID });
    expect(JSON.stringify(preview)).not.toContain(DEFAULT_LOCAL_PREVIEW_TOKEN);
  });
});
