import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

// A small content set made here, so the route rules are tested on content of their own.
const dir = mkdtempSync(path.join(tmpdir(), "routes-content-"));
let nextId = 1;
function story(fullSlug: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const id = nextId++;
  const file = path.join(dir, "stories", `${fullSlug}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const body = {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    name: fullSlug,
    slug: fullSlug.split("/").pop(),
    full_slug: fullSlug,
    content: { _uid: `uid-${id}`, ...content },
    published_at: "2025-03-05T01:00:00.000Z",
    first_published_at: "2025-03-05T01:00:00.000Z",
    ...extra,
  };
  writeFileSync(file, JSON.stringify(body));
}

story("home", { component: "page", title: "Home" });
story("error", { component: "page", title: "Error", body: [{ _uid: "e1", component: "text-content" }] });
story("only-au", { component: "page", title: "Only AU", locale: "au" });
story("only-nz", { component: "page", title: "Only NZ", locale: "nz" });
story("finance", { component: "page", title: "Finance", finance_logo: false });
story("global/header", { component: "header", brand_name: "Kestrel" });
story("global/navigation", { component: "navigation" });
story("global/footer", { component: "footer" });
story("global/finance", { component: "finance-settings", use_angle_api: true });
story("car-configurator/models/corvo", { component: "model-line", name: "Corvo" });
story("news", { component: "page", title: "News" });
for (let i = 1; i <= 8; i++) {
  story(`news/article-${i}`, { component: "news-detail", title: `Article ${i}`, news_categories: ["events"], body: [] }, {
    first_published_at: `2025-0${i}-10T00:00:00.000Z`,
  });
}
story("news/draft", { component: "news-detail", title: "Draft" }, { published_at: null, first_published_at: null });
mkdirSync(path.join(dir, "datasources"), { recursive: true });
writeFileSync(
  path.join(dir, "datasources", "news-categories.json"),
  JSON.stringify([{ id: 1, name: "Events", value: "events", dimension_value: null }]),
);

process.env.CONTENT_DIR = dir;
process.env.STORYBLOK_TOKEN = "";

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
const args = (url: string, params: Record<string, string>): LoaderFunctionArgs => ({
  request: new Request(`http://localhost${url}`),
  params,
  context: {},
});

/** Runs a loader and returns either its data or what it threw, with the status. */
async function run(loader: Loader, url: string, params: Record<string, string>) {
  try {
    const result = (await loader(args(url, params))) as { data?: unknown; init?: { status?: number } } | Response;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null };
    return { status: result.init?.status ?? 200, data: (result.data ?? result) as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const t = thrown as { data?: Record<string, unknown>; init?: { status?: number } };
    return { status: t.init?.status ?? 500, data: t.data ?? null };
  }
}

let layout: Loader, catchAll: Loader, finance: Loader, news: Loader, newsDetail: Loader, config: Loader, index: Loader;
beforeAll(async () => {
  layout = (await import("~/routes/$country")).loader;
  catchAll = (await import("~/routes/$country.$")).loader;
  finance = (await import("~/routes/$country.finance")).loader;
  news = (await import("~/routes/$country.news._index")).loader;
  newsDetail = (await import("~/routes/$country.news.$news")).loader;
  config = (await import("~/routes/$country.config.$modelLine")).loader;
  index = (await import("~/routes/_index")).loader;
  // Importing every route module is the slow part, and slower still on a loaded machine.
}, 60_000);

describe("country layout", () => {
  it("loads the global stories for au and nz", async () => {
    const r = await run(layout, "/nz", { country: "nz" });
    expect(r.status).toBe(200);
    expect((r.data?.globals as { header: { brand_name: string } }).header.brand_name).toBe("Kestrel");
  });
  it("answers an unknown country with a 404 that carries the error story and the shell", async () => {
    const r = await run(layout, "/xx/offers", { country: "xx" });
    expect(r.status).toBe(404);
    expect(r.data?.message).toBe("Page Not Found: /xx/offers");
    expect((r.data?.errorStory as { title: string }).title).toBe("Error");
    expect(r.data?.globals).toBeTruthy();
  });
  it("calls a path that is not a country an unknown route", async () => {
    const r = await run(layout, "/definitely-not", { country: "definitely-not" });
    expect(r.status).toBe(404);
    expect(r.data?.message).toBe("Page not found: /definitely-not");
  });
});

