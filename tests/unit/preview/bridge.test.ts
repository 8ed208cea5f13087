import { describe, expect, it } from "vitest";
import { bridgeOutcome, reuseResolvedRelations, type BridgeEvent } from "~/features/preview/bridge";
import { previewCspSources } from "~/server/security/preview-csp";

const model = { uuid: "m-1", full_slug: "car-configurator/tarrak", content: { component: "model-line", name: "Tarrak" } };
const current = {
  id: 42,
  full_slug: "models/tarrak",
  content: { component: "page", title: "Old", body: [{ _uid: "a", component: "cta-panel", model }] },
};

describe("bridge events", () => {
  it("an input event for the open story shows the edited story, with the server's resolved relations reused", () => {
    const event: BridgeEvent = {
      action: "input",
      story: { id: 42, content: { component: "page", title: "New", body: [{ _uid: "a", component: "cta-panel", model: "m-1" }, { _uid: "b", component: "cta-panel", model: "m-2" }] } },
    };
    const outcome = bridgeOutcome(event, current, "42");
    expect(outcome.kind).toBe("update");
    if (outcome.kind !== "update") return;
    expect(outcome.story.content.title).toBe("New");
    expect(outcome.story.full_slug).toBe("models/tarrak");
    const body = outcome.story.content.body as { model: unknown }[];
    expect(body[0]?.model).toEqual(model);
    // Nothing new is resolved: an unknown UUID stays a string.
    expect(body[1]?.model).toBe("m-2");
  });

  it("ignores input for another story or without content", () => {
    expect(bridgeOutcome({ action: "input", story: { id: 7, content: {} } }, current, "42").kind).toBe("ignore");
    expect(bridgeOutcome({ action: "input" }, current, "42").kind).toBe("ignore");
    // The page shows another story than the one the editor opened.
    expect(bridgeOutcome({ action: "input", story: { id: 42, content: {} } }, { ...current, id: 9 }, "42").kind).toBe("ignore");
  });

  it("reloads on change or published of the open story only", () => {
    expect(bridgeOutcome({ action: "change", storyId: 42 }, current, "42")).toEqual({ kind: "reload" });
    expect(bridgeOutcome({ action: "published", storyId: "42" }, current, "42")).toEqual({ kind: "reload" });
    expect(bridgeOutcome({ action: "change", storyId: 43 }, current, "42").kind).toBe("ignore");
    expect(bridgeOutcome({ action: "enterEditmode", storyId: 42 }, current, "42").kind).toBe("ignore");
  });

  it("leaves content without known relations untouched", () => {
    const next = { title: "x", list: ["m-1"] };
    expect(reuseResolvedRelations(next, { title: "y" })).toBe(next);
  });
});

describe("preview CSP sources", () => {
  it("allows Storyblok's editor for scripts, connections, frames and framing", () => {
    const csp = previewCspSources();
    expect(csp.scriptSrc).toContain("https://app.storyblok.com");
    expect(csp.connectSrc).toContain("https://api.storyblok.com");
    expect(csp.frameSrc).toContain("https://app.storyblok.com");
    expect(csp.frameAncestors).toEqual(["'self'", "https://app.storyblok.com"]);
  });
});
