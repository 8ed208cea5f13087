import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CacheControl, forbidsStore, NO_STORE_HEADERS, sharedCacheMayStore } from "~/server/http/cache-control";

/** Files under `dir` (recursive), relative to the project root. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("cache-control values by name", () => {
  it("keeps the directives responses have always carried", () => {
    const values = Object.entries(CacheControl).map(([name, value]) => `${name}=${value}`);
    expect(values.join("; ")).toBe(
      "noStore=no-store; privateNoStore=private, no-store; page=public, max-age=0, s-maxage=60, stale-while-revalidate=300; image=public, max-age=2592000, stale-while-revalidate=86400; publicMinute=public, max-age=60; publicFiveMinutes=public, max-age=300; publicHour=public, max-age=3600; privateHour=private, max-age=3600",
    );
    expect(NO_STORE_HEADERS).toEqual({ "Cache-Control": "no-store" });
  });

  it("tells what a shared cache may keep", () => {
    expect(sharedCacheMayStore(CacheControl.page)).toBe(true);
    expect(sharedCacheMayStore(CacheControl.publicHour)).toBe(true);
    expect(sharedCacheMayStore(CacheControl.privateNoStore)).toBe(false);
    expect(sharedCacheMayStore(CacheControl.privateHour)).toBe(false);
    expect(sharedCacheMayStore("public, no-store")).toBe(false);
    expect(sharedCacheMayStore("")).toBe(false);
    expect(forbidsStore(CacheControl.noStore)).toBe(true);
    expect(forbidsStore("Private, NO-STORE")).toBe(true);
    expect(forbidsStore(CacheControl.page)).toBe(false);
  });

  it("is the one place a Cache-Control value is written (server and app code)", () => {
    const literal = /"(?:private, |public, )?(?:no-store|max-age=\d+)[^"]*"/;
    const offenders = [...sources("app"), "server-app.ts", "server.ts"]
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => file !== "app/server/http/cache-control.ts")
      .filter((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .some((line) => literal.test(line) && /Cache-Control|_CACHE_CONTROL/.test(line)),
      );
    expect(offenders).toEqual([]);
  });
});
