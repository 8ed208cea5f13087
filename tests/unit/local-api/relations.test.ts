import { afterAll, describe, expect, it } from "vitest";
import { collectRelationUuids, parseResolveRelations } from "~/content/local-api/relations";
import { apiFor, get, removeDir, storyFiles, type StoryInput } from "./content-fixture";

const stories: (StoryInput & { file?: string })[] = [
  {
    id: 1,
    full_slug: "models/suv",
    content: {
      component: "model",
      colours: ["uuid-10", "uuid-11", "uuid-12"],
      model_line: "uuid-20",
      unrelated: "uuid-30",
      body: [{ _uid: "b1", component: "teaser", story: "uuid-30" }],
    },
  },
  {
    id: 10,
    full_slug: "colours/red",
    content: { component: "colour", name: "Red", name__i18n__nz: "Rouge", images: ["a"], trim: "uuid-40" },
    draft: { content: { _uid: "d10", component: "colour", name: "Red (draft)", trim: "uuid-40" } },
  },
  { id: 11, full_slug: "colours/blue", content: { component: "colour", name: "Blue", images: ["b"] } },
  { id: 12, full_slug: "colours/hidden", published: false, content: { component: "colour", name: "Hidden" } },
  { id: 20, full_slug: "lines/suv", content: { component: "model-line", name: "SUV line" } },
  { id: 30, full_slug: "teasers/t", content: { component: "teaser-story", name: "Teaser" } },
  { id: 40, full_slug: "trims/leather", content: { component: "trim", name: "Leather", colour: "uuid-50" } },
  { id: 50, full_slug: "colours/deep", content: { component: "colour", name: "Too deep" } },
  {
    id: 60,
    full_slug: "models/many",
    content: { component: "model", colours: Array.from({ length: 51 }, (_, i) => `uuid-${1000 + i}`) },
  },
  {
    id: 61,
    full_slug: "models/fifty",
    content: { component: "model", colours: Array.from({ length: 50 }, (_, i) => `uuid-${1000 + i}`) },
  },
  ...Array.from({ length: 51 }, (_, i) => ({
    id: 1000 + i,
    full_slug: `bulk/c${i}`,
    content: { component: "colour", name: `C${i}` },
  })),
];
const { handler, dir } = apiFor(storyFiles(...stories));
afterAll(() => removeDir(dir));

type Rel = { uuid: string; content: Record<string, unknown> };
const relUuids = (rels: Rel[]): string[] => rels.map((r) => r.uuid).sort();

describe("resolve_relations", () => {
  it("does not inline: content keeps uuids, referenced stories go to rels", async () => {
    const res = await get(handler, "stories/models/suv?resolve_relations=model.colours,model.model_line");
    expect(res.body.story.content.colours).toEqual(["uuid-10", "uuid-11", "uuid-12"]);
    expect(res.body.story.content.model_line).toBe("uuid-20");
    // uuid-12 is unpublished; uuid-40 comes from the second level (colour.trim is not requested → not resolved)
    expect(relUuids(res.body.rels)).toEqual(["uuid-10", "uuid-11", "uuid-20"]);
    expect(res.body).not.toHaveProperty("rel_uuids");
  });

  it("resolves relations inside rels (2 levels), not deeper", async () => {
    const res = await get(handler, "stories/models/suv?resolve_relations=model.colours,colour.trim,trim.colour");
    expect(relUuids(res.body.rels)).toEqual(["uuid-10", "uuid-11", "uuid-40"]);
  });

  it("matches only the given component's field, anywhere in the tree", async () => {
    const teaser = await get(handler, "stories/models/suv?resolve_relations=teaser.story");
    expect(relUuids(teaser.body.rels)).toEqual(["uuid-30"]);
    const wrongComponent = await get(handler, "stories/models/suv?resolve_relations=page.colours");
    expect(wrongComponent.body.rels).toEqual([]);
  });

  it("includes unpublished relations only for draft", async () => {
    const res = await get(handler, "stories/models/suv?version=draft&resolve_relations=model.colours");
    expect(relUuids(res.body.rels)).toEqual(["uuid-10", "uuid-11", "uuid-12"]);
  });

  it("processes rels with the same version, language and excluding_fields", async () => {
    const nz = await get(handler, "stories/models/suv?language=nz&excluding_fields=images&resolve_relations=model.colours");
    const red = nz.body.rels.find((r: Rel) => r.uuid === "uuid-10");
    expect(red.content.name).toBe("Rouge");
    expect(red.content).not.toHaveProperty("images");
    expect(JSON.stringify(nz.body.rels)).not.toContain("__i18n__");
    expect(JSON.stringify(nz.body.rels)).not.toContain("_editable");

    const draft = await get(handler, "stories/models/suv?version=draft&resolve_relations=model.colours");
    const draftRed = draft.body.rels.find((r: Rel) => r.uuid === "uuid-10");
    expect(draftRed.content.name).toBe("Red (draft)");
    expect(draftRed.content._editable).toContain('"id": "10"');
    expect(draftRed).not.toHaveProperty("draft");
  });

  it("collects rels over all stories of a list page", async () => {
    const res = await get(handler, "stories?by_slugs=models/suv,colours/red&resolve_relations=model.model_line,colour.trim");
    expect(relUuids(res.body.rels)).toEqual(["uuid-20", "uuid-40"]);
  });

  it("returns rel_uuids and empty rels above 50 referenced stories", async () => {
    const many = await get(handler, "stories/models/many?resolve_relations=model.colours");
    expect(many.body.rels).toEqual([]);
    expect(many.body.rel_uuids).toHaveLength(51);
    expect(many.body.rel_uuids[0]).toBe("uuid-1000");
    const fifty = await get(handler, "stories/models/fifty?resolve_relations=model.colours");
    expect(fifty.body.rels).toHaveLength(50);
    expect(fifty.body).not.toHaveProperty("rel_uuids");
  });

  it("has empty rels without resolve_relations", async () => {
    const res = await get(handler, "stories/models/suv");
    expect(res.body.rels).toEqual([]);
  });
});

describe("relation functions (pure)", () => {
  it("parses patterns and ignores malformed entries", () => {
    expect(parseResolveRelations("a.b, c.d,bad,.x,y.")).toEqual([
      { component: "a", field: "b" },
      { component: "c", field: "d" },
    ]);
  });

  it("collects distinct uuids in encounter order", () => {
    const content = { component: "a", one: "u2", many: ["u1", "u2", ""], nested: [{ component: "a", one: "u3" }] };
    expect(collectRelationUuids(content, [{ component: "a", field: "one" }, { component: "a", field: "many" }])).toEqual([
      "u2",
      "u1",
      "u3",
    ]);
  });
});
