import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer, type RequestListener } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { parseEnv } from "~/server/env.server";
import { runWithRequestContext } from "~/server/observability/request-context.server";
import { previewLanguageTarget, readPreviewLanguage, readPreviewRelease } from "~/features/preview/params";
import { previewMiddleware } from "~/features/preview/middleware.server";
import { isLoopbackAddress, isPreviewRequest, previewTokenAllowedFrom } from "~/features/preview/preview.server";
import { previewTokenFor } from "~/features/preview/token.server";
import { homeRedirect } from "~/features/routing/page-headers";
import type { Logger, LogLevel } from "~/server/observability/logger.server";
import { createApp } from "../../../server-app";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

/**
 * The editor's first day on the preview: its language switch (`_storyblok_lang`), its release
 * picker (`_storyblok_release`), opening Home at `/au/home`, and the published default preview
 * token kept to this machine in production.
 */

const SECRET = "editor-secret";
const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const ts = Math.floor(NOW / 1000) - 10;
const signed = (secret = SECRET, extra = "") =>
  `?_storyblok=5&_storyblok_tk[space_id]=9&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${previewTokenFor("9", secret, ts)}${extra}`;

async function listen(listener: RequestListener): Promise<{ base: string; close: () => void }> {
  const server = createServer(listener).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("the editor's parameters", () => {
  it("reads the language and the release, ignoring the editor's placeholders", () => {
    expect(readPreviewLanguage("?_storyblok_lang=nz")).toBe("nz");
    expect(readPreviewLanguage("?_storyblok_lang=NZ")).toBe("nz");
    expect(readPreviewLanguage("?_storyblok_lang=default")).toBeNull();
    expect(readPreviewLanguage("?_storyblok_lang=%3Cscript%3E")).toBeNull();
    expect(readPreviewRelease("?_storyblok_release=4711")).toBe("4711");
    expect(readPreviewRelease("?_storyblok_release=undefined")).toBeNull();
    expect(readPreviewRelease("?_storyblok_release=0")).toBeNull();
    expect(readPreviewRelease("?_storyblok_release=1;x")).toBeNull();
  });

  it("sends a preview in the other country's language to that country's page, query kept", () => {
    const countries = ["au", "nz"];
    const q = "?_storyblok=5&_storyblok_lang=nz&_storyblok_tk[token]=abc";
    expect(previewLanguageTarget(`/au/news/x${q}`, countries)).toBe(`/nz/news/x${q}`);
    expect(previewLanguageTarget(`/au${q}`, countries)).toBe(`/nz${q}`);
    // A language prefix the editor puts before the story's path.
    expect(previewLanguageTarget(`/au/nz/news/x${q}`, countries)).toBe(`/nz/news/x${q}`);
    expect(previewLanguageTarget(`/nz/nz/news/x${q}`, countries)).toBe(`/nz/news/x${q}`);
    // Already there, not a country page, or not a country's language: no redirect.
    expect(previewLanguageTarget(`/nz/news/x${q}`, countries)).toBeNull();
    expect(previewLanguageTarget(`/api/form${q}`, countries)).toBeNull();
    expect(previewLanguageTarget("/au/news/x?_storyblok_lang=de", countries)).toBeNull();
    expect(previewLanguageTarget("/au/news/x?_storyblok_lang=default", countries)).toBeNull();
  });

  it("keeps the preview's query on the /{country}/home redirect (temporary), and any query outside one", () => {
    const preview = homeRedirect(new Request(`http://x/au/home${signed()}`), "au");
    expect(preview.status).toBe(302);
    expect(preview.headers.get("Location")).toBe(`/au${signed()}`);
    const plain = homeRedirect(new Request("http://x/nz/home"), "nz");
    expect(plain.status).toBe(301);
    expect(plain.headers.get("Location")).toBe("/nz");
    expect(homeRedirect(new Request("http://x/nz/home?utm_source=mail"), "nz").headers.get("Location")).toBe("/nz?utm_source=mail");
  });
});

describe("preview middleware: language, release, and the default token", () => {
  let close: () => void = () => {};
  afterEach(() => close());

  async function start(env: Record<string, string>) {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use((_req, res, next) => runWithRequestContext("test", (context) => ((res.locals.context = context), next())));
    app.use(previewMiddleware(parseEnv(env), () => NOW));
    app.get(/.*/, (req, res) => {
      const context = res.locals.context as { previewRelease?: string; previewRefused?: boolean };
      res.json({ preview: res.locals.preview, release: context.previewRelease ?? null, refused: context.previewRefused ?? false });
    });
    const server = await listen(app);
    close = server.close;
    return server.base;
  }

  it("redirects a verified preview in the nz language from /au to /nz with every parameter, and never an unverified one", async () => {
    const base = await start({ LOCAL_PREVIEW_TOKEN: SECRET });
    const query = signed(SECRET, "&_storyblok_lang=nz&_storyblok_release=undefined");
    const res = await fetch(`${base}/au/news/x${query}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/nz/news/x${query}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const unverified = await fetch(`${base}/au/news/x${signed("wrong", "&_storyblok_lang=nz")}`, { redirect: "manual" });
    expect(unverified.status).toBe(200);
    expect(await unverified.json()).toMatchObject({ preview: false });
  });

  it("notes the editor's release for the request's draft reads", async () => {
    const base = await start({ LOCAL_PREVIEW_TOKEN: SECRET });
    expect(await (await fetch(`${base}/au/news/x${signed(SECRET, "&_storyblok_release=4711")}`)).json()).toEqual({ preview: true, release: "4711", refused: false });
    expect(await (await fetch(`${base}/au/news/x${signed(SECRET, "&_storyblok_release=undefined")}`)).json()).toEqual({ preview: true, release: null, refused: false });
  });

  it("in production honours the published default token only from this machine; a set LOCAL_PREVIEW_TOKEN from anywhere", async () => {
    const base = await start({ NODE_ENV: "production" });
    const query = signed("kestrel-local-preview");
    expect(await (await fetch(`${base}/au/news/x${query}`)).json()).toMatchObject({ preview: true });
    const remote = await fetch(`${base}/au/news/x${query}`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(await remote.json()).toEqual({ preview: false, release: null, refused: true });
    close();
    const own = await start({ NODE_ENV: "production", LOCAL_PREVIEW_TOKEN: SECRET });
    expect(await (await fetch(`${own}/au/news/x${signed(SECRET)}`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).json()).toMatchObject({ preview: true });
  });

  it("a refused token makes no preview in the loaders either", () => {
    const env = parseEnv({ NODE_ENV: "production" });
    const request = new Request(`http://x/au/news/x${signed("kestrel-local-preview")}`);
    expect(isPreviewRequest(request, env, NOW)).toBe(true);
    runWithRequestContext("refused", (context) => {
      context.previewRefused = true;
      expect(isPreviewRequest(request, env, NOW)).toBe(false);
    });
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("10.0.0.1")).toBe(false);
    expect(previewTokenAllowedFrom(parseEnv({ NODE_ENV: "development" }), "203.0.113.9")).toBe(true);
  });
});

describe("draft reads", () => {
  it("a preview of a release reads drafts with from_release and the preview token; published reads with neither", async () => {
    const stories = await import("~/content/stories.server");
    const client = await import("~/content/client.server");
    const urls: URL[] = [];
    client.setContentFetchInterceptor((request, next) => {
      urls.push(new URL(request.url));
      return next(request);
    });
    try {
      const draft = await runWithRequestContext("release", async (context) => {
        context.previewRelease = "4711";
        return stories.getStory("news/dealer-network-expands", { country: "au", version: "draft" });
      });
      expect(draft?.content.title).toBe("Kestrel dealer network grows to 124 locations");
      const draftUrl = urls.find((u) => u.pathname.endsWith("/cdn/stories/news/dealer-network-expands"))!;
      expect(draftUrl.searchParams.get("from_release")).toBe("4711");
      expect(draftUrl.searchParams.get("version")).toBe("draft");
      expect(draftUrl.searchParams.get("token")).toBe("kestrel-local-preview");
      urls.length = 0;
      await runWithRequestContext("published", async (context) => {
        context.previewRelease = "4711";
        return stories.getStory("news/dealer-network-expands", { country: "au", version: "published" });
      });
      const publishedUrl = urls.find((u) => u.pathname.endsWith("/cdn/stories/news/dealer-network-expands"))!;
      expect(publishedUrl.searchParams.get("from_release")).toBeNull();
      expect(publishedUrl.searchParams.get("token")).toBe("local");
    } finally {
      client.setContentFetchInterceptor(null);
    }
  });
});

describe("the /_content/v2 mount in production", () => {
  it("refuses drafts to other machines with the default token, and logs so at start", async () => {
    const logs: { level: LogLevel; line: string }[] = [];
    const logger: Logger = { log: (level, line) => void logs.push({ level, line }) } as Logger;
    const env = parseEnv({ NODE_ENV: "production", CONTENT_DIR: "content-fixtures", PORT: "3999" });
    const build = (() => Promise.reject(new Error("no build in this test"))) as unknown as () => Promise<ServerBuild>;
    const { listener } = createApp({ env, build, logger });
    expect(logs.some((l) => l.level === "warn" && /honoured only for requests from this machine/.test(l.line))).toBe(true);
    const { base, close } = await listen(listener);
    try {
      const draft = "/_content/v2/cdn/stories/news/dealer-network-expands?version=draft&token=kestrel-local-preview";
      expect((await fetch(`${base}${draft}`)).status).toBe(200);
      const remote = await fetch(`${base}${draft}`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(remote.status).toBe(401);
      expect((await fetch(`${base}/_content/v2/cdn/stories/news/dealer-network-expands?version=draft`)).status).toBe(401);
      expect((await fetch(`${base}/_content/v2/cdn/stories/news/dealer-network-expands?version=published`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(200);
    } finally {
      close();
    }
  });
});
