import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BlockLoaderArgs } from "~/blocks/loaders.server";
import { restoreEnv, stubEnv } from "../support/env";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.SITE_URL = "https://www.kestrel.example";
delete process.env.GOOGLE_MAPS_API_KEY;
delete process.env.GOOGLE_MAPS_MAP_ID;
delete process.env.DEALERS_CSV_URL;
delete process.env.PMA_CSV_URL;

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
let storeLocatorLoader: typeof import("~/features/dealers/locator.server").storeLocatorLoader;
let listedDealers: typeof import("~/features/dealers/locator").listedDealers;
let autoDealerJsonLd: typeof import("~/features/dealers/dealer-json-ld").autoDealerJsonLd;
let loadBlockData: typeof import("~/blocks/loaders.server").loadBlockData;
let places: Loader;
let catchAll: Loader;

beforeAll(async () => {
  ({ storeLocatorLoader } = await import("~/features/dealers/locator.server"));
  ({ loadBlockData } = await import("~/blocks/loaders.server"));
  ({ listedDealers } = await import("~/features/dealers/locator"));
  ({ autoDealerJsonLd } = await import("~/features/dealers/dealer-json-ld"));
  places = (await import("~/routes/api.places")).loader as Loader;
  catchAll = (await import("~/routes/$country.$")).loader as Loader;
}, 60_000); // the page route imports the whole app: slow on a busy machine

afterEach(() => {
  vi.restoreAllMocks();
  restoreEnv();
});

const request = (url: string) => new Request(`http://localhost${url}`);
const locate = (url: string, country: "au" | "nz" = "au") => storeLocatorLoader({ country, request: request(url) });
/** The block's JSON-LD for its data: an AutoDealer per listed dealer. */
const jsonLd = (data: Awaited<ReturnType<typeof locate>>) => listedDealers(data).map((d) => autoDealerJsonLd(d, { url: data.pageUrl }));

