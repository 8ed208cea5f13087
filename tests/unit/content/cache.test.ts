import { describe, expect, it, vi } from "vitest";
import {
  ContentCache,
  cacheKeyOf,
  policyForList,
  policyForStory,
  type Fetched,
} from "~/content/cache.server";
import { CACHE_POLICIES, type CachePolicy } from "~/server/http/cache-policy";

/** A cache on a fake clock that the test moves by hand. */
function setup(options: { maxEntries?: number; maxMisses?: number; cvMaxAgeMs?: number } = {}) {
  let now = 1_000_000;
  const errors: string[] = [];
  const cache = new ContentCache({ now: () => now, onError: (key) => errors.push(key), ...options });
  return {
    cache,
    errors,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** An upstream whose answers the test scripts; counts its calls. */
function upstream<T>(...answers: Array<T | Error>) {
  let i = 0;
  const fn = vi.fn(async (): Promise<Fetched<T>> => {
    const answer = answers[Math.min(i++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return { value: answer as T };
  });
  return fn;
}

const vehicle = CACHE_POLICIES.vehicle;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("content cache policies", () => {
  it("names vehicle data, globals, listings and pages", () => {
    expect(vehicle.ttlMs).toBe(300000);
    expect(policyForStory("car-configurator/models/tarrak").name).toBe("vehicle");
    expect(policyForStory("vehicle-prices/au").name).toBe("vehicle");
    expect(policyForStory("price-disclaimers/driveaway").name).toBe("vehicle");
    expect(policyForStory("global/header").name).toBe("globals");
    expect(policyForStory("models/suv/tarrak").name).toBe("pages");
    expect(policyForStory("home").name).toBe("pages");
    expect(policyForList({ starts_with: "car-configurator/models/tarrak/au/" }).name).toBe("vehicle");
    expect(policyForList({ content_type: "model-au", starts_with: "car-configurator/models/" }).name).toBe("vehicle");
    expect(policyForList({ by_slugs: "vehicle-prices/a,price-disclaimers/b" }).name).toBe("vehicle");
    expect(policyForList({ by_slugs: "models,models/suv" }).name).toBe("listings");
    expect(policyForList({ starts_with: "news", content_type: "news-detail" }).name).toBe("listings");
  });
  it("keys reads by kind, identifier and parameters, whatever their order, without cv and token", () => {
    expect(cacheKeyOf("story", "home", { version: "published", language: "au" })).toBe(
      cacheKeyOf("story", "home", { language: "au", version: "published", cv: 5, token: "x" }),
    );
    expect(cacheKeyOf("story", "home", { language: "au" })).not.toBe(cacheKeyOf("story", "home", { language: "nz" }));
    expect(cacheKeyOf("story", "home")).not.toBe(cacheKeyOf("stories-all", "home"));
  });
});

describe("ContentCache", () => {
  it("serves a fresh entry from memory for the policy's time to live (vehicle data 300000 ms)", async () => {
    const { cache, advance } = setup();
    const fetch = upstream("v1", "v2");
    expect(await cache.read(vehicle, "k", fetch)).toBe("v1");
    advance(299_999);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v1");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry while one background refresh runs (stale-while-revalidate)", async () => {
    const { cache, advance } = setup();
    const fetch = upstream("v1", "v2");
    await cache.read(vehicle, "k", fetch);
    advance(vehicle.ttlMs + 1);
    // Two reads in the stale window: both answered at once with the old value, one refresh.
    expect(await Promise.all([cache.read(vehicle, "k", fetch), cache.read(vehicle, "k", fetch)])).toEqual(["v1", "v1"]);
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v2");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("waits for the content service once the stale window has passed", async () => {
    const { cache, advance } = setup();
    const fetch = upstream("v1", "v2");
    await cache.read(vehicle, "k", fetch);
    advance(vehicle.ttlMs + vehicle.staleWhileRevalidateMs);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v2");
  });

  it("keeps serving during a content outage (stale-if-error), within the policy's window", async () => {
    const { cache, advance, errors } = setup();
    const fetch = upstream<string>("v1", new Error("503 Service Unavailable"));
    await cache.read(vehicle, "k", fetch);
    advance(vehicle.ttlMs + vehicle.staleWhileRevalidateMs + 1);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v1");
    expect(errors).toEqual(["k"]);
    advance(vehicle.staleIfErrorMs);
    await expect(cache.read(vehicle, "k", fetch)).rejects.toThrow("503");
  });

  it("does not hide a failure when nothing was cached", async () => {
    const { cache } = setup();
    await expect(cache.read(vehicle, "k", upstream<string>(new Error("down")))).rejects.toThrow("down");
  });

  it("a background refresh that fails keeps the entry and is reported", async () => {
    const { cache, advance, errors } = setup();
    const fetch = upstream<string>("v1", new Error("down"), "v3");
    await cache.read(vehicle, "k", fetch);
    advance(vehicle.ttlMs + 1);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v1");
    await flush();
    expect(errors).toEqual(["k"]);
    expect(await cache.read(vehicle, "k", fetch)).toBe("v1");
    await flush();
    expect(await cache.read(vehicle, "k", fetch)).toBe("v3");
  });

  it("coalesces concurrent identical reads into one upstream call", async () => {
    const { cache } = setup();
    let release!: (v: Fetched<string>) => void;
    const fetch = vi.fn(() => new Promise<Fetched<string>>((resolve) => (release = resolve)));
    const reads = Array.from({ length: 10 }, () => cache.read(CACHE_POLICIES.pages, "home", fetch));
    const other = cache.read(CACHE_POLICIES.pages, "other", async () => ({ value: "o" }));
    release({ value: "home story" });
    expect(await Promise.all(reads)).toEqual(Array(10).fill("home story"));
    expect(await other).toBe("o");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("hands out one deep-frozen value, no copy per read: a caller cannot change the cached one", async () => {
    const { cache } = setup();
    const fetch = upstream({ content: { title: "Home", body: [{ text: "a" }] } });
    const first = await cache.read(CACHE_POLICIES.pages, "k", fetch);
    expect(() => {
      first.content.title = "changed";
    }).toThrow(TypeError);
    expect(() => {
      first.content.body[0]!.text = "b";
    }).toThrow(TypeError);
    const second = await cache.read(CACHE_POLICIES.pages, "k", fetch);
    expect(second).toBe(first);
    expect(second.content.title).toBe("Home");
  });

  it("remembers the cv of responses and hands it out for later requests until it is old", async () => {
    const { cache, advance } = setup({ cvMaxAgeMs: 60_000 });
    expect(cache.currentCv()).toBeUndefined();
    await cache.read(vehicle, "k", async () => ({ value: 1, cv: 1700000000 }));
    expect(cache.currentCv()).toBe(1700000000);
    advance(59_999);
    expect(cache.currentCv()).toBe(1700000000);
    advance(1);
    // Too old: the next request goes without cv and learns the latest.
    expect(cache.currentCv()).toBeUndefined();
    cache.noteCv(1700000000);
    expect(cache.currentCv()).toBe(1700000000);
  });

  it("a newer cv outdates entries read at an older one; they are read again, and still cover an outage", async () => {
    const { cache } = setup();
    const a = upstream<string>("a1", "a2");
    await cache.read(CACHE_POLICIES.globals, "a", async () => ({ ...(await a()), cv: 100 }));
    const b = upstream<string>("b1", new Error("down"));
    await cache.read(CACHE_POLICIES.globals, "b", async () => ({ ...(await b()), cv: 100 }));
    // Another read sees content published at cv 200.
    await cache.read(CACHE_POLICIES.pages, "c", async () => ({ value: "c", cv: 200 }));
    expect(await cache.read(CACHE_POLICIES.globals, "a", async () => ({ ...(await a()), cv: 200 }))).toBe("a2");
    expect(a).toHaveBeenCalledTimes(2);
    // "b" is outdated, and the content service fails: the old value keeps the page serving.
    expect(await cache.read(CACHE_POLICIES.globals, "b", b)).toBe("b1");
    // An older cv changes nothing.
    cache.noteCv(150);
    expect(cache.currentCv()).toBe(200);
  });

  it("clear() forgets entries and the cv; a read in flight answers but is not stored", async () => {
    const { cache } = setup();
    await cache.read(CACHE_POLICIES.pages, "k", async () => ({ value: "old", cv: 100 }));
    let release!: (v: Fetched<string>) => void;
    const slow = cache.read(CACHE_POLICIES.pages, "slow", () => new Promise<Fetched<string>>((resolve) => (release = resolve)));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.currentCv()).toBeUndefined();
    release({ value: "read before the clear", cv: 100 });
    expect(await slow).toBe("read before the clear");
    expect(cache.size).toBe(0);
    const fetch = upstream("new");
    expect(await cache.read(CACHE_POLICIES.pages, "k", fetch)).toBe("new");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is bounded: the least recently used entries go first", async () => {
    const { cache } = setup({ maxEntries: 2 });
    const policy: CachePolicy = CACHE_POLICIES.pages;
    await cache.read(policy, "a", upstream("a"));
    await cache.read(policy, "b", upstream("b"));
    await cache.read(policy, "a", upstream("a again"));
    await cache.read(policy, "c", upstream("c"));
    expect(cache.size).toBe(2);
    const b = upstream("b2");
    expect(await cache.read(policy, "b", b)).toBe("b2");
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("resists a scan: thousands of distinct reads made once leave the entries in use (and their stale copies)", async () => {
    const { cache, advance } = setup({ maxEntries: 100 });
    const policy = CACHE_POLICIES.pages;
    for (const key of ["home", "offers", "news"]) {
      await cache.read(policy, key, upstream(key));
      await cache.read(policy, key, upstream(key));
    }
    for (let i = 0; i < 3000; i++) await cache.read(policy, `scan-${i}`, upstream(`found ${i}`));
    expect(cache.size).toBeLessThanOrEqual(100);
    // Long past their freshness, with the content service down: the pages in use still serve.
    advance(policy.ttlMs + policy.staleWhileRevalidateMs + 1);
    for (const key of ["home", "offers", "news"]) {
      expect(await cache.read(policy, key, upstream<string>(new Error("down")))).toBe(key);
    }
  });

  it("keeps answers of nothing apart, in a bound of their own", async () => {
    const { cache } = setup({ maxEntries: 100, maxMisses: 10 });
    const policy = CACHE_POLICIES.pages;
    for (let i = 0; i < 50; i++) await cache.read(policy, `found-${i}`, upstream(`found ${i}`));
    for (let i = 0; i < 1000; i++) await cache.read(policy, `missing-${i}`, upstream(null));
    expect(cache.size).toBe(60);
    // Every entry with content, even those read only once, is still there.
    for (let i = 0; i < 50; i++) {
      const fetch = upstream("read again");
      expect(await cache.read(policy, `found-${i}`, fetch)).toBe(`found ${i}`);
      expect(fetch).not.toHaveBeenCalled();
    }
    const missing = upstream(null);
    expect(await cache.read(policy, "missing-999", missing)).toBeNull();
    expect(missing).not.toHaveBeenCalled();
  });
});
