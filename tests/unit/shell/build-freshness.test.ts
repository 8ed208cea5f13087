import { afterEach, describe, expect, it, vi } from "vitest";
import {
  documentBuildId,
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  mayReloadAfterChunkError,
  reloadAfterChunkError,
} from "~/features/shell/build-freshness";

describe("chunk load failures", () => {
  it("recognises the errors browsers raise for a missing code chunk", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("allows a reload only when none happened in the last 10 s", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(mayReloadAfterChunkError(null, 50_000)).toBe(true);
    expect(mayReloadAfterChunkError("45000", 50_000)).toBe(false);
    expect(mayReloadAfterChunkError("40000", 50_000)).toBe(true);
    expect(mayReloadAfterChunkError("garbage", 50_000)).toBe(true);
    // A clock that went backwards does not block reloads for ever.
    expect(mayReloadAfterChunkError("90000", 50_000)).toBe(true);
  });

  afterEach(() => vi.useRealTimers());

  it("reloads once and stores the guard; a second failure within 10 s does not reload", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const store = new Map<string, string>();
    const reload = vi.fn();
    const win = {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
      location: { reload },
    } as unknown as Window;
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(store.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("1000000");
    vi.setSystemTime(1_005_000);
    expect(reloadAfterChunkError(win)).toBe(false);
    vi.setSystemTime(1_010_000);
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("the document's build id", () => {
  it("is the root loader's buildId as first read, kept when revalidated root data names a newer build", () => {
    expect(documentBuildId({ ENV: {}, preview: null, buildId: "build-a" })).toBe("build-a");
    expect(documentBuildId({ ENV: {}, preview: null, buildId: "build-b" })).toBe("build-a");
  });
});
