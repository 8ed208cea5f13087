import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { previewMiddleware } from "~/features/preview/middleware.server";
import { previewTokenFor } from "~/features/preview/token.server";

const SECRET = "middleware-secret";
const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const ts = Math.floor(NOW / 1000) - 10;
const signed = (secret: string) =>
  `?_storyblok=5&_storyblok_tk[space_id]=9&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${previewTokenFor("9", secret, ts)}`;

let base = "";
let close: () => void = () => {};
beforeAll(async () => {
  const app = express();
  app.use(previewMiddleware(parseEnv({ LOCAL_PREVIEW_TOKEN: SECRET }), () => NOW));
  // A route that sets cacheable headers of its own, as the Remix handler does for published pages.
  app.get("/page", (_req, res) => {
    res.set("Cache-Control", "public, max-age=60").json({ preview: res.locals.preview });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("preview middleware", () => {
  it("puts res.locals.preview = true on a verified preview and forces private, no-store and noindex", async () => {
    const res = await fetch(`${base}/page${signed(SECRET)}`);
    expect(await res.json()).toEqual({ preview: true });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("puts res.locals.preview = false otherwise and leaves the route's headers alone", async () => {
    for (const query of ["", signed("wrong"), "?_storyblok=5"]) {
      const res = await fetch(`${base}/page${query}`);
      expect(await res.json()).toEqual({ preview: false });
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      expect(res.headers.get("x-robots-tag")).toBeNull();
    }
  });
});
