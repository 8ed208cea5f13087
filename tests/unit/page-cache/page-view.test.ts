import { describe, expect, it } from "vitest";
import { parseBloks } from "~/blocks/parse";
import { isIslandView } from "~/blocks/runtime/island-view";
import { deepFreeze } from "~/content/cache.server";
import { documentStory, pageDataForRequest } from "~/features/pages/page-view.server";
import { runWithRequestContext } from "~/features/observability/request-context.server";
import { b, doc } from "../blocks/render";

/** A document's page data: the body's islands without their content (issue 26 item 6, ADR 031). */

const island = () => b("text-content", { content: doc("Island words.") });
const live = () => b("expanding-grid", { heading: "Explore", items: [b("expanding-grid-item", { heading: "Cabin", content: "Roomy." })] });
const story = (frozen = true) => {
  const value = parseBloks({ id: 1, name: "Page", full_slug: "au/page", content: b("page", { meta_title: "Title", body: [island(), live()] }) });
  return frozen ? deepFreeze(value) : value;
};

describe("documentStory", () => {
  it("turns the body's islands into views, keeps bloks that hydrate and the root's own fields", () => {
    const source = story();
    const { story: view, islands } = documentStory(source);
    const [first, second] = view.content.body as unknown[];
    expect(isIslandView(first)).toBe(true);
    expect(second).toBe((source.content.body as unknown[])[1]);
    expect(islands).toEqual(new Set([(source.content.body as { _uid: string }[])[0]!._uid]));
    expect(view.content.meta_title).toBe("Title");
    expect(view.name).toBe("Page");
    expect(JSON.stringify(view)).not.toContain("Island words.");
    expect(JSON.stringify(view)).toContain("Cabin");
    // Once per frozen story (per content version).
    expect(documentStory(source).story).toBe(view);
  });

  it("leaves drafts (not frozen) as they are", () => {
    const draft = story(false);
    expect(documentStory(draft).story).toBe(draft);
  });
});

describe("pageDataForRequest", () => {
  it("changes a document's data only; block data of islands is readable but not sent", () => {
    const source = story();
    const uid = (source.content.body as { _uid: string }[])[0]!._uid;
    const liveUid = (source.content.body as { _uid: string }[])[1]!._uid;
    const payload = { story: source, blockData: { [uid]: { island: "data" }, [liveUid]: { live: "data" } } };
    expect(pageDataForRequest(payload)).toBe(payload);
    runWithRequestContext("data-request", () => expect(pageDataForRequest(payload)).toBe(payload));
    runWithRequestContext("document", (context) => {
      context.document = true;
      const out = pageDataForRequest(payload);
      expect(out.story).toBe(documentStory(source).story);
      expect(out.blockData[uid]).toEqual({ island: "data" });
      expect(JSON.parse(JSON.stringify(out.blockData))).toEqual({ [liveUid]: { live: "data" } });
    });
  });
});
