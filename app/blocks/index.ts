import { heroNeedsScript, whenACardNeedsScript } from "./runtime/hydration";
import type { BlockEntry, BlockLoaderName } from "./types";

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
 * The block registry: one entry per block, keyed by the technical names of
 * shared/CONTENT_MODEL.md section 5. A block is app/blocks/<name>.tsx (its component, the default
 * export) beside app/blocks/<name>.schema.ts (its schema). Its entry says:
 * - `load`: how to load the component; in the browser every block is its own chunk, loaded only
 *   where a page uses it (runtime: loading.ts, ADR 020);
 * - `hydrate`: whether it needs JavaScript in the browser (true, false, or a rule of its content,
 *   hydration.ts);
 * - `when`: when an island of it hydrates (`IslandWhen`): "visible" unless it says otherwise;
 *   "interaction" for a block whose server HTML works and looks the same until the visitor acts
 *   on it (links that become in-place controls, prices that follow the buyer's choice);
 * - `loader`: the server loader that gives it data, by name (`BlockLoaderName`; the functions are
 *   in loaders.server.ts, so that no server code reaches the browser).
 * The other maps are derived from it: the schemas (schemas.ts) are keyed by `BlockName` and must
 * cover every block, and the loaders by block (`blockLoaders`) follow `loader`. docs/blocks.md
 * shows how to add a block.
 */
const entries = {
  "accessories-carousel": { load: () => import("./accessories-carousel"), hydrate: true, loader: "accessories" },
  "accessories-listing": { load: () => import("./accessories-listing"), hydrate: true, when: "interaction", loader: "accessories" },
  "car-detail-page": { load: () => import("./car-detail-page"), hydrate: true, when: "interaction", loader: "vehicles" },
  "colour-selector": { load: () => import("./colour-selector"), hydrate: true, when: "interaction", loader: "vehicles" },
  "compare-grid": { load: () => import("./compare-grid"), hydrate: true, when: "interaction", loader: "vehicles" },
  "competition-form": { load: () => import("./competition-form"), hydrate: true },
  "cta-cards": { load: () => import("./cta-cards"), hydrate: whenACardNeedsScript("cards") },
  "cta-carousel": { load: () => import("./cta-carousel"), hydrate: true },
  "cta-flexible-panel": { load: () => import("./cta-flexible-panel"), hydrate: true },
  "cta-panel": { load: () => import("./cta-panel"), hydrate: false },
  "event-banner": { load: () => import("./event-banner"), hydrate: true },
  "expanding-grid": { load: () => import("./expanding-grid"), hydrate: true },
  "expansion-panel": { load: () => import("./expansion-panel"), hydrate: false },
  "expansion-panel-group": { load: () => import("./expansion-panel-group"), hydrate: true, when: "interaction" },
  "feature-blocks": { load: () => import("./feature-blocks"), hydrate: false },
  "feature-icons": { load: () => import("./feature-icons"), hydrate: false },
  "grid-blocks": { load: () => import("./grid-blocks"), hydrate: whenACardNeedsScript("items") },
  "hero-banner": { load: () => import("./hero-banner"), hydrate: heroNeedsScript },
  "hover-tiles": { load: () => import("./hover-tiles"), hydrate: false },
  "icon-features": { load: () => import("./icon-features"), hydrate: false },
  "image-banner": { load: () => import("./image-banner"), hydrate: false },
  "image-carousel": { load: () => import("./image-carousel"), hydrate: true },
  "information-panel": { load: () => import("./information-panel"), hydrate: true },
  "modal-form": { load: () => import("./modal-form"), hydrate: true, when: "interaction" },
  "model-card-block": { load: () => import("./model-card-block"), hydrate: true, when: "interaction", loader: "vehicles" },
  "model-range": { load: () => import("./model-range"), hydrate: true, loader: "vehicles" },
  "model-range-compact": { load: () => import("./model-range-compact"), hydrate: true, loader: "vehicles" },
  "model-range-tabs": { load: () => import("./model-range-tabs"), hydrate: true, when: "interaction", loader: "vehicles" },
  "news-carousel": { load: () => import("./news-carousel"), hydrate: true, loader: "news-carousel" },
  "news-detail": { load: () => import("./news-detail"), hydrate: false },
  "news-listing": { load: () => import("./news-listing"), hydrate: true, when: "interaction", loader: "news-listing" },
  "offers-listing": { load: () => import("./offers-listing"), hydrate: true, loader: "offers" },
  "overview-blocks": { load: () => import("./overview-blocks"), hydrate: false },
  "overview-grid-blocks": { load: () => import("./overview-grid-blocks"), hydrate: true },
  "owners-club-event-detail": { load: () => import("./owners-club-event-detail"), hydrate: true },
  "owners-club-event-listing": { load: () => import("./owners-club-event-listing"), hydrate: true, when: "interaction", loader: "event-listing" },
  "quick-help-blocks": { load: () => import("./quick-help-blocks"), hydrate: true },
  "side-by-side-blocks": { load: () => import("./side-by-side-blocks"), hydrate: true },
  "slim-hero-banner": { load: () => import("./slim-hero-banner"), hydrate: false },
  "stats-banner": { load: () => import("./stats-banner"), hydrate: false },
  "step-slider": { load: () => import("./step-slider"), hydrate: true },
  "store-locator": { load: () => import("./store-locator"), hydrate: true, loader: "dealers" },
  "sub-navigation": { load: () => import("./sub-navigation"), hydrate: false },
  "text-content": { load: () => import("./text-content"), hydrate: false },
  "video-banner": { load: () => import("./video-banner"), hydrate: true },
  "video-grid": { load: () => import("./video-grid"), hydrate: true },
  "video-listing": { load: () => import("./video-listing"), hydrate: true, when: "interaction" },
  "video-tiles": { load: () => import("./video-tiles"), hydrate: true },
  accordion: { load: () => import("./accordion"), hydrate: false },
  form: { load: () => import("./form"), hydrate: true, loader: "form-build" },
  page: { load: () => import("./page"), hydrate: false },
} satisfies Record<string, BlockEntry>;

/** The name of a registered block. */
export type BlockName = keyof typeof entries;

/** The blocks whose entry names a server loader, and that loader's name. */
export type LoaderOf<C extends BlockName> = (typeof entries)[C] extends { loader: infer L extends BlockLoaderName } ? L : never;
export type BlockWithData = { [C in BlockName]: LoaderOf<C> extends never ? never : C }[BlockName];

export const blockRegistry: Readonly<Record<string, BlockEntry>> = entries;