describe("store-locator block loader (fixture dealers and gazetteer)", () => {
  it("postcode 3121 lists the Melbourne dealers under 100 km, nearest first, with opening hours for their JSON-LD", async () => {
    const data = await locate("/au/dealer-locator?q=3121");
    expect(data.mode).toBe("nearby");
    expect(data.origin).toMatchObject({ label: "Richmond, VIC 3121", kind: "place" });
    expect(data.dealers[0]).toMatchObject({ code: "AU-VIC-001", name: "Kestrel Richmond" });
    expect(data.dealers.length).toBeGreaterThan(5);
    expect(data.dealers.every((d) => d.country === "au" && (d.distanceKm as number) < 100)).toBe(true);
    expect(data.dealers.map((d) => d.code)).not.toContain("AU-VIC-010"); // Ballarat, ~110 km
    expect(data.pageUrl).toBe("https://www.kestrel.example/au/dealer-locator");
    const nodes = jsonLd(data);
    expect(nodes).toHaveLength(data.dealers.length);
    expect(nodes[0]).toMatchObject({
      "@type": "AutoDealer",
      "@id": "https://www.kestrel.example/au/dealer-locator#dealer-AU-VIC-001",
      name: "Kestrel Richmond",
      address: { postalCode: "3121", addressCountry: "AU" },
      openingHoursSpecification: expect.arrayContaining([
        expect.objectContaining({ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:30", closes: "18:00" }),
        expect.objectContaining({ dayOfWeek: ["Sunday"], opens: "10:00", closes: "16:00" }),
      ]),
    });
  });

  it("Hamilton (nz) lists Kestrel Hamilton first, and only New Zealand dealers", async () => {
    const data = await locate("/nz/dealer-locator?q=Hamilton", "nz");
    expect(data.origin?.label).toMatch(/^Hamilton/);
    expect(data.dealers[0]).toMatchObject({ code: "NZ-WKO-001", name: "Kestrel Hamilton" });
    expect(data.dealers[0].distanceKm).toBeLessThan(5);
    expect(data.dealers.every((d) => d.country === "nz")).toBe(true);
    expect(data.mapDealers.every((d) => d.code.startsWith("NZ-"))).toBe(true);
  });

  it("lists all dealers of the country by name without a query", async () => {
    const data = await locate("/au/dealer-locator");
    expect(data.mode).toBe("all");
    const names = data.dealers.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(data.dealers.length).toBe(data.mapDealers.length);
    expect(jsonLd(data)).toHaveLength(data.dealers.length);
  });

  it("in results mode lists the selected dealer only (and only it gets structured data)", async () => {
    const data = await locate("/au/dealer-locator?q=3121&dealer=AU-VIC-003");
    expect(data.selected).toMatchObject({ code: "AU-VIC-003", name: "Kestrel Dandenong" });
    expect(jsonLd(data).map((n) => n.identifier)).toEqual(["AU-VIC-003"]);
  });

  it("passes the maps key and map ID from the environment only when set (else nothing third-party loads)", async () => {
    expect((await locate("/au/dealer-locator")).mapsApiKey).toBeNull();
    stubEnv({ GOOGLE_MAPS_API_KEY: "  browser-key " });
    const data = await locate("/au/dealer-locator");
    expect(data.mapsApiKey).toBe("browser-key");
    expect(data.mapId).toBe("DEMO_MAP_ID");
  });
});

describe("loadBlockData", () => {
  const req = request("/au/page?q=1");

  it("runs the loaders of the top-level bloks that have one, in parallel, keyed by _uid", async () => {
    let running = 0;
    let most = 0;
    const slow = async ({ blok }: { blok: { _uid: string } }) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return { uid: blok._uid };
    };
    const bloks = [
      { _uid: "a", component: "slow" },
      { _uid: "b", component: "text-content" },
      { _uid: "c", component: "slow", locale: "both" },
      { _uid: "d", component: "slow", locale: "nz" },
      { _uid: "e", component: "page", body: [{ _uid: "nested", component: "slow" }] },
      null,
      "junk",
    ];
    const data = await loadBlockData(bloks, "au", req, { slow });
    expect(data).toEqual({ a: { uid: "a" }, c: { uid: "c" } });
    expect(most).toBe(2);
    expect(await loadBlockData(undefined, "au", req, { slow })).toEqual({});
  });

  it("gives the loaders of one call one memo (`once`): a key's work runs once per page, again for another call", async () => {
    let runs = 0;
    const shared = ({ once }: BlockLoaderArgs) => once("answer", async () => ({ run: ++runs }));
    const bloks = [
      { _uid: "a", component: "shared" },
      { _uid: "b", component: "shared" },
    ];
    const page = await loadBlockData(bloks, "au", req, { shared });
    expect(runs).toBe(1);
    expect(page.a).toEqual({ run: 1 });
    expect(page.b).toBe(page.a);
    const next = await loadBlockData(bloks, "au", req, { shared });
    expect(runs).toBe(2);
    expect(next.a).toEqual({ run: 2 });
    expect(next.b).toBe(next.a);
  });

  it("gives a failing loader's blok null and logs it; a thrown Response (redirect, 404) propagates", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loadBlockData([{ _uid: "x", component: "boom" }], "au", req, {
      boom: async () => {
        throw new Error("down");
      },
    });
    expect(data).toEqual({ x: null });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("boom loader failed for blok x"), "down");
    const notFound = new Response(null, { status: 404 });
    await expect(
      loadBlockData([{ _uid: "y", component: "gone" }], "au", req, {
        gone: async () => {
          throw notFound;
        },
      }),
    ).rejects.toBe(notFound);
  });

  it("the dealer-locator page's loader returns the store-locator's data as blockData", async () => {
    const result = (await catchAll({ request: request("/au/dealer-locator?q=3121"), params: { country: "au", "*": "dealer-locator" }, context: {} })) as {
      data: { story: { content: { body: { _uid: string; component: string }[] } }; blockData: Record<string, { mode: string }> };
    };
    const blok = result.data.story.content.body.find((b) => b.component === "store-locator")!;
    expect(result.data.blockData[blok._uid].mode).toBe("nearby");
    const home = (await catchAll({ request: request("/au"), params: { country: "au" }, context: {} })) as { data: { blockData: unknown } };
    expect(home.data.blockData).toEqual({});
  });
});

describe("GET /api/places", () => {
  const get = (url: string) => places({ request: request(url), params: {}, context: {} }) as Promise<Response>;

  it("suggests places of the country for a partial name or a postcode", async () => {
    const res = await get("/api/places?country=au&q=ric");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = (await res.json()) as { suggestions: { label: string; kind: string; lat: number }[] };
    expect(body.suggestions[0]).toMatchObject({ label: "Richmond, VIC 3121", kind: "place" });
    expect(body.suggestions.length).toBeLessThanOrEqual(8);
    const nz = (await (await get("/api/places?country=nz&q=Hamilton")).json()) as { suggestions: { label: string }[] };
    expect(nz.suggestions.map((s) => s.label)).toContain("Hamilton Central, Waikato 3204");
    expect(nz.suggestions.every((s) => !s.label.includes("NSW"))).toBe(true);
  });

  it("answers bad input with a 400 JSON error", async () => {
    for (const url of ["/api/places?country=uk&q=ric", "/api/places?country=au", "/api/places?country=au&q=%20%20", `/api/places?country=au&q=${"x".repeat(101)}`]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/country/);
    }
  });
});
