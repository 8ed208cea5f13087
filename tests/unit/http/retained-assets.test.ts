import { describe, expect, it } from "vitest";
import { isRetainedPath, parseRetainedManifest, retainBuild, type RetainedBuild } from "~/server/http/retained-assets";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const build = (id: string, at: number, files: string[]): RetainedBuild => ({ id, at, files });

describe("retained build assets", () => {
  it("keeps a superseded build's files while its successor is younger than the retention", () => {
    const one = build("one", 0, ["assets/root-A.js", "islands/assets/entry-A.js", "islands/assets/react-R.js"]);
    const two = build("two", 10 * HOUR, ["assets/root-B.js", "islands/assets/entry-B.js", "islands/assets/react-R.js"]);
    const { manifest, prune } = retainBuild({ builds: [one] }, two, 10 * HOUR, DAY);
    expect(manifest.builds.map((b) => b.id)).toEqual(["one", "two"]);
    expect(prune).toEqual([]);
  });

  it("drops a build superseded longer ago than the retention, keeping the files a kept build shares", () => {
    const one = build("one", 0, ["assets/root-A.js", "islands/assets/react-R.js"]);
    const two = build("two", 1 * HOUR, ["assets/root-B.js", "islands/assets/react-R.js"]);
    const three = build("three", 30 * HOUR, ["assets/root-C.js", "islands/assets/react-R.js"]);
    // At 30 h: build two replaced build one 29 h ago (gone); build three replaced two just now (kept).
    const { manifest, prune } = retainBuild({ builds: [one, two] }, three, 30 * HOUR, DAY);
    expect(manifest.builds.map((b) => b.id)).toEqual(["two", "three"]);
    expect(prune).toEqual(["assets/root-A.js"]);
  });

  it("always keeps the newest build, and a build retained again replaces its entry", () => {
    const one = build("one", 0, ["assets/a.js"]);
    expect(retainBuild({ builds: [one] }, build("one", 5, ["assets/b.js"]), 100 * DAY, DAY)).toEqual({ manifest: { builds: [build("one", 5, ["assets/b.js"])] }, prune: ["assets/a.js"] });
    expect(retainBuild({ builds: [] }, one, 100 * DAY, 0).manifest.builds).toEqual([one]);
  });

  it("reads a manifest defensively: nothing outside the asset folders, garbage starts afresh", () => {
    expect(parseRetainedManifest(null)).toEqual({ builds: [] });
    expect(parseRetainedManifest("not json")).toEqual({ builds: [] });
    expect(parseRetainedManifest(JSON.stringify({ builds: [{ id: "x", at: 1, files: ["assets/a.js", "../etc/passwd", "assets/../../x", "public/y"] }, { id: 3 }] }))).toEqual({
      builds: [{ id: "x", at: 1, files: ["assets/a.js"] }],
    });
    expect(isRetainedPath("islands/assets/entry.js")).toBe(true);
    expect(isRetainedPath("islands/assets//x")).toBe(false);
  });
});
