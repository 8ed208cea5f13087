import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * Property-based fuzzing of every endpoint: malformed, oversized and hostile input gets a 4xx
 * with a JSON message (or a correct 2xx/3xx where the input happens to be valid), never a 5xx or
 * a stack trace, and invalid form posts store nothing. Each endpoint is one row of ENDPOINTS;
 * endpoints of other branches join the table when they are merged.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "100000", POST_RATE_LIMIT: "100000", IMAGE_RATE_LIMIT: "100000" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

// ---- Hostile values --------------------------------------------------------------------------

const NASTY = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x41",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  "${7*7}",
  "{{constructor.constructor('return process')()}}",
  "__proto__",
  "constructor",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "\u202e\u2028\u2029",
  "😀".repeat(50),
  "A".repeat(5000),
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const paramName = fc.oneof(fc.constantFrom("country", "q", "postcode", "dealer", "lat", "lon", "returnTo", "version", "page", "per_page", "cv", "starts_with", "by_slugs", "filter_query[x][in]", "resolve_relations", "__proto__"), fc.string({ maxLength: 20 }));
const hostileQuery = fc.dictionary(paramName, hostileString, { maxKeys: 6 });

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom("form_id", "country", "first_name", "Email", "mobile_phone", "post_code", "dealer_code", "enquiry_type", "token", "__proto__", "constructor"), fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 9 }),
);

/** A body to POST: JSON of any shape, broken JSON, form-encoded junk, or an oversized body. */
const hostileBody = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((v) => ({ type: "application/json", body: JSON.stringify(v) ?? "null" })) },
  { weight: 2, arbitrary: hostileString.map((s) => ({ type: "application/json", body: `{${s}` })) },
  { weight: 2, arbitrary: hostileQuery.map((q) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(q).toString() })) },
  { weight: 1, arbitrary: hostileString.map((s) => ({ type: "text/plain", body: s })) },
  { weight: 1, arbitrary: fc.constantFrom(70_000, 200_000).map((n) => ({ type: "application/json", body: JSON.stringify({ form_id: "contact-us", comments: "x".repeat(n) }) })) },
);

function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A path segment that is still a URL path segment after encoding. */
const hostileSegment = hostileString.map((s) => encodeURIComponent(s).slice(0, 3000));

// ---- The endpoints ---------------------------------------------------------------------------

interface Probe {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Endpoint {
  name: string;
  probe: fc.Arbitrary<Probe>;
  /** Statuses a valid input may get (4xx are always allowed; 5xx never). */
  ok: readonly number[];
  /** A form endpoint: never a 2xx for these inputs, and the lead store unchanged. */
  stores?: boolean;
}

const get = (path: fc.Arbitrary<string>): fc.Arbitrary<Probe> => path.map((p) => ({ method: "GET" as const, path: p }));
const post = (path: string): fc.Arbitrary<Probe> => hostileBody.map(({ type, body }) => ({ method: "POST" as const, path, headers: { "Content-Type": type }, body }));

export const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/set-location/{country}", probe: get(fc.tuple(hostileSegment, hostileQuery).map(([c, q]) => withQuery(`/api/set-location/${c}`, q))), ok: [200, 302] },
  { name: "GET /api/location", probe: fc.tuple(hostileString, hostileString).map(([lat, lng]) => ({ method: "GET" as const, path: "/api/location", headers: { "CloudFront-Viewer-Latitude": lat.replace(/[^\x20-\x7e]/g, ""), "CloudFront-Viewer-Longitude": lng.replace(/[^\x20-\x7e]/g, "") } })), ok: [200] },
  { name: "GET /api/reverse-geocode", probe: get(hostileQuery.map((q) => withQuery("/api/reverse-geocode", q))), ok: [200] },
  { name: "GET /api/places", probe: get(hostileQuery.map((q) => withQuery("/api/places", q))), ok: [200] },
  { name: "GET /api/dealers-for-postcode", probe: get(hostileQuery.map((q) => withQuery("/api/dealers-for-postcode", q))), ok: [200] },
  { name: "POST /api/consent", probe: post("/api/consent"), ok: [200, 303] },
  { name: "POST /api/form/", probe: post("/api/form/"), ok: [], stores: true },
  { name: "POST /api/competition/", probe: post("/api/competition/"), ok: [], stores: true },
  { name: "POST /au/contact-us (page action)", probe: post("/au/contact-us"), ok: [], stores: true },
  { name: "GET /sitemap/{file}", probe: get(hostileSegment.map((s) => `/sitemap/${s}`)), ok: [200] },
  { name: "GET /sitemap.xml", probe: get(hostileQuery.map((q) => withQuery("/sitemap.xml", q))), ok: [200] },
  { name: "GET /_content/v2/cdn/stories", probe: get(hostileQuery.map((q) => withQuery("/_content/v2/cdn/stories", q))), ok: [200] },
  { name: "GET /_content/v2/cdn/stories/{slug}", probe: get(fc.tuple(hostileSegment, hostileQuery).map(([s, q]) => withQuery(`/_content/v2/cdn/stories/${s}`, q))), ok: [200] },
  // A size or filter the pages never ask for redirects to the nearest variant the service encodes.
  { name: "GET /media/{file}/m/{size}/{filters}", probe: get(fc.tuple(fc.oneof(fc.constant("hero-tarrak.jpg"), hostileSegment), hostileSegment, hostileSegment).map(([f, a, b]) => `/media/${f}/m/${a}/${b}`)), ok: [200, 302] },
  { name: "POST to a GET-only API", probe: post("/api/location"), ok: [] },
  { name: "GET /api/download/asset", probe: get(fc.tuple(fc.oneof(hostileString, fc.webUrl(), fc.constantFrom("http://169.254.169.254/latest/meta-data/", "file:///etc/passwd", "/media/../../etc/passwd", "http://localhost:22/", "https://a.storyblok.com/../../x")), hostileQuery).map(([url, q]) => withQuery("/api/download/asset", { ...q, url }))), ok: [200] },
  { name: "POST /api/download/index", probe: fc.oneof(post("/api/download/index"), fc.array(fc.oneof(hostileString, fc.constantFrom("../../../etc/passwd", "/etc/passwd", "..\\..\\windows", "accessory-canopy.jpg", "http://169.254.169.254/")), { maxLength: 300 }).map((images) => ({ method: "POST" as const, path: "/api/download/index", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ images }) }))), ok: [200] },
  { name: "POST /api/angleGenericQuote/", probe: post("/api/angleGenericQuote/"), ok: [200] },
  { name: "POST /api/buyer-choice", probe: post("/api/buyer-choice"), ok: [200, 303] },
  { name: "POST /api/storyblok-webhook", probe: post("/api/storyblok-webhook"), ok: [] },
  { name: "GET /api/listing/{kind}", probe: get(fc.tuple(fc.oneof(fc.constantFrom("news", "events", "offers"), hostileSegment), hostileQuery).map(([k, q]) => withQuery(`/api/listing/${k}`, q))), ok: [200] },
];

