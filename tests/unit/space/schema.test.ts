import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { blockSchemas } from "~/blocks/schemas";
import { ALLOWED_UNKNOWN_BLOK_STORIES } from "~/content/check";
import { contentTypeSchemas } from "~/content/content-types";
import { blokBase, field } from "~/content/schema";
import { spaceSchemaFrom, stableUuid, type WireField } from "~/content/space/space-schema";
import { checkSpaceSchema, validateFixtureStory, validatorSchema } from "~/content/space/validator";
import { buildSpaceSchema, spaceName, spaceSchemaFiles, writeSpaceSchema } from "../../../scripts/space/schema";

const ROOT = path.resolve(__dirname, "../../..");
const SNAPSHOT_DIR = path.join(ROOT, ".storyblok");
const STORIES_DIR = path.join(ROOT, "content-fixtures/stories");
const REGENERATE = "npm run space:schema -- --out .storyblok";

const space = buildSpaceSchema("seed", path.join(ROOT, "content-fixtures"));
const byName = new Map(space.components.map((c) => [c.name, c]));

function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listJson(file) : name.endsWith(".json") ? [file] : [];
  });
}
const stories = listJson(STORIES_DIR).map((file) => ({
  slug: path.relative(STORIES_DIR, file).replace(/(\/index)?\.json$/, ""),
  story: JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>,
}));

/** Every blok (object with `component` and `_uid`) in a value, at any depth. */
function bloksIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((v) => bloksIn(v, out));
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.component === "string" && "_uid" in record) out.push(record);
    Object.values(record).forEach((v) => bloksIn(v, out));
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// The zod side, walked on its own: every exported blok schema of the schema modules (as the
// content check finds them), the block registry and the content types.

const RESERVED = new Set(["_uid", "component", "_editable"]);

function zodComponents(): Map<string, Set<string>> {
  const modules = import.meta.glob<Record<string, unknown>>(
    ["../../../app/blocks/*/*.schema.ts", "../../../app/components/*.schema.ts", "../../../app/features/forms/content.ts"],
    { eager: true },
  );
  const candidates: unknown[] = [...Object.values(blockSchemas), ...Object.values(contentTypeSchemas)];
  for (const mod of Object.values(modules)) candidates.push(...Object.values(mod));
  const out = new Map<string, Set<string>>();
  for (const candidate of candidates) {
    if (!(candidate instanceof z.ZodObject)) continue;
    const shape = candidate.shape as Record<string, z.ZodType>;
    const component = shape.component;
    const names =
      component instanceof z.ZodLiteral ? [...component.values] : component instanceof z.ZodEnum ? component.options : [];
    for (const name of names) {
      if (typeof name !== "string") continue;
      const fields = out.get(name) ?? new Set<string>();
      for (const key of Object.keys(shape)) if (!RESERVED.has(key)) fields.add(key);
      out.set(name, fields);
    }
  }
  return out;
}

/** A value of the field's type as Storyblok's editor writes it. */
function editorValue(f: WireField): unknown {
  const asset = { id: 1, alt: "", name: "", focus: "", title: "", filename: "/media/sample.jpg", copyright: "", fieldtype: "asset", meta_data: {}, is_external_url: false };
  switch (f.type) {
    case "text":
    case "textarea":
    case "markdown":
      return "sample";
    case "richtext":
      return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "sample" }] }] };
    case "number":
      return String(f.min_value ?? 1);
    case "boolean":
      return true;
    case "datetime":
      return f.disable_time ? "2026-11-27" : "2026-11-27 10:00";
    case "option":
      return f.options?.[0]?.value ?? (f.source === "internal_stories" ? "0b8c1f43-2a7e-4d54-9f4b-1c6f1a2b3c4d" : "company-news");
    case "options":
      return [f.options?.[0]?.value ?? (f.source === "internal_stories" ? "0b8c1f43-2a7e-4d54-9f4b-1c6f1a2b3c4d" : "company-news")];
    case "asset":
      return asset;
    case "multiasset":
      return [asset];
    case "multilink":
      return { id: "", url: "/offers", linktype: "url", fieldtype: "multilink", cached_url: "/offers" };
    case "bloks":
      return [];
    case "table":
      return { fieldtype: "table", thead: [{ _uid: "h", value: "Term", component: "_table_head" }], tbody: [] };
  }
}

