import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { hasPreviewParams, readPreviewParams } from "~/features/preview/params";
import { isPreviewUrl, previewClientInfo, previewSecret } from "~/features/preview/preview.server";
import { DEFAULT_LOCAL_PREVIEW_TOKEN } from "~/server/env.server";
import { previewTokenFor, verifyPreviewParams, verifyPreviewSearch } from "~/features/preview/token.server";
import { LOCAL_BRIDGE_URL, STORYBLOK_BRIDGE_URL } from "~/features/preview/bridge";

const SECRET = "preview-secret";
const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

function search(overrides: Partial<Record<"story" | "space" | "ts" | "token", string | null>> = {}, secret = SECRET): string {
  const space = overrides.space ?? "288123";
  const ts = overrides.ts ?? String(nowSeconds - 60);
  const token = overrides.token === undefined ? previewTokenFor(space, secret, ts) : overrides.token;
  const params = new URLSearchParams();
  if (overrides.story !== null) params.set("_storyblok", overrides.story ?? "667959431");
  params.set("_storyblok_c", "news-detail");
  if (overrides.space !== null) params.set("_storyblok_tk[space_id]", space);
  if (overrides.ts !== null) params.set("_storyblok_tk[timestamp]", ts);
  if (token !== null) params.set("_storyblok_tk[token]", token);
  return `?${params}`;
}

describe("preview token verification", () => {
  it("computes Storyblok's sha1 of space_id:token:timestamp", () => {
    // sha1("1:t:2"), computed independently (sha1sum).
    expect(previewTokenFor("1", "t", "2")).toBe("adbe1cb352f615930ca36de258675a3873d1cfbc");
    expect(previewTokenFor("1", "t", 2)).toBe("adbe1cb352f615930ca36de258675a3873d1cfbc");
  });

  it("accepts a valid, fresh token (raw or percent-encoded brackets)", () => {
    expect(verifyPreviewSearch(search(), SECRET, NOW)).toBe("valid");
    const encoded = search().replace(/\[/g, "%5B").replace(/\]/g, "%5D");
    expect(verifyPreviewSearch(encoded, SECRET, NOW)).toBe("valid");
    expect(verifyPreviewSearch(search({ token: previewTokenFor("288123", SECRET, String(nowSeconds - 60)).toUpperCase() }), SECRET, NOW)).toBe("valid");
  });

  it("rejects a token signed with another secret, or for another space or time", () => {
    expect(verifyPreviewSearch(search({}, "someone-else"), SECRET, NOW)).toBe("wrong");
    const signed = previewTokenFor("288123", SECRET, String(nowSeconds - 60));
    expect(verifyPreviewSearch(search({ space: "288124", token: signed }), SECRET, NOW)).toBe("wrong");
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds - 61), token: signed }), SECRET, NOW)).toBe("wrong");
  });

  it("rejects a token an hour old or more, and one from the future beyond the clock skew", () => {
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds - 3599) }), SECRET, NOW)).toBe("valid");
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds - 3600) }), SECRET, NOW)).toBe("expired");
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds - 86_400) }), SECRET, NOW)).toBe("expired");
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds + 120) }), SECRET, NOW)).toBe("valid");
    expect(verifyPreviewSearch(search({ ts: String(nowSeconds + 3600) }), SECRET, NOW)).toBe("expired");
  });

  it("reports missing parameters", () => {
    expect(verifyPreviewSearch("", SECRET, NOW)).toBe("missing");
    expect(verifyPreviewSearch(search({ story: null }), SECRET, NOW)).toBe("missing");
    expect(verifyPreviewSearch(search({ token: null }), SECRET, NOW)).toBe("missing");
    expect(verifyPreviewSearch(search({ ts: null }), SECRET, NOW)).toBe("missing");
    expect(verifyPreviewSearch(search({ space: null }), SECRET, NOW)).toBe("missing");
    expect(verifyPreviewSearch(search({ token: "" }), SECRET, NOW)).toBe("missing");
  });

  it("reports malformed parameters", () => {
    expect(verifyPreviewSearch(search({ token: "not-a-sha1" }), SECRET, NOW)).toBe("malformed");
    expect(verifyPreviewSearch(search({ token: "z".repeat(40) }), SECRET, NOW)).toBe("malformed");
    expect(verifyPreviewSearch(search({ ts: "yesterday" }), SECRET, NOW)).toBe("malformed");
    expect(verifyPreviewSearch(search({ space: "abc" }), SECRET, NOW)).toBe("malformed");
    expect(verifyPreviewSearch(search({ story: "home" }), SECRET, NOW)).toBe("malformed");
    expect(verifyPreviewSearch(search({ ts: "1".repeat(30) }), SECRET, NOW)).toBe("malformed");
  });

  it("is disabled without a secret, whatever the parameters", () => {
    expect(verifyPreviewSearch(search(), undefined, NOW)).toBe("disabled");
    expect(verifyPreviewSearch(search(), "", NOW)).toBe("disabled");
  });

  it("reads the parameters from a URL", () => {
    const url = new URL(`http://localhost/au/news/x${search()}`);
    expect(readPreviewParams(url)).toMatchObject({ storyId: "667959431", spaceId: "288123" });
    expect(hasPreviewParams(url)).toBe(true);
    expect(hasPreviewParams("?page=2")).toBe(false);
    expect(verifyPreviewParams(readPreviewParams(url), SECRET, NOW)).toBe("valid");
  });
});

describe("preview secret by mode", () => {
  it("signs local previews with LOCAL_PREVIEW_TOKEN, default kestrel-local-preview", () => {
    expect(previewSecret(parseEnv({}))).toBe(DEFAULT_LOCAL_PREVIEW_TOKEN);
    expect(previewSecret(parseEnv({ LOCAL_PREVIEW_TOKEN: "mine" }))).toBe("mine");
  });

  it("signs Storyblok previews with STORYBLOK_PREVIEW_TOKEN only; none configured means no preview", () => {
    expect(previewSecret(parseEnv({ STORYBLOK_TOKEN: "pub", STORYBLOK_PREVIEW_TOKEN: "prev", LOCAL_PREVIEW_TOKEN: "mine" }))).toBe("prev");
    const noPreview = parseEnv({ STORYBLOK_TOKEN: "pub" });
    expect(previewSecret(noPreview)).toBeUndefined();
    expect(isPreviewUrl(`http://x/au${search({}, DEFAULT_LOCAL_PREVIEW_TOKEN)}`, noPreview, NOW)).toBe(false);
  });

  it("gives the browser the bridge to load and the open story, never the secret", () => {
    const local = parseEnv({ LOCAL_PREVIEW_TOKEN: SECRET });
    const info = previewClientInfo(new Request(`http://x/au/news/a${search()}`), local, NOW);
    expect(info).toEqual({ bridgeUrl: LOCAL_BRIDGE_URL, storyId: "667959431" });
    const remote = parseEnv({ STORYBLOK_TOKEN: "pub", STORYBLOK_PREVIEW_TOKEN: SECRET });
    expect(previewClientInfo(new Request(`http://x/au${search()}`), remote, NOW)).toEqual({ bridgeUrl: STORYBLOK_BRIDGE_URL, storyId: "667959431" });
    expect(JSON.stringify(info)).not.toContain(SECRET);
    expect(previewClientInfo(new Request(`http://x/au${search({}, "wrong")}`), local, NOW)).toBeNull();
    expect(previewClientInfo(new Request("http://x/au"), local, NOW)).toBeNull();
  });
});
