import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeReturnTo } from "~/features/site-state/return-to";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * Open redirects: the country switch (/api/set-location/{country}?returnTo=), the consent form's
 * returnTo, the `/` redirect (country cookie) and any redirect the server makes send the visitor
 * to a path of this site only, whatever the value.
 */

const HOSTILE = [
  "//evil.example",
  "//evil.example/au",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " //evil.example",
  "\t//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/..//evil.example",
  "/.//evil.example",
  "/%2F/evil.example/..//..//",
  "%2F%2Fevil.example",
  "%2f%2fevil.example",
  "%5C%5Cevil.example",
  "/%5Cevil.example/../..//evil.example",
  "／／evil.example",
  "evil.example",
  "@evil.example",
  "/@evil.example@evil.example",
];

const SITE = "https://www.kestrel.test";

/** True when a Location (absolute or relative) stays on this site. */
function sameSite(location: string, base = SITE): boolean {
  if (/^[/\\]{2}/.test(location) || /^\/[\\\t\n\r]/.test(location)) return false;
  return new URL(location, base).origin === new URL(base).origin;
}

describe("safeReturnTo (pure)", () => {
  it.each(HOSTILE.map((v) => [v]))("never leaves the site for %j", (value) => {
    const result = safeReturnTo(value, "/au");
    expect(sameSite(result)).toBe(true);
    expect(result.startsWith("/")).toBe(true);
  });

  it("for any string: the fallback or a path of this site", () => {
    const anyUrlish = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.webPath(),
      fc.constantFrom(...HOSTILE),
      fc.tuple(fc.constantFrom("/", "//", "/\\", "\\", "/%2F", "/./", "/../"), fc.string(), fc.constantFrom("evil.example", "", "@x")).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(anyUrlish, (value) => {
        const result = safeReturnTo(value, "/nz");
        expect(result.startsWith("/")).toBe(true);
        expect(sameSite(result)).toBe(true);
        for (const base of ["https://a.example", "http://localhost:3000"]) expect(new URL(result, base).origin).toBe(new URL(base).origin);
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ POST_RATE_LIMIT: "100000" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

async function location(path: string, init: RequestInit = {}): Promise<{ status: number; location: string | null }> {
  const res = await fetch(server.url + path, { ...init, redirect: "manual" });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get("location") };
}

describe("redirects of the running app", () => {
  it("the country switch without JavaScript: any hostile returnTo (plain and encoded) falls back to the country home", async () => {
    for (const value of HOSTILE) {
      for (const encoded of [encodeURIComponent(value), encodeURIComponent(encodeURIComponent(value))]) {
        const res = await location(`/api/set-location/nz?returnTo=${encoded}`);
        expect(res.status).toBe(302);
        expect(sameSite(res.location ?? "//"), `${value} → ${res.location}`).toBe(true);
      }
    }
    expect((await location("/api/set-location/au?returnTo=%2Fau%2Foffers%3Fx%3D1")).location).toBe("/au/offers?x=1");
    // The app's first requests transform its modules: slow on a busy machine.
  }, 30_000);

  it("the consent form's returnTo", async () => {
    for (const value of HOSTILE) {
      const res = await location("/api/consent", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ returnTo: value }).toString(),
      });
      expect(res.status).toBe(303);
      expect(sameSite(res.location ?? "//"), `${value} → ${res.location}`).toBe(true);
    }
  });

  it("the / redirect goes to a country, whatever the country cookie holds", async () => {
    for (const value of [...HOSTILE.map(encodeURIComponent), "nz", "au"]) {
      const res = await location("/", { headers: { Cookie: `country=${value}` } });
      expect(res.status).toBe(302);
      expect(res.location).toBe(value === "nz" ? "/nz" : "/au");
    }
  });

  it("no path of the server redirects off the site (static files, trailing slashes, double slashes)", async () => {
    const paths = ["//evil.example/", "//evil.example/%2e%2e", "/assets//evil.example/", "/media//evil.example/", "/%2F%2Fevil.example/", "/\\evil.example/", "/au//evil.example"];
    for (const path of paths) {
      const res = await rawGet(path, "www.kestrel.test");
      if (res.location !== undefined) expect(sameSite(res.location), `${path} → ${res.location}`).toBe(true);
      expect(res.status).toBeLessThan(500);
    }
    // A forged Host header cannot turn the www redirect into a redirect elsewhere.
    const forged = await rawGet("/au", "evil.example");
    if (forged.location !== undefined) expect(new URL(forged.location, SITE).host).not.toBe("evil.example");
    const www = await rawGet("/au?x=1", "kestrel.test");
    expect(www).toMatchObject({ status: 301, location: `${SITE}/au?x=1` });
  });
});

/** A GET with a raw path and Host header (fetch would normalise both). */
function rawGet(path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers: { Host: host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}
