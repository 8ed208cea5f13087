import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBody, negotiateEncoding } from "~/server/http/encoding.server";

/**
 * Bodies the page cache keeps encoded are sent in the encoding the compression middleware would
 * have chosen for the same request: the middleware itself is the reference here, asked with the
 * same Accept-Encoding headers.
 */

let server: Server;
let port = 0;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/", (_req, res) => res.type("html").send("<p>a page</p>".repeat(400)));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server?.close());

/** The Content-Encoding the middleware answers with (null: none); raw HTTP, so the header is sent as given. */
function middlewareChoice(acceptEncoding: string | undefined): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      res.resume();
      res.on("end", () => resolve((res.headers["content-encoding"] as string | undefined) ?? null));
    });
    req.on("error", reject);
    req.end();
  });
}

const HEADERS = [
  undefined,
  "",
  "gzip",
  "br",
  "deflate",
  "identity",
  "gzip, deflate",
  "gzip, deflate, br",
  "gzip, deflate, br, zstd",
  "br;q=0.5, gzip",
  "gzip;q=0.5, br;q=0.5",
  "deflate, gzip;q=0.9",
  "*",
  "*;q=0.1, gzip;q=0",
  "identity;q=0, *;q=0",
  "br;q=0",
  "GZIP",
  "x-gzip, compress",
  "gzip;q=abc, br;q=0.2",
  " , ;q=1, br",
  "deflate;level=1;q=0.8, identity;q=0.9",
  "zstd",
];

describe("negotiateEncoding", () => {
  it("chooses as the compression middleware does, for the headers browsers, crawlers and tools send", async () => {
    for (const header of HEADERS) expect(negotiateEncoding(header), JSON.stringify(header)).toBe(await middlewareChoice(header));
  });

  it("chooses as the middleware does for any list of codings and qualities", async () => {
    const coding = fc.constantFrom("gzip", "br", "deflate", "identity", "*", "zstd", "Br", "compress");
    const quality = fc.option(fc.constantFrom("0", "0.001", "0.5", "1", "1.0", "x"), { nil: undefined });
    const entry = fc.tuple(coding, quality).map(([c, q]) => (q === undefined ? c : `${c};q=${q}`));
    const header = fc.array(entry, { maxLength: 5 }).map((entries) => entries.join(", "));
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        expect(negotiateEncoding(value)).toBe(await middlewareChoice(value));
      }),
      { numRuns: 150 },
    );
  });
});

describe("encodeBody", () => {
  it("encodes as the middleware's streams decode", () => {
    const body = Buffer.from("<p>a page</p>".repeat(400));
    expect(gunzipSync(encodeBody(body, "gzip")).equals(body)).toBe(true);
    expect(brotliDecompressSync(encodeBody(body, "br")).equals(body)).toBe(true);
    expect(encodeBody(body, "br").length).toBeLessThan(body.length / 10);
  });
});
