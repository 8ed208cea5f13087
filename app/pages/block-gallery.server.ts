/**
 * Data of the block gallery (/{country}/_blocks): the registered blocks, their examples from the
 * content (gallery pages under blocks/ first, then any story using the block) and their fields.
 */
import type { BlockDataMap } from "~/components/block-data";
import { blockRegistry } from "~/blocks/index";
import { blockSchemas } from "~/blocks/schemas";
import { loadBlockData } from "~/blocks/loaders.server";
import { MODEL_RELATIONS } from "~/content/relations";
import type { Country } from "~/content/schema";
import { getStories } from "~/content/stories.server";
import { localeAllows } from "~/content/locale";
import { getEnv, type Env } from "~/server/env.server";
import { isPreviewRequest } from "~/features/preview/preview.server";
import { collectBlockExamples, describeBlockFields, type BlockExample, type BlockField, type GalleryStory } from "./block-gallery";

export interface GalleryExample extends BlockExample {
  /** False when the example's locale hides it in this country. */
  visible: boolean;
}

export interface GalleryEntry {
  name: string;
  fields: BlockField[];
  examples: GalleryExample[];
}

export interface BlockGalleryData {
  entries: GalleryEntry[];
  /** Server data of the rendered examples' blocks, by blok _uid (read with useBlockData). */
  blockData: BlockDataMap;
}

/**
 * Whether the gallery is shown: in development, or to a verified editor's preview (signed
 * parameters, preview.server.ts). Elsewhere it is a 404: a page of every block costs about eight
 * page renders and is of no use to a visitor.
 */
export function blockGalleryAllowed(request: Request, env: Env = getEnv()): boolean {
  return env.NODE_ENV === "development" || isPreviewRequest(request, env);
}

/** The stories that can hold registered blocks: those whose root is a registered component. */
export async function loadGalleryStories(country: Country, version: "draft" | "published"): Promise<GalleryStory[]> {
  const names = Object.keys(blockRegistry);
  return getStories<GalleryStory["content"]>(
    { filter_query: { component: { in: names.join(",") } }, sort_by: "full_slug:asc" },
    { country, version, resolveRelations: MODEL_RELATIONS },
  );
}

export async function loadBlockGallery(country: Country, version: "draft" | "published", request: Request): Promise<BlockGalleryData> {
  const names = Object.keys(blockRegistry).sort();
  const examples = collectBlockExamples(await loadGalleryStories(country, version), names);
  const entries: GalleryEntry[] = names.map((name) => ({
    name,
    fields: describeBlockFields(blockSchemas[name]!),
    examples: (examples[name] ?? []).map((example) => ({ ...example, visible: localeAllows(example.blok.locale, country) })),
  }));
  const rendered = entries.flatMap((entry) => entry.examples.filter((e) => e.place !== "root" && e.visible).map((e) => e.blok));
  const blockData = await loadBlockData(rendered, country, request);
  return { entries, blockData };
}
