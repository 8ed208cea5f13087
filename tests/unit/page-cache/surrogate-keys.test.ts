import { describe, expect, it } from "vitest";
import { deepFreeze } from "~/content/cache.server";
import { folderKey, keysOfList, keysOfStory, purgeKeysForPublish, surrogateKeyHeaders } from "~/server/page-cache/surrogate-keys";
import { withSurrogateKeys } from "~/server/security/remix-handler.server";

/** Surrogate keys (issue 26 item 5): pages name their content; a publish purges exactly those. */

const line = { id: 11, uuid: "u11", full_slug: "car-configurator/models/tarrak", content: { component: "model-line" } };
const page = { id: 7, uuid: "u7", full_slug: "models/suv/tarrak", content: { component: "page", body: [{ component: "model-tabs", model_line: line, items: [line] }] } };

describe("surrogate keys", () => {
  it("name a story and the stories resolved into it (frozen or not)", () => {
    expect(keysOfStory(page)).toEqual(["story-7", "story-11"]);
    const frozen = deepFreeze(structuredClone(page));
    expect(keysOfStory(frozen)).toEqual(["story-7", "story-11"]);
    expect(keysOfStory(frozen)).toBe(keysOfStory(frozen));
    expect(keysOfStory(null)).toEqual([]);
  });

  it("name a list by its folder, by its stories when it is by slugs, else every story", () => {
    expect(keysOfList({ starts_with: "car-configurator/models/" }, [line])).toEqual(["folder-car-configurator-models"]);
    expect(keysOfList({ by_slugs: "models,models/suv" }, [page])).toEqual(["story-7", "story-11"]);
    expect(keysOfList({}, [page])).toEqual(["stories"]);
  });

  it("a publish purges its story, the lists of its folders and unfiltered lists; unknown: everything", () => {
    expect(purgeKeysForPublish({ storyId: 9, fullSlug: "news/dealer-network-expands" })).toEqual(["story-9", "stories", "folder-news"]);
    expect(purgeKeysForPublish({ storyId: 11, fullSlug: "car-configurator/models/tarrak" })).toEqual([
      "story-11",
      "stories",
      "folder-car-configurator",
      folderKey("car-configurator/models/"),
    ]);
    expect(purgeKeysForPublish({})).toEqual(["site"]);
  });

  it("become Surrogate-Key (spaces) and Cache-Tag (commas), site first, on public HTML only", () => {
    expect(surrogateKeyHeaders(["story-7", "folder-news", "story-7"])).toEqual({ "Surrogate-Key": "site folder-news story-7", "Cache-Tag": "site,folder-news,story-7" });
    const html = (cacheControl: string) => new Response("<p>", { headers: { "Content-Type": "text/html", "Cache-Control": cacheControl } });
    expect(withSurrogateKeys(html("public, max-age=0, s-maxage=60"), new Set(["story-7"])).headers.get("surrogate-key")).toBe("site story-7");
    expect(withSurrogateKeys(html("private, no-store"), new Set(["story-7"])).headers.get("surrogate-key")).toBeNull();
    const json = new Response("{}", { headers: { "Content-Type": "application/json", "Cache-Control": "public" } });
    expect(withSurrogateKeys(json, new Set(["story-7"])).headers.get("cache-tag")).toBeNull();
  });
});
