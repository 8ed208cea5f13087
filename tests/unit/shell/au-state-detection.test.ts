import { describe, expect, it } from "vitest";
import { detectAuState } from "~/features/site-state/au-state-detection";

/** A fetch that answers by path, and records what was asked. */
function fakeFetch(answers: Record<string, Response | (() => Response)>) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const key = Object.keys(answers).find((k) => url.startsWith(k));
    const answer = key ? answers[key] : new Response("not found", { status: 404 });
    return typeof answer === "function" ? answer() : answer;
  }) as typeof fetch;
  return { fetcher, calls };
}

describe("detectAuState", () => {
  it("reverse-geocodes the location the server knows", async () => {
    const { fetcher, calls } = fakeFetch({
      "/api/location/": Response.json({ latitude: -34.93, longitude: 138.6 }),
      "/api/reverse-geocode": Response.json({ auState: "SA", source: "offline" }),
    });
    expect(await detectAuState(fetcher)).toBe("SA");
    expect(calls).toEqual(["/api/location/", "/api/reverse-geocode?lat=-34.93&lon=138.6&format=geocodejson"]);
  });

  it("stops when the location is unknown", async () => {
    const { fetcher, calls } = fakeFetch({ "/api/location/": Response.json({ latitude: null, longitude: null }) });
    expect(await detectAuState(fetcher)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("gives null for an answer that is not an AU state, and throws on HTTP failures (the caller logs)", async () => {
    const unknown = fakeFetch({
      "/api/location/": Response.json({ latitude: -34.93, longitude: 138.6 }),
      "/api/reverse-geocode": Response.json({ auState: null, source: null }),
    });
    expect(await detectAuState(unknown.fetcher)).toBeNull();
    const failing = fakeFetch({ "/api/location/": new Response("oops", { status: 500 }) });
    await expect(detectAuState(failing.fetcher)).rejects.toThrow("HTTP 500");
  });
});
