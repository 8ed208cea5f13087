import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { restoreEnv, stubEnv } from "../support/env";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.REVERSE_GEOCODE_URL = "";

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
type Action = (args: ActionFunctionArgs) => Promise<Response>;
let setLocation: Loader, location: Loader, reverse: Loader, consent: Action, consentGet: () => Response;

beforeAll(async () => {
  setLocation = (await import("~/routes/api.set-location.$country")).loader;
  location = (await import("~/routes/api.location")).loader;
  reverse = (await import("~/routes/api.reverse-geocode")).loader;
  const c = await import("~/routes/api.consent");
  consent = c.action;
  consentGet = c.loader;
});

const get = (url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}): LoaderFunctionArgs => ({
  request: new Request(`http://localhost${url}`, { headers }),
  params,
  context: {},
});

describe("GET /api/set-location/{country}", () => {
  it("stores au or nz in the country cookie and answers JSON", async () => {
    const res = await setLocation(get("/api/set-location/nz", { country: "nz" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ country: "nz" });
    expect(res.headers.get("Set-Cookie")).toMatch(/^country=nz; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(res.headers.get("Set-Cookie")).toContain("HttpOnly");
  });

  it("answers anything else with a 400 and sets no cookie", async () => {
    for (const country of ["uk", "AU", "", "au/x"]) {
      const res = await setLocation(get(`/api/set-location/${country}`, { country }));
      expect(res.status).toBe(400);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(await res.json()).toHaveProperty("error");
    }
  });

  it("redirects to a same-site returnTo (the link without JavaScript), never off the site", async () => {
    const ok = await setLocation(get("/api/set-location/au?returnTo=%2Fau%2Foffers", { country: "au" }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/au/offers");
    expect(ok.headers.get("Set-Cookie")).toMatch(/^country=au;/);
    const evil = await setLocation(get("/api/set-location/au?returnTo=%2F%2Fevil.example", { country: "au" }));
    expect(evil.headers.get("Location")).toBe("/au");
  });

  it("lands on the nearest page the country has when it has no such page (issue 25 item 15)", async () => {
    const to = async (country: string, returnTo: string, headers: Record<string, string> = {}) =>
      setLocation(get(`/api/set-location/${country}?returnTo=${encodeURIComponent(returnTo)}`, { country }, headers));
    // AU-only news and events: the parent listing in NZ.
    expect((await to("nz", "/nz/news/clean-up-australia-partnership")).headers.get("Location")).toBe("/nz/news");
    expect((await to("nz", "/nz/owners-club/events/barossa-long-lunch")).headers.get("Location")).toBe("/nz/owners-club/events");
    // NZ-only news in AU; a page both have keeps its path and query.
    expect((await to("au", "/au/news/on-road-costs-explained?x=1")).headers.get("Location")).toBe("/au/news");
    expect((await to("au", "/au/offers?sort=priceLow")).headers.get("Location")).toBe("/au/offers?sort=priceLow");
    // A route that is not a content page (the configurator) is the route's to answer.
    expect((await to("nz", "/nz/config/tarrak")).headers.get("Location")).toBe("/nz/config/tarrak");
    // With JavaScript the switch asks for JSON: the cookie and where to go.
    const json = await to("nz", "/nz/news/clean-up-australia-partnership", { accept: "application/json" });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ country: "nz", location: "/nz/news" });
    expect(json.headers.get("Set-Cookie")).toMatch(/^country=nz;/);
  });
});

describe("POST /api/consent", () => {
  const post = (body: string, headers: Record<string, string> = {}): ActionFunctionArgs => ({
    request: new Request("http://localhost/api/consent", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", ...headers },
    }),
    params: {},
    context: {},
  });

  it("sets the consent cookie for a year and sends a form post back with 303", async () => {
    const res = await consent(post("returnTo=%2Fnz%2Fnews%3Fpage%3D2"));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/nz/news?page=2");
    expect(res.headers.get("Set-Cookie")).toMatch(/^consent=1; Path=\/; Max-Age=31536000; SameSite=Lax;.*HttpOnly/);
  });

  it("answers JSON to a fetch", async () => {
    const res = await consent(post("returnTo=%2Fau", { Accept: "application/json" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ consent: true });
    expect(res.headers.get("Set-Cookie")).toMatch(/^consent=1;/);
  });

  it("returns only to same-site paths", async () => {
    const res = await consent(post("returnTo=https%3A%2F%2Fevil.example"));
    expect(res.headers.get("Location")).toBe("/");
  });

  it("refuses cross-site posts", async () => {
    const fromElsewhere = await consent(post("returnTo=%2Fau", { Origin: "https://evil.example" }));
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.headers.get("Set-Cookie")).toBeNull();
    const crossSite = await consent(post("returnTo=%2Fau", { "Sec-Fetch-Site": "cross-site" }));
    expect(crossSite.status).toBe(403);
    const sameOrigin = await consent(post("returnTo=%2Fau", { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" }));
    expect(sameOrigin.status).toBe(303);
  });

  it("is not a GET", () => {
    const res = consentGet();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("GET /api/location/", () => {
  it("answers the CDN's latitude and longitude", async () => {
    const res = await location(get("/api/location/", {}, { "cloudfront-viewer-latitude": "-34.93", "cloudfront-viewer-longitude": "138.6" }));
    expect(await res.json()).toEqual({ latitude: -34.93, longitude: 138.6 });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers nulls without geo headers", async () => {
    expect(await (await location(get("/api/location/"))).json()).toEqual({ latitude: null, longitude: null });
  });
});

describe("GET /api/reverse-geocode", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    restoreEnv();
  });

  it("finds the state offline from the postcode gazetteer", async () => {
    const res = await reverse(get("/api/reverse-geocode?lat=-27.47&lon=153.02"));
    expect(await res.json()).toEqual({ auState: "QLD", source: "offline" });
  });

  it("knows no AU state outside Australia", async () => {
    const res = await reverse(get("/api/reverse-geocode?lat=-41.29&lon=174.78"));
    expect(await res.json()).toEqual({ auState: null, source: null });
  });

  it("answers invalid coordinates with a 400", async () => {
    expect((await reverse(get("/api/reverse-geocode?lat=abc&lon=1"))).status).toBe(400);
    expect((await reverse(get("/api/reverse-geocode"))).status).toBe(400);
  });

  it("asks the configured service first (lat, lon, format) and falls back offline when it fails", async () => {
    const { reverseGeocodeAuState, resetGeocodeCache } = await import("~/features/site-state/geo.server");
    stubEnv({ REVERSE_GEOCODE_URL: "https://geo.example/reverse" });
    const calls: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      calls.push(String(url));
      return Response.json({ features: [{ properties: { geocoding: { state: "South Australia", country_code: "au" } } }] });
    });
    resetGeocodeCache();
    expect(await reverseGeocodeAuState({ lat: -37.81, lng: 144.96 })).toEqual({ auState: "SA", source: "service" });
    expect(calls).toEqual(["https://geo.example/reverse?lat=-37.81&lon=144.96&format=geocodejson"]);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => new Response("down", { status: 503 }));
    resetGeocodeCache();
    expect(await reverseGeocodeAuState({ lat: -37.81, lng: 144.96 })).toEqual({ auState: "VIC", source: "offline" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("HTTP 503"));
    warn.mockRestore();
  });
});
