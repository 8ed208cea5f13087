/**
 * The build's hand-off to the test-drive form. The configurator's 'Book a Test
 * Drive' link carries the build as one `build` parameter: the configurator path of the build
 * (`/{country}/config/{line}?{canonical query}`). Whoever reads it (the form's block loader, the
 * lead) parses it with the configurator's own build parser and resolves it against the catalogue:
 * unknown values are dropped (the configurator's fallbacks apply, as the configurator would show
 * that URL), and the path, summary and lead fields are rebuilt from the catalogue, never echoed.
 */
import type { BuyerContext } from "~/features/pricing";
import { buildQueryFromSearchParams, canonicalSearchParams, type BuildQuery, type ResolvedBuild } from "./build";
import { buildSummary, withBuyerParams, type BuildSummary } from "./summary";
import type { ConfigModelLine, ConfiguratorCountry } from "./types";
import { STEP_LABELS } from "./view";

/** The test-drive link's parameter holding the build. */
export const BUILD_HANDOFF_PARAM = "build";

/** Visitor-visible words, from the configurator's own: the Summary step's label and its share link. */
export const BUILD_HANDOFF_TEXTS = {
  label: STEP_LABELS.summary,
  link: "Link to this build",
} as const;

const LINE_SLUG = /^[a-z0-9-]{1,80}$/;

/** The configurator path of a build: `/{country}/config/{line}?{query}`. */
export function buildPath(country: ConfiguratorCountry, lineSlug: string, params: URLSearchParams): string {
  const query = params.toString();
  return `/${country}/config/${lineSlug}${query ? `?${query}` : ""}`;
}

/** 'Book a Test Drive' from the summary: the model line (preselected) and the build. */
export function testDriveHref(country: ConfiguratorCountry, line: Pick<ConfigModelLine, "name" | "slug">, build: ResolvedBuild): string {
  const params = new URLSearchParams();
  params.set("model", line.name);
  params.set(BUILD_HANDOFF_PARAM, buildPath(country, line.slug, canonicalSearchParams(build)));
  return `/${country}/test-drive?${params.toString()}`;
}

export interface BuildReference {
  lineSlug: string;
  query: BuildQuery;
}

/**
 * Reads a `build` value: a root-relative configurator path of the page's country. Anything else
 * (another country, another site, another page, a malformed value) is no build at all. The query
 * is read by the configurator's parser, so parameters it does not know are ignored.
 */
export function parseBuildParam(value: unknown, country: ConfiguratorCountry): BuildReference | null {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://build.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://build.invalid") return null;
  const match = /^\/([a-z]{2})\/config\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || match[1] !== country || !LINE_SLUG.test(match[2])) return null;
  return { lineSlug: match[2], query: buildQueryFromSearchParams(url.searchParams) };
}

/** 'Tarrak Summit, Red Centre, Saddle Tan Nappa, 2 accessories' (no accessories: left out). */
export function shortBuildSummary(build: ResolvedBuild): string {
  const parts = [build.model?.name, build.colour?.name, build.trim?.name].filter((part): part is string => Boolean(part));
  const count = build.accessories.length;
  if (count > 0) parts.push(`${count} ${count === 1 ? "accessory" : "accessories"}`);
  return parts.join(", ");
}

/** The summary's rows as lines for the dealer: 'Colour: Red Centre (+ $750)', then the total. */
export function summaryLines(summary: BuildSummary): string[] {
  return [...summary.items.map((item) => `${item.label}: ${item.name} (${item.price})`), `Total: ${summary.totalText}`];
}

export interface BuildHandOff {
  line: { slug: string; name: string };
  /** The canonical configurator path of the build (the form's hidden value and link back). */
  path: string;
  /** The shareable path: the build with the buyer's state and type (AU), as 'Link to this build'. */
  sharePath: string;
  /** The short summary shown on the form. */
  text: string;
  /** The summary rows and total, for the lead. */
  lines: string[];
}

/** The hand-off of a resolved build, rebuilt from the catalogue's values only; null without a model. */
export function buildHandOff(line: Pick<ConfigModelLine, "name" | "slug">, build: ResolvedBuild, buyer: BuyerContext): BuildHandOff | null {
  const summary = buildSummary(build, buyer);
  if (!build.model || !summary) return null;
  const country = buyer.country as ConfiguratorCountry;
  const params = canonicalSearchParams(build);
  return {
    line: { slug: line.slug, name: line.name },
    path: buildPath(country, line.slug, params),
    sharePath: buildPath(country, line.slug, withBuyerParams(params, buyer)),
    text: shortBuildSummary(build),
    lines: summaryLines(summary),
  };
}

/** Whether a model-line choice of a form (its value or its name) is the build's line. */
export function isBuildLine(choice: { value: string; text: string }, line: Pick<ConfigModelLine, "name" | "slug">): boolean {
  const norm = (s: string) => s.trim().toLowerCase();
  return [choice.value, choice.text].some((v) => norm(v) === norm(line.slug) || norm(v) === norm(line.name));
}