describe("catch-all page", () => {
  it("renders the home story at the country root and redirects /home there", async () => {
    expect((await run(catchAll, "/au", { country: "au" })).status).toBe(200);
    const r = await run(catchAll, "/au/home", { country: "au", "*": "home" });
    expect(r.status).toBe(301);
    expect(r.location).toBe("/au");
  });
  it("is a 404 when the story's locale is another country", async () => {
    expect((await run(catchAll, "/au/only-au", { country: "au", "*": "only-au" })).status).toBe(200);
    expect((await run(catchAll, "/nz/only-au", { country: "nz", "*": "only-au" })).status).toBe(404);
    expect((await run(catchAll, "/au/only-nz", { country: "au", "*": "only-nz" })).status).toBe(404);
  });
  it("is a 404 with the error story for a missing story", async () => {
    const r = await run(catchAll, "/nz/nope", { country: "nz", "*": "nope" });
    expect(r.status).toBe(404);
    // A missing story is 'Page Not Found' without the path (spec site.md section 8).
    expect(r.data?.message).toBe("Page Not Found");
    expect(r.data?.errorStory).toBeTruthy();
  });
  it("never renders global or catalogue stories as pages", async () => {
    expect((await run(catchAll, "/au/global/header", { country: "au", "*": "global/header" })).status).toBe(404);
    expect((await run(catchAll, "/au/car-configurator/models/corvo", { country: "au", "*": "car-configurator/models/corvo" })).status).toBe(404);
  });
  it("does not serve unpublished stories in production", async () => {
    expect((await run(catchAll, "/au/news/draft", { country: "au", "*": "news/draft" })).status).toBe(404);
  });
});

describe("finance page", () => {
  it("takes header styling from the story with the finance logo on by default", async () => {
    const r = await run(finance, "/au/finance", { country: "au" });
    expect(r.status).toBe(200);
    const settings = r.data?.pageSettings as { financeLogo: boolean; menuButtonColor: string };
    expect(settings.financeLogo).toBe(false); // the story turns it off
    expect(settings.menuButtonColor).toBe("black");
  });
});

describe("news", () => {
  it("loads the story, the categories and the 6 newest published articles", async () => {
    const r = await run(news, "/au/news", { country: "au" });
    expect(r.status).toBe(200);
    const list = r.data?.news as { stories: { name: string; content: Record<string, unknown> }[]; total: number };
    expect(list.total).toBe(8);
    expect(list.stories.map((s) => s.name)).toEqual([8, 7, 6, 5, 4, 3].map((i) => `news/article-${i}`));
    expect(list.stories[0]?.content.body).toBeUndefined(); // excluding_fields=body
    expect((r.data?.newsCategories as unknown[]).length).toBe(1);
  });
  it("loads a news detail by its slug and 404s for other content types", async () => {
    expect((await run(newsDetail, "/nz/news/article-1", { country: "nz", news: "article-1" })).status).toBe(200);
    const missing = await run(newsDetail, "/nz/news/missing", { country: "nz", news: "missing" });
    expect(missing.status).toBe(404);
    expect(missing.data?.message).toBe("Page Not Found");
  });
});

describe("configurator route", () => {
  it("answers 404 for a missing model line and 200 for a known one", async () => {
    expect((await run(config, "/au/config/corvo", { country: "au", modelLine: "corvo" })).status).toBe(200);
    const missing = await run(config, "/au/config/nope", { country: "au", modelLine: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.data?.message).toBe("Page Not Found");
  });
});

describe("/ redirect", () => {
  it("goes to the stored country, else /au", async () => {
    expect((await run(index, "/", {})).location).toBe("/au");
    const withCookie = await index({ request: new Request("http://localhost/", { headers: { Cookie: "a=1; country=nz" } }), params: {}, context: {} });
    expect((withCookie as Response).headers.get("Location")).toBe("/nz");
    const bad = await index({ request: new Request("http://localhost/", { headers: { Cookie: "country=//evil.example" } }), params: {}, context: {} });
    expect((bad as Response).headers.get("Location")).toBe("/au");
  });
});
