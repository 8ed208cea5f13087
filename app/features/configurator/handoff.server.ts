import type { Country } from "~/content/schema";
import type { BuyerContext } from "~/features/pricing";
import { resolveBuild } from "./build";
import { loadCatalogue } from "./catalogue.server";
import { buildHandOff, parseBuildParam, type BuildHandOff } from "./handoff";

/**
 * A `build` value (the test-drive link's, or the form's hidden field) resolved against the
 * model line's catalogue; null when it names no configurator build of the country.
 */
export async function resolveBuildHandOff(
  value: unknown,
  country: Country,
  buyer: BuyerContext,
  options: { version?: "draft" | "published" } = {},
): Promise<BuildHandOff | null> {
  const reference = parseBuildParam(value, country);
  if (!reference) return null;
  const catalogue = await loadCatalogue(reference.lineSlug, country, options);
  if (!catalogue) return null;
  return buildHandOff(catalogue.line, resolveBuild(catalogue, reference.query), buyer);
}
