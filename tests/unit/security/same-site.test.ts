import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLeadStore } from "~/features/forms/store.server";
import { isJsonContentType, originMismatchesHost, sameSiteVerdict } from "~/server/security/same-site";
import { contactUsLead } from "../../support/leads";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * Same-site writes: another site's page cannot make a visitor's browser post a lead, a quote or a
 * download request, nor a page's form (cross-site request forgery). Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a client without either is not a browser page.
 */

const headersOf = (values: Record<string, string>) => new Headers(values);
const verdict = (values: Record<string, string>) =>
  sameSiteVerdict({ method: "POST", headers: headersOf(values), siteOrigins: ["https://www.kestrel.test"] });

describe("the same-site verdict", () => {
  it("Fetch Metadata decides when present: cross-site (or an unknown value) refused; same-origin, same-site, none allowed", () => {
    expect(verdict({ "Sec-Fetch-Site": "cross-site" })).toBe("cross-site");
    expect(verdict({ "Sec-Fetch-Site": "cross-site", Origin: "https://www.kestrel.test", Host: "www.kestrel.test" })).toBe("cross-site");
    expect(verdict({ "Sec-Fetch-Site": "whatever" })).toBe("cross-site");
    for (const site of ["same-origin", "same-site", "none"]) expect(verdict({ "Sec-Fetch-Site": site })).toBe("allowed");
  });

  it("without it, Origin must be this site's (its Host, X-Forwarded-Host or SITE_URL); null is refused", () => {
    expect(verdict({ Origin: "https://evil.example", Host: "www.kestrel.test" })).toBe("cross-site");
    expect(verdict({ Origin: "null", Host: "www.kestrel.test" })).toBe("cross-site");
    expect(verdict({ Origin: "not a url", Host: "www.kestrel.test" })).toBe("cross-site");
    expect(verdict({ Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000" })).toBe("allowed");
    expect(verdict({ Origin: "https://www.kestrel.test", Host: "10.0.0.5:3000" })).toBe("allowed");
    expect(verdict({ Origin: "https://shop.kestrel.test", Host: "10.0.0.5", "X-Forwarded-Host": "shop.kestrel.test" })).toBe("allowed");
  });

  it("a client that sends neither (curl, a server) is not a browser page: allowed", () => {
    expect(verdict({})).toBe("allowed");
    expect(verdict({ Host: "www.kestrel.test" })).toBe("allowed");
  });

  it("a page post whose Origin is not its Host is refused before Remix refuses it with a 500", () => {
    expect(originMismatchesHost(headersOf({ Origin: "https://preview.kestrel.test", Host: "www.kestrel.test" }))).toBe(true);
    expect(originMismatchesHost(headersOf({ Origin: "https://www.kestrel.test", Host: "www.kestrel.test" }))).toBe(false);
    expect(originMismatchesHost(headersOf({ Host: "www.kestrel.test" }))).toBe(false);
  });

  it("JSON is application/json exactly, parameters allowed", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    for (const type of ["text/plain; x=application/json", "text/plain;application/json", "application/json-patch+json", "", null]) {
      expect(isJsonContentType(type)).toBe(false);
    }
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "100000", FORM_CONTACT_RATE_LIMIT: "100000", POST_RATE_LIMIT: "100000" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

const SENDER = { firstName: "Cross", lastName: "Site", emailUser: "cross.site", comments: "Same-site test" };
let seq = 0;
const storedCount = async () => (await getLeadStore()).list().then((leads) => leads.length);
const EVIL = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

describe("writes of the running app", () => {
  it("a lead posted from another site is a 403 and is not stored, whatever its content type; this site's and curl's are stored", async () => {
    const before = await storedCount();
    const attempts: [string, Record<string, string>][] = [
      ["/api/form/", { ...EVIL, "Content-Type": "text/plain; x=application/json" }],
      ["/api/form/", { ...EVIL, "Content-Type": "application/json" }],
      ["/api/form/", { Origin: "https://evil.example", "Content-Type": "text/plain; x=application/json" }],
      ["/API/FORM/", { Origin: "null", "Content-Type": "application/json" }],
      ["/api/competition/", { ...EVIL, "Content-Type": "text/plain" }],
    ];
    for (const [path, headers] of attempts) {
      const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(contactUsLead(++seq, SENDER)) });
      expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 403 });
      expect(await res.json()).toEqual({ error: "Cross-site request refused" });
    }
    // Same origin, but JSON sent as text: refused as a media type (415), nothing stored.
    const own = { Origin: server.url, "Sec-Fetch-Site": "same-origin" };
    const text = await fetch(`${server.url}/api/form/`, { method: "POST", headers: { ...own, "Content-Type": "text/plain; x=application/json" }, body: JSON.stringify(contactUsLead(++seq, SENDER)) });
    expect(text.status).toBe(415);
    expect(await storedCount()).toBe(before);

    const ok = await fetch(`${server.url}/api/form/`, { method: "POST", headers: { ...own, "Content-Type": "application/json" }, body: JSON.stringify(contactUsLead(++seq, SENDER)) });
    expect(ok.status).toBe(201);
    const curl = await fetch(`${server.url}/api/form/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(contactUsLead(++seq, SENDER)) });
    expect(curl.status).toBe(201);
    expect(await storedCount()).toBe(before + 2);
  }, 60_000);

  it("quotes, downloads and cookies refuse another site's requests too; the webhook (server to server) is its own check", async () => {
    const quote = await fetch(`${server.url}/api/angleGenericQuote/`, { method: "POST", headers: { ...EVIL, "Content-Type": "text/plain" }, body: "{}" });
    expect(quote.status).toBe(403);
    const ownQuote = await fetch(`${server.url}/api/angleGenericQuote/`, { method: "POST", headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "text/plain; x=application/json" }, body: "{}" });
    expect(ownQuote.status).toBe(415);
    const zip = await fetch(`${server.url}/api/download/index`, { method: "POST", headers: { ...EVIL, "Content-Type": "application/json" }, body: JSON.stringify({ images: ["/media/accessory-canopy.jpg"] }) });
    expect(zip.status).toBe(403);
    const asset = await fetch(`${server.url}/api/download/asset?url=%2Fmedia%2Faccessory-canopy.jpg`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(asset.status).toBe(403);
    const ownAsset = await fetch(`${server.url}/api/download/asset?url=%2Fmedia%2Faccessory-canopy.jpg`, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(ownAsset.status).toBe(200);
    await ownAsset.body?.cancel();
    for (const path of ["/api/consent", "/api/buyer-choice"]) {
      const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { ...EVIL, "Content-Type": "application/x-www-form-urlencoded" }, body: "auState=VIC" });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    const webhook = await fetch(`${server.url}/api/storyblok-webhook`, { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/json" }, body: "{}" });
    expect(webhook.status).not.toBe(403);
    await webhook.body?.cancel();
  }, 60_000);

  it("a page's form posted from another site (or a sibling subdomain) is a 403 page, never a 500 nor an error log", async () => {
    const before = await storedCount();
    const logsBefore = server.logs.length;
    const body = new URLSearchParams({ form_id: "test-drive", first_name: "Eve", last_name: "Forger", post_code: "3121" });
    for (const headers of [EVIL, { Origin: "https://evil.example" }, { Origin: "https://preview.kestrel.test", "Sec-Fetch-Site": "same-site" }]) {
      for (const path of ["/au/test-drive", "/au/test-drive.data"]) {
        const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
        expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 403 });
        if (!path.endsWith(".data")) expect(res.headers.get("content-type")).toContain("text/html");
        await res.body?.cancel();
      }
    }
    expect(server.logs.slice(logsBefore).filter((l) => l.level === "error")).toEqual([]);
    expect(await storedCount()).toBe(before);
  }, 60_000);
});