describe("the space schema (npm run space:schema)", () => {
  it("is the committed snapshot under .storyblok/", () => {
    for (const [rel, text] of Object.entries(spaceSchemaFiles(space, "seed"))) {
      const file = path.join(SNAPSHOT_DIR, rel);
      let committed = "";
      try {
        committed = readFileSync(file, "utf8");
      } catch {
        // reported below
      }
      expect(committed, `.storyblok/${rel} differs from the zod schemas: run \`${REGENERATE}\` and commit it`).toBe(text);
    }
  });

  it("writes the CLI's layout under --out, in the folder of STORYBLOK_SPACE_ID or seed", () => {
    expect(spaceName({})).toBe("seed");
    expect(spaceName({ STORYBLOK_SPACE_ID: " 288123 " })).toBe("288123");
    expect(() => spaceName({ STORYBLOK_SPACE_ID: "../x" })).toThrow(/STORYBLOK_SPACE_ID/);
    const dir = mkdtempSync(path.join(tmpdir(), "space-schema-"));
    try {
      const written = writeSpaceSchema(dir, "288123").map((f) => path.relative(dir, f)).sort();
      expect(written).toEqual(["components/288123/components.json", "components/288123/groups.json", "datasources/288123/datasources.json"]);
      const components = JSON.parse(readFileSync(path.join(dir, "components/288123/components.json"), "utf8")) as unknown[];
      expect(components).toEqual(JSON.parse(JSON.stringify(space.components)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has every zod field of every component, and no field zod does not have", () => {
    const zod = zodComponents();
    expect([...zod.keys()].sort()).toEqual(space.components.map((c) => c.name).sort());
    for (const component of space.components) {
      expect(Object.keys(component.schema).sort(), component.name).toEqual([...zod.get(component.name)!].sort());
      expect(component.schema.bottom_spacing?.type, `${component.name}.bottom_spacing`).toBe("boolean");
      expect(component.schema.locale?.options?.map((o) => o.value), `${component.name}.locale`).toEqual(["au", "nz", "both"]);
    }
  });

  it("gives each field a type whose editor value the site's zod schema reads", () => {
    const zodByName = new Map<string, z.ZodObject>();
    for (const schema of [...Object.values(blockSchemas), ...Object.values(contentTypeSchemas)]) {
      if (schema instanceof z.ZodObject) {
        const c = (schema.shape as Record<string, z.ZodType>).component;
        if (c instanceof z.ZodLiteral) zodByName.set(String([...c.values][0]), schema);
      }
    }
    let checked = 0;
    for (const component of space.components) {
      const schema = zodByName.get(component.name);
      if (!schema) continue;
      for (const [key, f] of Object.entries(component.schema)) {
        const fieldSchema = (schema.shape as Record<string, z.ZodType>)[key]!;
        const result = fieldSchema.safeParse(editorValue(f));
        expect(result.success, `${component.name}.${key} (${f.type}): ${result.error?.message}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("collapses each union to one Storyblok type", () => {
    expect(byName.get("accordion-item")!.schema.content!.type).toBe("richtext");
    expect(byName.get("button")!.schema.link).toMatchObject({ type: "multilink", email_link_type: true, asset_link_type: true });
    expect(byName.get("sub-navigation-item")!.schema.link!.type).toBe("multilink");
    expect(byName.get("price-disclaimer")!.schema.text!.type).toBe("textarea");
    expect(byName.get("finance-offer")!.schema.specialFinanceOffer!.type).toBe("boolean");
    expect(byName.get("accessory")!.schema.categories).toMatchObject({ type: "options" });
  });

  it("derives allowed components, story references, datasources and required fields from zod", () => {
    expect(byName.get("hero-banner")!.schema.slides).toMatchObject({ type: "bloks", restrict_components: true, restrict_type: "", component_whitelist: ["hero-slide"] });
    expect(byName.get("modal-form")!.schema.form).toMatchObject({ component_whitelist: ["form", "competition-form"], maximum: 1 });
    expect(byName.get("form-section")!.schema.fields!.component_whitelist).toEqual(["form-field", "SelectModelLine", "SelectDealership", "SelectEnquiryType"]);
    expect(byName.get("page")!.schema.body).toMatchObject({ type: "bloks", restrict_type: "groups", component_group_whitelist: [stableUuid("group:Content blocks")] });
    expect(byName.get("model-au")!.schema.colours).toMatchObject({ type: "options", source: "internal_stories", filter_content_type: ["colour"] });
    expect(byName.get("model-au")!.schema.model_line).toMatchObject({ type: "option", source: "internal_stories", filter_content_type: ["model-line"] });
    expect(byName.get("news-detail")!.schema.news_categories).toMatchObject({ type: "options", source: "internal", datasource_slug: "news-categories" });
    expect(byName.get("form")!.schema.form_id).toMatchObject({ type: "text", required: true });
    expect(byName.get("form")!.schema.form_id).not.toHaveProperty("translatable");
    expect(byName.get("form")!.schema.heading).toMatchObject({ type: "text", translatable: true });
    expect(byName.get("sticky-cta-link")!.schema.link_type).toMatchObject({ type: "option", required: true });
    expect(byName.get("card")!.schema.span).toMatchObject({ type: "number", min_value: 1, max_value: 3 });
    for (const component of space.components) {
      for (const [key, f] of Object.entries(component.schema)) {
        if (f.type === "bloks") expect(f.translatable, `${component.name}.${key}`).toBeUndefined();
      }
    }
  });

  it("puts every component in one of the chosen groups; roots are the story tree's content types", () => {
    const groups = new Map(space.groups.map((g) => [g.uuid, g.name]));
    expect([...groups.values()]).toEqual(["Pages", "Content blocks", "Block parts", "Form parts", "Catalogue", "Global"]);
    const groupOf = (name: string) => groups.get(byName.get(name)!.component_group_uuid);
    for (const c of space.components) expect(groups.has(c.component_group_uuid), c.name).toBe(true);
    expect(groupOf("page")).toBe("Pages");
    expect(groupOf("text-content")).toBe("Content blocks");
    expect(groupOf("card")).toBe("Block parts");
    expect(groupOf("form-field")).toBe("Form parts");
    expect(groupOf("enquiry-type-option")).toBe("Form parts");
    expect(groupOf("option")).toBe("Catalogue");
    expect(groupOf("nav-item")).toBe("Global");
    expect(byName.get("page")).toMatchObject({ is_root: true, is_nestable: false });
    expect(byName.get("model-au")).toMatchObject({ is_root: true, is_nestable: false });
    expect(byName.get("button")).toMatchObject({ is_root: false, is_nestable: true });
    expect(space.datasources).toEqual([
      expect.objectContaining({ slug: "news-categories", name: "News categories", dimensions: [] }),
    ]);
    expect(space.datasources[0]!.entries).toContainEqual({ name: "Company News", value: "company-news" });
  });

  it("refuses a string field with no Storyblok type, naming it", () => {
    const bare = z.looseObject({ ...blokBase, component: z.literal("bare-block"), caption: z.string().optional(), title: field.text });
    expect(() => spaceSchemaFrom([], { blocks: { "bare-block": bare }, contentTypes: {} })).toThrow(/bare-block\.caption: .*annotate it/);
    expect(() => spaceSchemaFrom([], { blocks: { "bare-block": bare }, contentTypes: {} })).not.toThrow(/bare-block\.title/);
    const drifted = z.looseObject({
      ...blokBase,
      component: z.literal("drifted"),
      theme: z.enum(["dark", "light"]).optional().meta({ storyblok: { options: ["dark"] } }),
    });
    expect(() => spaceSchemaFrom([], { blocks: { drifted }, contentTypes: {} })).toThrow(/drifted\.theme: the annotated options/);
  });
});

describe("Storyblok's own validator (@storyblok/schema)", () => {
  it("validateSchema() finds no issue", () => {
    const result = checkSpaceSchema(space);
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it(`every fixture story passes validateStory() with no error or warning (${stories.length} stories)`, () => {
    expect(stories.length).toBeGreaterThan(200);
    const schema = validatorSchema(space);
    const problems: string[] = [];
    for (const { slug, story } of stories) {
      for (const issue of validateFixtureStory(story, schema)) {
        // The deliberate unknown-block fixture: its unknown component is the point of it.
        if (ALLOWED_UNKNOWN_BLOK_STORIES.includes(slug) && issue.code === "unknown_component") continue;
        problems.push(`${slug} ${issue.path.join(".")}: ${issue.severity} ${issue.code}: ${issue.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("rejects what the editor would not write (a heading without textAlign, a number as a JSON number)", () => {
    const page = (body: unknown[]) => ({ content: { _uid: "p", component: "page", body } });
    const heading = { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Hi" }] };
    const issues = validateFixtureStory(page([{ _uid: "t", component: "text-content", content: { type: "doc", content: [heading] } }]), space);
    expect(issues.map((i) => i.code)).toContain("invalid_value");
    const number = validateFixtureStory(page([{ _uid: "c", component: "cta-cards", columns: 3 }]), space);
    expect(number.map((i) => `${i.severity} ${i.path.at(-1)}`)).toEqual(["warning columns"]);
    const unknown = validateFixtureStory(page([{ _uid: "c", component: "cta-cards", colums: "3" }]), space);
    expect(unknown.map((i) => i.code)).toEqual(["unknown_field"]);
    const disallowed = validateFixtureStory(page([{ _uid: "b", component: "button", label: "x" }]), space);
    expect(disallowed.map((i) => i.code)).toEqual(["disallowed_component"]);
  });

  it("has a translatable field behind every __i18n__ value of the fixtures", () => {
    const seen = new Set<string>();
    for (const { story } of stories) {
      for (const blok of bloksIn([story.content, (story.draft as { content?: unknown } | undefined)?.content])) {
        for (const key of Object.keys(blok)) {
          if (!key.includes("__i18n__")) continue;
          const name = `${String(blok.component)}.${key.split("__i18n__")[0]}`;
          seen.add(name);
          const f = byName.get(String(blok.component))?.schema[key.split("__i18n__")[0]!];
          expect(f?.translatable, `${name} holds a translation but is not translatable`).toBe(true);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});
