// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAPS_LOADER_RETRIES, growingDelay, injectMapsScript, withRetry } from "~/features/dealers/maps-script";

afterEach(() => {
  document.head.querySelectorAll("script").forEach((s) => s.remove());
  vi.restoreAllMocks();
});

describe("withRetry (the Google Maps loader's retries)", () => {
  it("retries 3 times with a growing delay (1 s, 2 s, 4 s), then gives up with the last error", async () => {
    expect(MAPS_LOADER_RETRIES).toBe(3);
    const waits: number[] = [];
    const task = vi.fn(async (attempt: number) => {
      throw new Error(`fail ${attempt}`);
    });
    await expect(
      withRetry(task, { retries: MAPS_LOADER_RETRIES, delayMs: growingDelay, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow("fail 3");
    expect(task).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("stops at the first success", async () => {
    const waits: number[] = [];
    const result = await withRetry(async (attempt) => (attempt < 2 ? Promise.reject(new Error("x")) : "loaded"), {
      retries: 3,
      delayMs: growingDelay,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe("loaded");
    expect(waits).toEqual([1000, 2000]);
  });
});

describe("injectMapsScript", () => {
  const options = { apiKey: "browser-key", language: "en-AU", region: "AU" };

  /** A window whose document keeps appended scripts instead of loading them. */
  function fakeWindow() {
    const appended: HTMLScriptElement[] = [];
    const head = {
      append: (script: HTMLScriptElement) => {
        appended.push(script);
        // A removed script leaves the list, as it leaves the page.
        script.remove = () => void appended.splice(appended.indexOf(script), 1);
      },
    };
    const doc = { createElement: (tag: string) => document.createElement(tag), querySelector: () => null, head };
    const win = { document: doc } as unknown as Window & Record<string, unknown>;
    return { win, appended };
  }

  it("adds the Maps JavaScript API with the key, language en-AU and region, and resolves on its callback", async () => {
    const { win, appended } = fakeWindow();
    const loaded = injectMapsScript(options, win);
    expect(appended).toHaveLength(1);
    const url = new URL(appended[0].src);
    expect(`${url.origin}${url.pathname}`).toBe("https://maps.googleapis.com/maps/api/js");
    expect(url.searchParams.get("key")).toBe("browser-key");
    expect(url.searchParams.get("language")).toBe("en-AU");
    expect(url.searchParams.get("region")).toBe("AU");
    expect(url.searchParams.get("libraries")).toBe("places,marker");
    expect(url.searchParams.get("loading")).toBe("async");
    const callback = url.searchParams.get("callback")!;
    (win[callback] as () => void)();
    await expect(loaded).resolves.toBeUndefined();
    expect(win[callback]).toBeUndefined();
  });

  it("rejects and removes its script when the script fails to load (so a retry adds a fresh one)", async () => {
    const { win, appended } = fakeWindow();
    const loading = injectMapsScript(options, win);
    appended[0].onerror?.(new Event("error"));
    await expect(loading).rejects.toThrow("could not load");
    expect(appended).toHaveLength(0);
  });

  it("does nothing when the API is already on the page", async () => {
    const { win, appended } = fakeWindow();
    (win as unknown as { google: unknown }).google = { maps: { importLibrary: () => undefined } };
    await injectMapsScript(options, win);
    expect(appended).toHaveLength(0);
  });
});
