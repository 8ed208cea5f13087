import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { etagMatches, htmlEtag, weakEtag } from "~/server/http/html-etag.server";
import { pageHeaders } from "~/features/routing/route-headers";
import { PAGE_HEADERS } from "~/features/routing/page-headers";

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(htmlEtag());
  // Streams like the Remix handler: headers first, then the body in chunks.
  app.get("/page", (req, res) => {
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", PAGE_HEADERS["Cache-Control"]);
    res.write("<!DOCTYPE html><html><body>");
    res.write(`<p>${req.query.v ?? "same"}</p>`);
    if (req.query.big) res.write(`<p>${"x".repeat(4096)}</p>`);
    res.end("</body></html>");
  });
  // Like the real server: a fresh CSP nonce per response, in the header and in the page's scripts.
  let counter = 0;
  app.get("/nonced", (_req, res) => {
    const nonce = `nonce${++counter}abc`;
    res.locals.nonce = nonce;
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", PAGE_HEADERS["Cache-Control"]);
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    res.end(`<!DOCTYPE html><html><body><script nonce="${nonce}">1</script></body></html>`);
  });
  app.get("/preview", (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.setHeader("Cache-Control", "private, no-store");
    res.end("<p>draft</p>");
  });
  app.get("/json", (_req, res) => {
    res.json({ a: 1 });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("ETag and 304 for HTML", () => {
  it("gives a page a weak ETag of its body and answers 304 without a body when it is unchanged", async () => {
    const first = await fetch(`${base}/page`);
    const html = await first.text();
    expect(html).toBe("<!DOCTYPE html><html><body><p>same</p></body></html>");
    const etag = first.headers.get("etag")!;
    expect(etag).toBe(weakEtag(Buffer.from(html)));
    const again = await fetch(`${base}/page`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const changed = await fetch(`${base}/page?v=new`, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
  it("matches a page whose only difference is its CSP nonce, and keeps the stored CSP on the 304", async () => {
    const first = await fetch(`${base}/nonced`);
    expect(first.headers.get("content-security-policy")).toContain("nonce1abc");
    const etag = first.headers.get("etag")!;
    const again = await fetch(`${base}/nonced`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    // No new policy: the browser keeps the stored one, whose nonce is the stored body's.
    expect(again.headers.get("content-security-policy")).toBeNull();
  });
  it("works through compression (one entity, compressed or not)", async () => {
    const gz = await fetch(`${base}/page?big=1`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain("<p>same</p>");
    const plain = await fetch(`${base}/page?big=1`, { headers: { "Accept-Encoding": "identity" } });
    expect(gz.headers.get("etag")).toBe(plain.headers.get("etag"));
  });
  it("leaves no-store responses and non-HTML alone", async () => {
    expect((await fetch(`${base}/preview`)).headers.get("etag")).toBeNull();
    const json = await fetch(`${base}/json`);
    expect(await json.json()).toEqual({ a: 1 });
  });
  it("matches If-None-Match lists, weak and strong forms and *", () => {
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("page headers", () => {
  const none = new Headers();
  it("publish pages with the loader's shared-cache headers", () => {
    const h = new Headers(pageHeaders({ loaderHeaders: new Headers(PAGE_HEADERS), parentHeaders: none, actionHeaders: none, errorHeaders: undefined }));
    expect(h.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(h.get("Vary")).toBe("Cookie");
  });
  it("never let a shared cache store a form response or a preview", () => {
    const form = new Headers(
      pageHeaders({ loaderHeaders: new Headers(PAGE_HEADERS), parentHeaders: none, actionHeaders: new Headers({ "Cache-Control": "no-store" }), errorHeaders: undefined }),
    );
    expect(form.get("Cache-Control")).toBe("no-store");
    const preview = new Headers(
      pageHeaders({ loaderHeaders: new Headers({ "Cache-Control": "private, no-store" }), parentHeaders: none, actionHeaders: none, errorHeaders: undefined }),
    );
    expect(preview.get("Cache-Control")).toBe("private, no-store");
  });
});
