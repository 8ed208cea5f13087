import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createContentHandler } from "~/content/local-api";
import { isSafeIdentifier, matchRoute } from "~/content/local-api/routes";
import { apiFor, get, makeContentDir, makeStory, removeDir, storyFiles } from "./content-fixture";

// A secret story outside the content directory that must never be served.
const outside = makeContentDir({ "secret.json": makeStory({ id: 99, full_slug: "secret" }) });
const { handler, dir } = apiFor(storyFiles({ id: 1, full_slug: "home" }, { id: 2, full_slug: "folder/page" }));
mkdirSync(join(dir, "stories", "linked"), { recursive: true });
symlinkSync(join(outside, "secret.json"), join(dir, "stories", "linked", "secret.json"));
symlinkSync(outside, join(dir, "stories", "outside-dir"));
afterAll(() => {
  removeDir(dir);
  removeDir(outside);
});

async function raw(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await handler(new Request(url, init));
  return { status: response.status, body: await response.json() };
}

describe("path safety", () => {
  it("rejects traversal and odd characters with a 404 JSON body", async () => {
    const attempts = [
      "http://local/v2/cdn/stories/..%2F..%2Fsecret",
      "http://local/v2/cdn/stories/%2e%2e/%2e%2e/secret",
      "http://local/v2/cdn/stories/folder%2F..%2Fhome",
      "http://local/v2/cdn/stories/..%5Csecret",
      "http://local/v2/cdn/stories/home%00",
      "http://local/v2/cdn/stories/%2Fetc%2Fpasswd",
      "http://local/v2/cdn/stories//etc/passwd",
      "http://local/v2/cdn/stories/home%20page",
      "http://local/v2/cdn/stories/%E0%A4%A",
      "http://local/v2/cdn/stories/h%C3%B6me",
      `http://local/v2/cdn/stories/${encodeURIComponent(join(outside, "secret"))}`,
    ];
    for (const url of attempts) {
      const res = await raw(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual(["This record could not be found"]);
    }
  });

  it("never serves files reached through symbolic links", async () => {
    expect((await get(handler, "stories/linked/secret")).status).toBe(404);
    expect((await get(handler, "stories/outside-dir/secret")).status).toBe(404);
    const list = await get(handler, "stories");
    expect(list.body.stories.map((s: { id: number }) => s.id)).toEqual([2, 1]);
  });

  it("skips unparseable story files (logged) and keeps serving the rest", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fresh = apiFor({ ...storyFiles({ id: 1, full_slug: "home" }), "stories/bad.json": "{ nope", "stories/no-id.json": { content: {} } });
    expect((await get(fresh.handler, "stories/home")).status).toBe(200);
    expect((await get(fresh.handler, "stories/bad")).status).toBe(404);
    expect(spy.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/bad\.json[\s\S]*no-id\.json|no-id\.json[\s\S]*bad\.json/);
    spy.mockRestore();
    removeDir(fresh.dir);
  });

  it("accepts only the safe identifier alphabet", () => {
    expect(isSafeIdentifier("news/my-post_2.v1")).toBe(true);
    expect(isSafeIdentifier("News/Post")).toBe(true);
    for (const bad of ["", "a/../b", "..", "/abs", "a//b", "a\\b", "a\0b", "a b", "a?b", "ä"]) {
      expect(isSafeIdentifier(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("routes only what follows /v2/cdn/", () => {
    expect(matchRoute("/v2/cdn/stories")).toEqual({ kind: "stories" });
    expect(matchRoute("/_content/v2/cdn/stories/a/b/")).toEqual({ kind: "story", identifier: "a/b" });
    expect(matchRoute("/v2/cdn/spaces/me/")).toEqual({ kind: "spaces_me" });
    expect(matchRoute("/v2/cdn/unknown")).toEqual({ kind: "not_found" });
    expect(matchRoute("/stories/home")).toEqual({ kind: "not_found" });
  });
});

describe("errors", () => {
  it("answers 404 JSON for unknown endpoints", async () => {
    expect(await raw("http://local/v2/cdn/nothing")).toEqual({ status: 404, body: ["This record could not be found"] });
    expect((await raw("http://local/other/path")).status).toBe(404);
  });

  it("answers 405 JSON for non-GET methods", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await handler(new Request("http://local/v2/cdn/stories", { method, body: method === "DELETE" ? null : "{}" }));
      expect(response.status, method).toBe(405);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(((await response.json()) as { error: string }).error).toMatch(/not allowed/);
    }
  });

  it("answers 400 with a message for bad parameters", async () => {
    const cases: [string, RegExp][] = [
      ["stories?version=preview", /version/],
      ["stories/home?version=latest", /version/],
      ["stories?page=abc", /page/],
      ["stories?per_page=-5", /per_page/],
      ["stories?page=0", /page/],
      ["stories?sort_by=name:sideways", /sort_by/],
      ["stories?filter_query[a][bogus]=1", /bogus/],
      ["stories/home?find_by=id", /find_by/],
    ];
    for (const [path, message] of cases) {
      const res = await get(handler, path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatch(message);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("answers 500 JSON and logs on unexpected errors, never throwing", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = createContentHandler({ snapshot: () => Promise.reject(new Error("disk on fire")) }, { spaceId: 1 });
    const response = await failing(new Request("http://local/v2/cdn/stories"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal error" });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("serves an empty space when the content directory does not exist", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const missing = apiFor({});
    removeDir(missing.dir);
    const res = await get(missing.handler, "stories");
    expect(res.status).toBe(200);
    expect(res.body.stories).toEqual([]);
    expect((await get(missing.handler, "stories/home")).status).toBe(404);
    spy.mockRestore();
  });
});
