import { describe, expect, it } from "vitest";
import { EnvError, getPublicEnv, parseEnv } from "~/server/env.server";

describe("parseEnv", () => {
  it("applies the defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.CONTENT_DIR).toBe("content-fixtures");
    expect(env.STORYBLOK_REGION).toBe("eu");
    expect(env.STORYBLOK_TOKEN).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });
  it("treats empty strings as unset and strips a trailing slash from SITE_URL", () => {
    const env = parseEnv({ STORYBLOK_TOKEN: "", SITE_URL: "https://www.kestrel.example/", PORT: "8080" });
    expect(env.STORYBLOK_TOKEN).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.kestrel.example");
    expect(env.PORT).toBe(8080);
  });
  it("stops with a clear message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", STORYBLOK_REGION: "mars", SITE_URL: "not a url" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", STORYBLOK_REGION: "mars", NODE_ENV: "staging" });
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/^Invalid environment configuration:/);
      expect(message).toContain("PORT");
      expect(message).toContain("STORYBLOK_REGION");
      expect(message).toContain("NODE_ENV");
    }
  });
  it("takes an http(s) CDN_PURGE_URL, and refuses anything else", () => {
    expect(parseEnv({}).CDN_PURGE_URL).toBeUndefined();
    expect(parseEnv({ CDN_PURGE_URL: "http://127.0.0.1:6081/" }).CDN_PURGE_URL).toBe("http://127.0.0.1:6081/");
    expect(() => parseEnv({ CDN_PURGE_URL: "varnish:6081" })).toThrow(/CDN_PURGE_URL must be an http\(s\) URL/);
  });
  it("exposes only public values to the browser", () => {
    const pub = getPublicEnv(parseEnv({ STORYBLOK_TOKEN: "secret", STORYBLOK_PREVIEW_TOKEN: "preview" }));
    expect(JSON.stringify(pub)).not.toContain("secret");
    expect(JSON.stringify(pub)).not.toContain("preview");
  });
  it("gives the browser the bot check's public site key, never its secret", () => {
    const pub = getPublicEnv(parseEnv({ BOT_CHECK_SITE_KEY: "site-key-1", BOT_CHECK_SECRET: "bot-secret" }));
    expect(pub).toMatchObject({ BOT_CHECK_SITE_KEY: "site-key-1" });
    expect(JSON.stringify(pub)).not.toContain("bot-secret");
    expect(getPublicEnv(parseEnv({}))).not.toHaveProperty("BOT_CHECK_SITE_KEY");
  });
});
