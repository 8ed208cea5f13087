import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  mayReloadAfterChunkError,
  reloadAfterChunkError,
  reloadOnChunkErrors,
  siteReachable,
} from "~/islands/chunk-errors";

/** A window with a session storage and a reload, and its own event listeners. */
function fakeWindow(storage: "ok" | "broken" = "ok") {
  const store = new Map<string, string>();
  const reload = vi.fn();
  const events = new EventTarget();
  const win = {
    sessionStorage:
      storage === "ok"
        ? { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
        : {
            getItem: () => {
              throw new Error("SecurityError");
            },
            setItem: () => {
              throw new Error("SecurityError");
            },
          },
    location: { reload },
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  } as unknown as Window;
  return { win, store, reload };
}

afterEach(() => vi.useRealTimers());

describe("chunk load failures (a page left open across a deploy)", () => {
  it("recognises the errors browsers raise for a missing code chunk", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/islands/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError("ChunkLoadError: Loading chunk 12 failed")).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: "Failed to fetch dynamically imported module" })).toBe(false);
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

  it("reloads once and stores the guard; a second failure within 10 s does not reload", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { win, store, reload } = fakeWindow();
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(store.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("1000000");
    vi.setSystemTime(1_005_000);
    expect(reloadAfterChunkError(win)).toBe(false);
    vi.setSystemTime(1_010_000);
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("reloads without a session storage (the guard cannot be kept)", () => {
    const { win, reload } = fakeWindow("broken");
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("reloadOnChunkErrors", () => {
  function rejection(reason: unknown): Event {
    const event = new Event("unhandledrejection");
    Object.assign(event, { reason });
    return event;
  }

  const answers = () => Promise.resolve(true);
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it("reloads on Vite's preload error (and keeps it from being thrown) and on an unhandled chunk failure, not on other errors", async () => {
    vi.useFakeTimers({ now: 2_000_000, toFake: ["Date"] });
    const { win, reload } = fakeWindow();
    reloadOnChunkErrors(win, { reachable: answers });

    win.dispatchEvent(rejection(new Error("Cannot read properties of undefined")));
    await flush();
    expect(reload).not.toHaveBeenCalled();

    const preload = new Event("vite:preloadError", { cancelable: true });
    win.dispatchEvent(preload);
    expect(preload.defaultPrevented).toBe(true);
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);

    // Within the guard: no reload loop.
    win.dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /islands/assets/b.js")));
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(2_010_000);
    win.dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /islands/assets/b.js")));
    await flush();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload while the site does not answer (offline): the page stays as it is", async () => {
    const { win, reload } = fakeWindow();
    const reachable = vi.fn(() => Promise.resolve(false));
    reloadOnChunkErrors(win, { reachable });
    win.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    win.dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /islands/assets/b.js")));
    await flush();
    expect(reachable).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it("lets the islands' failed import reject, so its island is marked failed rather than left waiting", async () => {
    const { win } = fakeWindow();
    reloadOnChunkErrors(win, { rejectImports: true, reachable: answers });
    const preload = new Event("vite:preloadError", { cancelable: true });
    win.dispatchEvent(preload);
    expect(preload.defaultPrevented).toBe(false);
    await flush();
  });

  it("asks the site for this page to know whether it answers", async () => {
    const fetch = vi.fn(() => Promise.resolve({ ok: true }));
    const offline = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const at = { href: "https://example.test/au/offers" };
    expect(await siteReachable({ fetch, location: at } as unknown as Window)).toBe(true);
    expect(fetch).toHaveBeenCalledWith("https://example.test/au/offers", expect.objectContaining({ method: "HEAD", cache: "no-store" }));
    expect(await siteReachable({ fetch: offline, location: at } as unknown as Window)).toBe(false);
  });
});
