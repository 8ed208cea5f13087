import { validateSchema, validateStory } from "@storyblok/schema";
import type { SpaceSchema, WireField } from "./space-schema";

/**
 * The generated space schema in the form `@storyblok/schema` validates with (its `defineBlock`
 * DSL: blocks with an ordered `fields` array, `allow` for allowed components or component
 * groups, `datasource` for a datasource's slug). It is the reverse of the CLI's push-time
 * mapping (DSL → wire), so a story that passes here passes the space the wire files create.
 */

type ValidatorInput = Parameters<typeof validateStory>[1];
export type ValidationIssue = ReturnType<typeof validateStory>["issues"][number];

interface DslField extends Record<string, unknown> {
  name: string;
}

function toDslField(name: string, field: WireField, groupNames: ReadonlyMap<string, string>): DslField {
  const { component_whitelist, component_group_whitelist, restrict_components, restrict_type, datasource_slug, ...rest } = field;
  const out: DslField = { ...rest, name };
  if (restrict_components && component_whitelist?.length) out.allow = [...component_whitelist];
  else if (restrict_components && restrict_type === "groups" && component_group_whitelist?.length) {
    out.allow = component_group_whitelist.map((uuid) => {
      const folder = groupNames.get(uuid);
      if (!folder) throw new Error(`field ${name}: unknown component group ${uuid}`);
      return { folder };
    });
  }
  if (datasource_slug) out.datasource = datasource_slug;
  return out;
}

/** The space schema as `@storyblok/schema` blocks and datasources. */
export function validatorSchema(space: SpaceSchema): ValidatorInput {
  const groupNames = new Map(space.groups.map((g) => [g.uuid, g.name]));
  const blocks = space.components.map((component) => ({
    name: component.name,
    display_name: component.display_name,
    is_root: component.is_root,
    is_nestable: component.is_nestable,
    folder: groupNames.get(component.component_group_uuid) ?? null,
    fields: Object.entries(component.schema)
      .sort(([, a], [, b]) => a.pos - b.pos)
      .map(([name, field]) => toDslField(name, field, groupNames)),
  }));
  const datasources = space.datasources.map((d) => ({ name: d.name, slug: d.slug, dimensions: [] }));
  return { blocks, datasources } as unknown as ValidatorInput;
}

/** validateSchema() of @storyblok/schema on the generated space schema. */
export function checkSpaceSchema(space: SpaceSchema) {
  return validateSchema(validatorSchema(space) as Parameters<typeof validateSchema>[0]);
}

/** validateStory() of @storyblok/schema: a story (its `content`, and its `draft` content if any). */
export function validateFixtureStory(story: unknown, space: SpaceSchema | ValidatorInput): ValidationIssue[] {
  const schema = "components" in space ? validatorSchema(space) : space;
  const issues = [...validateStory(story, schema).issues];
  const draft = (story as { draft?: { content?: unknown } } | null)?.draft;
  if (draft && typeof draft === "object" && "content" in draft) {
    for (const issue of validateStory({ content: draft.content }, schema).issues) {
      issues.push({ ...issue, path: ["draft", ...issue.path] });
    }
  }
  return issues;
}
