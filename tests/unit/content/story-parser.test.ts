import { describe, expect, it } from "vitest";
import { isInvalidBlok } from "~/blocks/invalid";
import { parseStory, setStoryParser } from "~/content/story-parser";

const story = {
  full_slug: "test/parser",
  content: { _uid: "root", component: "page", body: [{ _uid: "bad", component: "stats-banner", items: "x" }] },
};

describe("the content layer's story parser", () => {
  it("is set by the server's entry: a story read has its bloks parsed with their blocks' schemas", async () => {
    setStoryParser((value) => value);
    expect(parseStory(story).content.body[0]).toEqual(story.content.body[0]);
    await import("~/entry.server");
    // The entry starts loading every block; the test ends once they have.
    await (await import("~/blocks/runtime/loading")).loadAllBlocks();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args[0]);
    try {
      expect(isInvalidBlok(parseStory(story).content.body[0])).toBe(true);
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("Blok stats-banner (bad) in story test/parser does not match its schema");
  });
});
