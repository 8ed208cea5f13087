import { heroNeedsScript, whenACardNeedsScript } from "./hydration";
import type { BlockEntry } from "./types";

// The blocks' stylesheets, for every page: a block that keeps its server HTML never loads its
// chunk, so its styles cannot come with the chunk (ADR 020). Vite hoists an eager glob to a static
// import, so the CSS is part of the route graph (linked by Remix); plain Node (tsx: the content
// checker) has no import.meta.env and never sees the .css imports, which it could not load.
if (import.meta.env) {
  import.meta.glob(
    [
      "../styles/blocks.css",
      "../styles/vehicles.css",
      "../styles/listings.css",
      "../styles/media.css",
    ],
    { eager: true }
  );
  import.meta.glob(
    ["../styles/store-locator.css", "../features/forms/forms.css"],
    { eager: true }
  );
}

/**
 * The registered blocks, keyed by the technical names of shared/CONTENT_MODEL.md section 5: each is
 * app/blocks/<technical-name>.tsx (its component, the default export) with its schema in
 * app/blocks/<technical-name>.schema.ts. In the browser every block is its own chunk, loaded
 * only where a page uses it; see app/blocks/loading.ts and ADR 020.
 */
export const blockRegistry: Readonly<Record<string, BlockEntry>> = {
  "accessories-carousel": {
    load: () => import("./accessories-carousel"),
    hydrate: true,
  },
  "accessories-listing": {
    load: () => import("./accessories-listing"),
    hydrate: true,
  },
  "car-detail-page": { load: () => import("./car-detail-page"), hydrate: true },
  "colour-selector": { load: () => import("./colour-selector"), hydrate: true },
  "compare-grid": { load: () => import("./compare-grid"), hydrate: true },
  "competition-form": {
    load: () => import("./competition-form"),
    hydrate: true,
  },
  "cta-cards": {
    load: () => import("./cta-cards"),
    hydrate: whenACardNeedsScript("cards"),
  },
  "cta-carousel": { load: () => import("./cta-carousel"), hydrate: true },
  "cta-flexible-panel": {
    load: () => import("./cta-flexible-panel"),
    hydrate: true,
  },
  "cta-panel": { load: () => import("./cta-panel"), hydrate: false },
  "event-banner": { load: () => import("./event-banner"), hydrate: true },
  "expanding-grid": { load: () => import("./expanding-grid"), hydrate: true },
  "expansion-panel": {
    load: () => import("./expansion-panel"),
    hydrate: false,
  },
  "expansion-panel-group": {
    load: () => import("./expansion-panel-group"),
    hydrate: true,
  },
  "feature-blocks": { load: () => import("./feature-blocks"), hydrate: false },
  "feature-icons": { load: () => import("./feature-icons"), hydrate: false },
  "grid-blocks": {
    load: () => import("./grid-blocks"),
    hydrate: whenACardNeedsScript("items"),
  },
  "hero-banner": { load: () => import("./hero-banner"), hydrate: heroNeedsScript },
  "hover-tiles": { load: () => import("./hover-tiles"), hydrate: false },
  "icon-features": { load: () => import("./icon-features"), hydrate: false },
  "image-banner": { load: () => import("./image-banner"), hydrate: false },
  "image-carousel": { load: () => import("./image-carousel"), hydrate: true },
  "information-panel": {
    load: () => import("./information-panel"),
    hydrate: true,
  },
  "modal-form": { load: () => import("./modal-form"), hydrate: true },
  "model-card-block": {
    load: () => import("./model-card-block"),
    hydrate: true,
  },
  "model-range": { load: () => import("./model-range"), hydrate: true },
  "model-range-compact": {
    load: () => import("./model-range-compact"),
    hydrate: true,
  },
  "model-range-tabs": {
    load: () => import("./model-range-tabs"),
    hydrate: true,
  },
  "news-carousel": { load: () => import("./news-carousel"), hydrate: true },
  "news-detail": { load: () => import("./news-detail"), hydrate: false },
  "news-listing": { load: () => import("./news-listing"), hydrate: true },
  "offers-listing": { load: () => import("./offers-listing"), hydrate: true },
  "overview-blocks": {
    load: () => import("./overview-blocks"),
    hydrate: false,
  },
  "overview-grid-blocks": {
    load: () => import("./overview-grid-blocks"),
    hydrate: true,
  },
  "owners-club-event-detail": {
    load: () => import("./owners-club-event-detail"),
    hydrate: true,
  },
  "owners-club-event-listing": {
    load: () => import("./owners-club-event-listing"),
    hydrate: true,
  },
  "quick-help-blocks": {
    load: () => import("./quick-help-blocks"),
    hydrate: true,
  },
  "side-by-side-blocks": {
    load: () => import("./side-by-side-blocks"),
    hydrate: true,
  },
  "slim-hero-banner": {
    load: () => import("./slim-hero-banner"),
    hydrate: false,
  },
  "stats-banner": { load: () => import("./stats-banner"), hydrate: false },
  "step-slider": { load: () => import("./step-slider"), hydrate: true },
  "store-locator": { load: () => import("./store-locator"), hydrate: true },
  "sub-navigation": { load: () => import("./sub-navigation"), hydrate: false },
  "text-content": { load: () => import("./text-content"), hydrate: false },
  "video-banner": { load: () => import("./video-banner"), hydrate: true },
  "video-grid": { load: () => import("./video-grid"), hydrate: true },
  "video-listing": { load: () => import("./video-listing"), hydrate: true },
  "video-tiles": { load: () => import("./video-tiles"), hydrate: true },
  accordion: { load: () => import("./accordion"), hydrate: false },
  form: { load: () => import("./form"), hydrate: true },
  page: { load: () => import("./page"), hydrate: false },
};
