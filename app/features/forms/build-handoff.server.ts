import type { Country } from "~/content/schema";
import { contentVersion } from "~/features/preview/preview.server";
import { getEnv } from "~/server/env.server";
import { BUILD_HANDOFF_PARAM } from "~/features/configurator/handoff";
import { resolveBuildHandOff } from "~/features/configurator/handoff.server";
import type { BuyerContext } from "~/features/pricing";
import { absoluteUrl } from "~/features/seo/alternates";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";
import { choiceForLine, modelLineField, type FormBuildView } from "./build-handoff";
import { fieldsOf, formBlokSchema, type FormBlok } from "./content";

/**
 * The server half of the build hand-off: the form's block loader reads the page's `build`
 * parameter, and a submitted lead gets the build's URL and summary lines. Both resolve the build
 * against the catalogue; a build the form cannot take (no model-line field, a line it does not
 * offer) is left out.
 */

/** Data of the `form` block (its loader.server.ts): the build the page's link carries, as the form shows it. */
export async function formBuildLoader({ blok, country, request }: { blok: Record<string, unknown>; country: Country; request: Request }): Promise<{ build: FormBuildView | null }> {
  const value = new URL(request.url).searchParams.get(BUILD_HANDOFF_PARAM);
  if (!value) return { build: null };
  const parsed = formBlokSchema.safeParse(blok);
  const field = parsed.success ? modelLineField(fieldsOf(parsed.data, country)) : null;
  if (!field) return { build: null };
  const handOff = await resolveBuildHandOff(value, country, buyerContextFromRequest(request, country), { version: contentVersion(request) });
  const lineValue = handOff ? choiceForLine(field, handOff.line) : null;
  if (!handOff || !lineValue) return { build: null };
  return { build: { path: handOff.path, text: handOff.text, lineValue } };
}

/** The lead's build fields. */
export interface LeadBuildFields {
  /** The build's shareable URL (absolute; AU: with the buyer's state and type). */
  build_url: string;
  /** The configurator summary's rows and total. */
  build_summary: string[];
}

/**
 * The build fields of a lead: the posted build resolved again, kept only when the lead's model
 * line (the form's SelectModelLine value) is the build's line.
 */
export async function leadBuildFields(
  form: FormBlok,
  country: Country,
  posted: unknown,
  payload: Readonly<Record<string, unknown>>,
  buyer: BuyerContext,
): Promise<LeadBuildFields | null> {
  if (typeof posted !== "string" || posted === "") return null;
  const field = modelLineField(fieldsOf(form, country));
  if (!field) return null;
  const handOff = await resolveBuildHandOff(posted, country, buyer);
  if (!handOff || payload[field.name] !== choiceForLine(field, handOff.line)) return null;
  return { build_url: absoluteUrl(getEnv().SITE_URL, handOff.sharePath), build_summary: handOff.lines };
}
