import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createContentStore, createLocalContentApi } from "~/content/local-api";
import { get, makeContentDir, makeStory, removeDir, setMtime, storyFiles, writeFiles } from "./content-fixture";

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) removeDir(dirs.pop() ?? "");
});

/** Content dir whose every file and folder has the given mtime. */
function contentWithMtime(files: Record<string, unknown>, seconds: number): string {
  const dir = makeContentDir(files);
  dirs.push(dir);
  touchAll(dir, seconds);
  return dir;
}

function touchAll(dir: string, seconds: number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) touchAll(path, seconds);
    setMtime(path, seconds);
  }
  setMtime(dir, seconds);
}

describe("cv", () => {
  it("is the newest mtime (seconds) of anything in the content dir, stable across requests", async () => {
    const dir = contentWithMtime(
      { ...storyFiles({ id: 1, full_slug: "home" }), "datasources/x.json": [], "assets/a.txt": "x" },
      1_700_000_000,
    );
    setMtime(join(dir, "assets", "a.txt"), 1_700_000_500);
    const handler = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0 });
    const first = await get(handler, "stories/home");
    const second = await get(handler, "stories?per_page=1");
    const entries = await get(handler, "datasource_entries?datasource=x");
    expect(first.body.cv).toBe(1_700_000_500);
    expect(second.body.cv).toBe(1_700_000_500);
    expect(entries.body.cv).toBe(1_700_000_500);
  });

  it("moves forward when content changes on disk, and the change is served", async () => {
    const dir = contentWithMtime(storyFiles({ id: 1, full_slug: "home", content: { title: "Old" } }), 1_700_000_000);
    const handler = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0 });
    expect((await get(handler, "stories/home")).body.story.content.title).toBe("Old");
    writeFiles(dir, storyFiles({ id: 1, full_slug: "home", content: { title: "New" } }));
    setMtime(join(dir, "stories", "home.json"), 1_700_000_100);
    const after = await get(handler, "stories/home");
    expect(after.body.story.content.title).toBe("New");
    expect(after.body.cv).toBe(1_700_000_100);
  });

  it("notices added and deleted stories", async () => {
    const dir = contentWithMtime(storyFiles({ id: 1, full_slug: "home" }, { id: 2, full_slug: "gone" }), 1_700_000_000);
    const handler = createLocalContentApi({ contentDir: dir, refreshIntervalMs: 0 });
    expect((await get(handler, "stories")).body.stories).toHaveLength(2);
    rmSync(join(dir, "stories", "gone.json"));
    writeFiles(dir, storyFiles({ id: 3, full_slug: "added" }));
    const list = await get(handler, "stories");
    expect(list.body.stories.map((s: { full_slug: string }) => s.full_slug)).toEqual(["added", "home"]);
    expect((await get(handler, "stories/gone")).status).toBe(404);
    const newest = Math.max(statSync(join(dir, "stories")).mtimeMs, statSync(join(dir, "stories", "added.json")).mtimeMs);
    expect(list.body.cv).toBe(Math.floor(newest / 1000));
  });
});

describe("content store", () => {
  it("reads each file once and re-reads only files whose mtime changed", async () => {
    const dir = contentWithMtime(
      { ...storyFiles({ id: 1, full_slug: "a" }, { id: 2, full_slug: "b" }), "datasources/d.json": [] },
      1_700_000_000,
    );
    const store = createContentStore({ contentDir: dir, refreshIntervalMs: 0 });
    await store.snapshot();
    expect(store.stats().fileReads).toBe(3);
    const unchanged = await store.snapshot();
    await store.snapshot();
    expect(store.stats().fileReads).toBe(3);
    expect(store.stats().scans).toBe(3);
    expect(await store.snapshot()).toBe(unchanged);

    writeFiles(dir, { "stories/b.json": makeStory({ id: 2, full_slug: "b", name: "B2" }) });
    setMtime(join(dir, "stories", "b.json"), 1_700_000_200);
    const changed = await store.snapshot();
    expect(store.stats().fileReads).toBe(4);
    expect(changed.byUuid.get("uuid-2")?.story.name).toBe("B2");
    expect(changed.cv).toBe(1_700_000_200);
  });

  it("scans the directory at most once per refresh interval", async () => {
    const dir = contentWithMtime(storyFiles({ id: 1, full_slug: "a", content: { title: "one" } }), 1_700_000_000);
    const store = createContentStore({ contentDir: dir, refreshIntervalMs: 60_000 });
    const handler = createLocalContentApi({ contentDir: dir });
    await Promise.all([store.snapshot(), store.snapshot(), store.snapshot()]);
    expect((await get(handler, "stories/a")).body.story.content.title).toBe("one");
    writeFiles(dir, storyFiles({ id: 1, full_slug: "a", content: { title: "two" } }));
    await store.snapshot();
    expect(store.stats().scans).toBe(1);
    expect(store.stats().fileReads).toBe(1);
    // the default interval (1 s) also serves the cached index right after a scan
    expect((await get(handler, "stories/a")).body.story.content.title).toBe("one");
  });

  it("indexes start pages under the folder slug and the full_slug", async () => {
    const dir = contentWithMtime(
      { "stories/news/index.json": makeStory({ id: 5, full_slug: "news/", is_startpage: true }) },
      1_700_000_000,
    );
    const snapshot = await createContentStore({ contentDir: dir }).snapshot();
    expect(snapshot.bySlug.get("news")?.story.id).toBe(5);
    expect(snapshot.stories[0]?.pathSlug).toBe("news");
  });
});
