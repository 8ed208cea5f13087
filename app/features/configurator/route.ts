import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { contentPageMeta } from "~/features/routing/route-meta";
import { BUYER_PARAMS } from "./summary";
import type { Catalogue } from "./types";
import { CALCULATOR_OPEN_PARAM } from "./view";

/**
 * The configurator route's client-side rules. A new build query is resolved in the browser from the
 * loaded catalogue: no reload, except for the calculator's no-JS form and the buyer parameters,
 * which the loader answers.
 */
export const configuratorShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  if (nextUrl.searchParams.get(CALCULATOR_OPEN_PARAM) === "1") return defaultShouldRevalidate;
  if (nextUrl.searchParams.has(BUYER_PARAMS.state) || nextUrl.searchParams.has(BUYER_PARAMS.buyer)) return defaultShouldRevalidate;
  return false;
};

/** The story the page meta is built from: 'Build your {line}', its description and share image. */
export function configuratorMetaStory(line: Catalogue["line"]) {
  return {
    name: `Build your ${line.name}`,
    content: {
      component: "model-line",
      meta_title: `Build your ${line.name}`,
      meta_description: `Configure your ${line.name}: variant, engine, colour, interior and accessories, with driveaway pricing.`,
      meta_image: line.image ? { filename: line.image.filename, alt: line.image.alt } : undefined,
    },
  };
}

/** Title, description, share image, canonical (the page without the build) and hreflang. */
export function configuratorMeta(args: MetaArgs & { data: { catalogue: { line: Catalogue["line"] } } | undefined }): MetaDescriptor[] {
  const line = args.data?.catalogue.line;
  const story = line ? configuratorMetaStory(line) : undefined;
  return contentPageMeta({ ...args, data: story ? { story } : undefined });
}