async function leadCount(): Promise<number> {
  const { getLeadStore } = await import("~/features/forms/store.server");
  return (await (await getLeadStore()).list()).length;
}

async function send(probe: Probe): Promise<{ status: number; type: string; text: string; location: string | null }> {
  const res = await fetch(server.url + probe.path, { method: probe.method, headers: probe.headers, body: probe.body, redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text(), location: res.headers.get("location") };
}

describe("fuzzing every endpoint", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: 4xx with a JSON message for bad input, never a 5xx or a stack`, async () => {
      const before = endpoint.stores ? await leadCount() : 0;
      await fc.assert(
        fc.asyncProperty(endpoint.probe, async (probe) => {
          const res = await send(probe);
          expect(res.status, `${probe.method} ${probe.path.slice(0, 200)}`).toBeLessThan(500);
          expect(res.text).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
          if (res.status >= 400) {
            const isPage = res.type.startsWith("text/html");
            if (!isPage) {
              expect(res.type).toContain("application/json");
              const body = JSON.parse(res.text) as unknown;
              // { error }, { errors: { field: [...] } }, or the content API's Storyblok-style ["message"].
              const message =
                Array.isArray(body)
                  ? body.every((m) => typeof m === "string")
                  : typeof body === "object" &&
                    body !== null &&
                    (typeof (body as { error?: unknown }).error === "string" ||
                      typeof (body as { errors?: unknown }).errors === "object" ||
                      // The finance quote API's shape (spec: an error flag and a message).
                      ((body as { error?: unknown }).error === true && typeof (body as { message?: unknown }).message === "string"));
              expect(message, res.text.slice(0, 200)).toBe(true);
            }
          } else {
            expect(endpoint.ok, `${probe.method} ${probe.path.slice(0, 200)} answered ${res.status}`).toContain(res.status);
          }
          if (res.location !== null) expect(res.location).toMatch(/^\/(?![/\\])/);
        }),
        { numRuns: RUNS },
      );
      if (endpoint.stores) expect(await leadCount()).toBe(before);
    }, 120_000);
  }

  it("a body over the limit is a 413 with a JSON message, on APIs and page actions alike", async () => {
    for (const path of ["/api/form/", "/api/competition/", "/api/consent", "/au/contact-us"]) {
      const res = await send({ method: "POST", path, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ x: "y".repeat(100_000) }) });
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.text)).toEqual({ error: "The request body is too large (at most 64 KB)." });
    }
  });
});
