import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * One content round trip per page (issue 14): the local content API gets 100 ms of latency and
 * every request is given a "generation": 1 + the highest generation of the requests that had
 * already answered when it started. A request that had to wait for another's answer is a later
 * generation; requests made side by side share one. The test runs each route's loaders the way
 * Remix does (root, country layout and page in parallel) on a cold content cache and asserts the
 * number of sequential waits: 1, or 2 when the page has blocks whose loaders need the story
 * first. This is a count, not a wall-clock assertion.
 */
process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.NODE_ENV = "production";

const LATENCY_MS = 100;

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
interface RouteCase {
  path: string;
  params: Record<string, string>;
  leaf: string;
}

const CASES: RouteCase[] = [
  { path: "/au", params: { country: "au" }, leaf: "$country._index" },
  { path: "/au/models/suv/tarrak", params: { country: "au", "*": "models/suv/tarrak" }, leaf: "$country.$" },
  { path: "/nz/models/hatch/mirra", params: { country: "nz", "*": "models/hatch/mirra" }, leaf: "$country.$" },
  { path: "/au/offers", params: { country: "au", "*": "offers" }, leaf: "$country.$" },
  { path: "/au/dealer-locator", params: { country: "au", "*": "dealer-locator" }, leaf: "$country.$" },
  { path: "/au/finance", params: { country: "au" }, leaf: "$country.finance" },
  { path: "/au/news", params: { country: "au" }, leaf: "$country.news._index" },
  { path: "/au/news/dealer-network-expands", params: { country: "au", news: "dealer-network-expands" }, leaf: "$country.news.$news" },
  { path: "/au/config/tarrak", params: { country: "au", modelLine: "tarrak" }, leaf: "$country.config.$modelLine" },
];

let client: typeof import("~/content/client.server");
let cache: typeof import("~/content/cache.server");
let blockLoaders: Readonly<Record<string, unknown>>;
const loaders = new Map<string, Loader>();

/** Records each content request's generation and slug; every request waits LATENCY_MS. */
function instrument() {
  const requests: { generation: number; url: string }[] = [];
  const answered: number[] = [];
  client.setContentFetchInterceptor(async (request, next) => {
    const generation = 1 + Math.max(0, ...answered);
    requests.push({ generation, url: decodeURIComponent(new URL(request.url).pathname + new URL(request.url).search) });
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    const response = await next(request);
    answered.push(generation);
    return response;
  });
  return requests;
}

/** The page's body has bloks whose loaders run after the story (a second round trip at most). */
function hasBlockLoaders(data: unknown): boolean {
  const body = (data as { story?: { content?: { body?: unknown } } } | null)?.story?.content?.body;
  return Array.isArray(body) && body.some((b) => Object.prototype.hasOwnProperty.call(blockLoaders, (b as { component?: string }).component ?? ""));
}

beforeAll(async () => {
  client = await import("~/content/client.server");
  cache = await import("~/content/cache.server");
  blockLoaders = (await import("~/blocks/loaders.server")).blockLoaders;
  loaders.set("root", (await import("~/root")).loader as Loader);
  loaders.set("$country", (await import("~/routes/$country")).loader as Loader);
  for (const c of CASES) loaders.set(c.leaf, (await import(`~/routes/${c.leaf}.tsx`)).loader as Loader);
});
afterAll(() => client.setContentFetchInterceptor(null));

describe("content round trips per page (100 ms latency on the content API)", () => {
  it.each(CASES)("$path waits for the content service once (twice with block loaders)", async ({ path: url, params, leaf }) => {
    cache.clearContentCache();
    const requests = instrument();
    const args = (p: Record<string, string>) => ({ request: new Request(`http://localhost${url}`), params: p, context: {} });
    const results = await Promise.all([
      loaders.get("root")!(args({})),
      loaders.get("$country")!(args({ country: params.country! })),
      loaders.get(leaf)!(args(params)),
    ]);
    const page = results[2] as { data?: unknown; init?: { status?: number } } | undefined;
    const data = page && typeof page === "object" && "data" in page ? page.data : page;
    expect(requests.length).toBeGreaterThan(0);
    const generations = Math.max(...requests.map((r) => r.generation));
    const allowed = hasBlockLoaders(data) ? 2 : 1;
    expect(
      generations,
      `sequential content waits on ${url}:\n${requests.map((r) => `  ${r.generation} ${r.url}`).join("\n")}`,
    ).toBeLessThanOrEqual(allowed);
  });

  it("a warm content cache answers a page without any content request", async () => {
    const { path: url, params, leaf } = CASES[1]!;
    const args = (p: Record<string, string>) => ({ request: new Request(`http://localhost${url}`), params: p, context: {} });
    const run = () => Promise.all([loaders.get("$country")!(args({ country: params.country! })), loaders.get(leaf)!(args(params))]);
    cache.clearContentCache();
    instrument();
    await run();
    const again = instrument();
    await run();
    expect(again).toEqual([]);
  });
});
