/**
 * Loads the configurator's catalogue for a model line and country by the spec's content calls
 * (transactional.md section 7): the model-line story (resolving accessories), the models under
 * car-configurator/models/{line}/{country}/ (resolving accessories, price_disclaimers and
 * features), car-configurator/colours/* and car-configurator/trims/*, every page fetched;
 * relations that arrive unresolved are fetched by uuid. Content errors are logged by the content
 * layer and never shown: a failed list is an empty list. The reads that depend only on the URL
 * start together (one round trip; a second only for relations that arrive unresolved). Vehicle
 * data is cached for 300000 ms by the content cache (app/content/cache.server.ts: the "vehicle"
 * policy, stale-while-revalidate, cleared by the publish webhook); drafts are never cached.
 */
import type { Country } from "~/content/schema";
import { getStories, getStory, type ContentOptions } from "~/content/stories.server";
import { normaliseCatalogue, unresolvedUuids, type StoryInput } from "./catalogue";
import type { Catalogue } from "./types";

const MODEL_RELATIONS = (country: Country) => [
  `model-${country}.accessories`,
  `model-${country}.price_disclaimers`,
  `model-${country}.features`,
  `model-${country}.driveaway_state_prices`,
];

async function load(lineSlug: string, country: Country, version: ContentOptions["version"]): Promise<Catalogue | null> {
  const opts = { country, version };
  const [line, models, colours, trims] = await Promise.all([
    getStory<Record<string, unknown>>(`car-configurator/models/${lineSlug}`, {
      ...opts,
      resolveRelations: ["model-line.accessories"],
    }),
    getStories<Record<string, unknown>>(
      { starts_with: `car-configurator/models/${lineSlug}/${country}/` },
      { ...opts, resolveRelations: MODEL_RELATIONS(country) },
    ),
    getStories<Record<string, unknown>>({ starts_with: "car-configurator/colours/" }, opts),
    getStories<Record<string, unknown>>({ starts_with: "car-configurator/trims/" }, opts),
  ]);
  if (!line || line.content.component !== "model-line") return null;

  const lineAccessories = (Array.isArray(line.content.accessories) ? line.content.accessories : []).filter(
    (a): a is StoryInput => typeof a === "object" && a !== null,
  );
  const resolved: StoryInput[] = [...lineAccessories];
  for (const m of models as StoryInput[]) {
    const c = (m.content ?? {}) as Record<string, unknown>;
    for (const field of ["accessories", "price_disclaimers"]) {
      for (const ref of Array.isArray(c[field]) ? (c[field] as unknown[]) : []) {
        if (typeof ref === "object" && ref !== null) resolved.push(ref as StoryInput);
      }
    }
    if (typeof c.driveaway_state_prices === "object" && c.driveaway_state_prices !== null) {
      resolved.push(c.driveaway_state_prices as StoryInput);
    }
  }
  const missing = unresolvedUuids(models as StoryInput[], resolved);
  const fetched = missing.length
    ? await getStories<Record<string, unknown>>({ by_uuids: missing.join(",") }, opts)
    : [];

  return normaliseCatalogue({
    country,
    line: line as StoryInput,
    models: models as StoryInput[],
    colours: colours as StoryInput[],
    trims: trims as StoryInput[],
    accessories: [...lineAccessories, ...(fetched as StoryInput[]).filter((s) => (s.content as { component?: string })?.component === "accessory")],
    rels: [...resolved, ...(fetched as StoryInput[])],
  });
}

/** The catalogue of a model line for a country, or null when the model line does not exist. */
export function loadCatalogue(
  lineSlug: string,
  country: Country,
  options: { version?: ContentOptions["version"] } = {},
): Promise<Catalogue | null> {
  return load(lineSlug, country, options.version).catch((error: unknown) => {
    console.error(`[configurator] loading ${lineSlug} (${country}) failed: ${String(error)}`);
    return null;
  });
}
