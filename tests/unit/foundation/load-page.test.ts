import { beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageView } from "~/pages/content-page.server";

// The fixture content, published (NODE_ENV=test).
process.env.CONTENT_DIR = "content-fixtures";
process.env.STORYBLOK_TOKEN = "";

type Loader = (args: LoaderFunctionArgs) => unknown;
let newsDetail: Loader, newsListing: Loader, finance: Loader, catchAll: Loader;
beforeAll(async () => {
  newsDetail = (await import("~/routes/$country.news.$news")).loader;
  newsListing = (await import("~/routes/$country.news._index")).loader;
  finance = (await import("~/routes/$country.finance")).loader;
  catchAll = (await import("~/routes/$country.$")).loader;
});

async function load(loader: Loader, url: string, params: Record<string, string>) {
  try {
    const result = (await loader({ request: new Request(`http://localhost${url}`), params, context: {} })) as {
      data: PageView & Record<string, unknown>;
      init?: { headers?: Record<string, string> };
    };
    return { status: 200, data: result.data, headers: new Headers(result.init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, headers: thrown.headers };
    const init = (thrown as { init?: { status?: number; headers?: HeadersInit } }).init;
    if (init?.status) return { status: init.status, data: null, headers: new Headers(init.headers) };
    throw thrown;
  }
}

describe("loadPage: the one loader of content pages", () => {
  it("gives every page route the same typed view: story, settings, structured data, block data", async () => {
    for (const [loader, url, params] of [
      [catchAll, "/au/contact-us", { country: "au", "*": "contact-us" }],
      [finance, "/nz/finance", { country: "nz" }],
      [newsListing, "/au/news", { country: "au" }],
      [newsDetail, "/au/news/dealer-network-expands", { country: "au", news: "dealer-network-expands" }],
    ] as const) {
      const { status, data, headers } = await load(loader, url, params);
      expect(status, url).toBe(200);
      expect(Object.keys(data!).sort(), url).toEqual(expect.arrayContaining(["blockData", "country", "pageSettings", "story", "structuredData"]));
      expect(headers.get("cache-control"), url).toMatch(/s-maxage=60/);
    }
  });

  it("names the query parameters the story's blocks read (X-Page-Query-Params), none for a page of text", async () => {
    const read = async (loader: Loader, url: string, params: Record<string, string>) => (await load(loader, url, params)).headers.get("X-Page-Query-Params");
    expect(await read(catchAll, "/au/privacy?model=x", { country: "au", "*": "privacy" })).toBe("-");
    expect(await read(catchAll, "/au/contact-us", { country: "au", "*": "contact-us" })).toBe("build dealer model submitted");
    expect(await read(newsListing, "/au/news", { country: "au" })).toBe("category page");
    expect(await read(catchAll, "/au/models/suv/tarrak", { country: "au", "*": "models/suv/tarrak" })).toBe("category colour pages sort variant");
    expect(await read(catchAll, "/au/dealer-locator", { country: "au", "*": "dealer-locator" })).toBe("dealer lat lng q");
  });

  it("merges a route's extra reads, and imposes its forced settings over the story's", async () => {
    const article = await load(newsDetail, "/au/news/dealer-network-expands", { country: "au", news: "dealer-network-expands" });
    expect(article.data!.newsCategories).toEqual(expect.arrayContaining([expect.objectContaining({ value: "company-news" })]));
    expect(article.data!.pageSettings).toMatchObject({ menuButtonColor: "black", invertLogo: false, financeLogo: false });
    expect(article.data!.structuredData.map((node) => node["@type"])).toEqual(["BreadcrumbList", "NewsArticle"]);
    const listing = await load(newsListing, "/au/news", { country: "au" });
    expect(listing.data!.news).toBeTruthy();
    expect(listing.data!.structuredData).toEqual([]);
    expect((await load(finance, "/au/finance", { country: "au" })).data!.pageSettings.financeLogo).toBe(true);
  });

  it("answers 404 for a story of the wrong component, another country's story, or a missing one", async () => {
    // The news listing story is a page, not a news article.
    expect((await load(newsDetail, "/au/news/", { country: "au", news: "" })).status).toBe(404);
    expect((await load(newsDetail, "/au/news/no-such", { country: "au", news: "no-such" })).status).toBe(404);
    expect((await load(newsDetail, "/nz/news/clean-up-australia-partnership", { country: "nz", news: "clean-up-australia-partnership" })).status).toBe(404);
  });

  it("answers 503, not 404, when the content service cannot give the story, and the page again once it can", async () => {
    const client = await import("~/content/client.server");
    const cache = await import("~/content/cache.server");
    const url = "/au/contact-us";
    cache.getContentCache().clear();
    client.setContentFetchInterceptor(() => Promise.reject(new TypeError("fetch failed")));
    try {
      // Outside any request context: the page decides from the error it caught.
      const down = await load(catchAll, url, { country: "au", "*": "contact-us" });
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("60");
    } finally {
      client.setContentFetchInterceptor(null);
    }
    cache.getContentCache().clear();
    expect((await load(catchAll, url, { country: "au", "*": "contact-us" })).status).toBe(200);
  });
});
