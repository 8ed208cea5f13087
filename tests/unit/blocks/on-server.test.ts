import { describe, expect, it } from "vitest";
import { startBlocksOnServer } from "~/blocks/on-server.server";
import { isInvalidBlok } from "~/blocks/invalid";
import { blockRegistry } from "~/blocks/index";
import { blockComponent } from "~/blocks/runtime/loading";
import { parseStory, setStoryParser } from "~/content/story-parser";
import { parseStoryBloks } from "~/blocks/parse";
import { expectConsoleError } from "../support/console-check";

describe("the blocks on the server: one start for a blok's way from story to screen", () => {
  it("sets the story parser (bloks parsed by their schemas) and loads every block", async () => {
    setStoryParser((story) => story);
    await startBlocksOnServer();
    expectConsoleError(/does not match its schema/);
    const story = { full_slug: "x", content: { _uid: "p", component: "page", body: [{ _uid: "s", component: "stats-banner", items: "not a list" }] } };
    const parsed = parseStory(story);
    expect(isInvalidBlok(parsed.content.body[0])).toBe(true);
    for (const name of Object.keys(blockRegistry)) expect(blockComponent(name), name).toBeTruthy();
    setStoryParser(parseStoryBloks);
  }, 60_000);
});
