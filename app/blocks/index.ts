import { heroNeedsScript, whenACardNeedsScript } from "./runtime/hydration";
import type { BlockEntry } from "./types";

// The blocks' stylesheets, for every page: a block that keeps its server HTML never loads its
// chunk, so its styles cannot come with the chunk. Vite hoists an eager glob to a static
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
    ["../styles/store-locator.css", "../features/forms/forms.css", "../features/finance/components/calculator.css"],
    { eager: true }
  );
}

/**
 * The block registry: one entry per block, keyed by the technical names of
 * shared/CONTENT_MODEL.md section 5. A block is the folder app/blocks/<name>/: its component
 * (<name>.tsx, the default export), its schema (<name>.schema.ts), its CSS if any, and its server
 * loader if it has data (loader.server.ts). Its entry says:
 * - `load`: how to load the component; in the browser every block is its own chunk, loaded only
 *   where a page uses it (runtime: loading.ts);
 * - `hydrate`: whether it needs JavaScript in the browser (true, false, or a rule of its content,
 *   hydration.ts);
 * - `when`: when an island of it hydrates (`IslandWhen`): "visible" unless it says otherwise;
 *   "interaction" for a block whose server HTML works and looks the same until the visitor acts
 *   on it (links that become in-place controls, prices that follow the buyer's choice).
 * The schemas (schemas.ts) and the loaders (loaders.server.ts) are derived from the folders, so a
 * block is named here and nowhere else; the registry test checks that folders and entries agree.
 * docs/blocks.md shows how to add a block.
 */
const entries = {
  "accessories-carousel": { load: () => import("./accessories-carousel/accessories-carousel"), hydrate: true },
  "accessories-listing": { load: () => import("./accessories-listing/accessories-listing"), hydrate: true, when: "interaction" },
  "car-detail-page": { load: () => import("./car-detail-page/car-detail-page"), hydrate: true, when: "interaction" },
  "colour-selector": { load: () => import("./colour-selector/colour-selector"), hydrate: true, when: "interaction" },
  "compare-grid": { load: () => import("./compare-grid/compare-grid"), hydrate: true, when: "interaction" },
  "competition-form": { load: () => import("./competition-form/competition-form"), hydrate: true },
  "cta-cards": { load: () => import("./cta-cards/cta-cards"), hydrate: whenACardNeedsScript("cards") },
  "cta-carousel": { load: () => import("./cta-carousel/cta-carousel"), hydrate: true },
  "cta-flexible-panel": { load: () => import("./cta-flexible-panel/cta-flexible-panel"), hydrate: true },
  "cta-panel": { load: () => import("./cta-panel/cta-panel"), hydrate: false },
  "event-banner": { load: () => import("./event-banner/event-banner"), hydrate: true },
  "expanding-grid": { load: () => import("./expanding-grid/expanding-grid"), hydrate: true },
  "finance-calculator": { load: () => import("./finance-calculator/finance-calculator"), hydrate: true, when: "interaction" },
  "expansion-panel": { load: () => import("./expansion-panel/expansion-panel"), hydrate: false },
  "expansion-panel-group": { load: () => import("./expansion-panel-group/expansion-panel-group"), hydrate: true, when: "interaction" },
  "feature-blocks": { load: () => import("./feature-blocks/feature-blocks"), hydrate: false },
  "feature-icons": { load: () => import("./feature-icons/feature-icons"), hydrate: false },
  "grid-blocks": { load: () => import("./grid-blocks/grid-blocks"), hydrate: whenACardNeedsScript("items") },
  "hero-banner": { load: () => import("./hero-banner/hero-banner"), hydrate: heroNeedsScript },
  "hover-tiles": { load: () => import("./hover-tiles/hover-tiles"), hydrate: false },
  "icon-features": { load: () => import("./icon-features/icon-features"), hydrate: false },
  "image-banner": { load: () => import("./image-banner/image-banner"), hydrate: false },
  "image-carousel": { load: () => import("./image-carousel/image-carousel"), hydrate: true },
  "information-panel": { load: () => import("./information-panel/information-panel"), hydrate: true },
  "modal-form": { load: () => import("./modal-form/modal-form"), hydrate: true, when: "interaction" },
  "model-card-block": { load: () => import("./model-card-block/model-card-block"), hydrate: true, when: "interaction" },
  "model-range": { load: () => import("./model-range/model-range"), hydrate: true },
  "model-range-compact": { load: () => import("./model-range-compact/model-range-compact"), hydrate: true },
  "model-range-tabs": { load: () => import("./model-range-tabs/model-range-tabs"), hydrate: true, when: "interaction" },
  "news-carousel": { load: () => import("./news-carousel/news-carousel"), hydrate: true },
  "news-detail": { load: () => import("./news-detail/news-detail"), hydrate: false },
  "news-listing": { load: () => import("./news-listing/news-listing"), hydrate: true, when: "interaction" },
  "offers-listing": { load: () => import("./offers-listing/offers-listing"), hydrate: true, when: "interaction" },
  "overview-blocks": { load: () => import("./overview-blocks/overview-blocks"), hydrate: false },
  "overview-grid-blocks": { load: () => import("./overview-grid-blocks/overview-grid-blocks"), hydrate: true },
  "owners-club-event-detail": { load: () => import("./owners-club-event-detail/owners-club-event-detail"), hydrate: true },
  "owners-club-event-listing": { load: () => import("./owners-club-event-listing/owners-club-event-listing"), hydrate: true, when: "interaction" },
  "quick-help-blocks": { load: () => import("./quick-help-blocks/quick-help-blocks"), hydrate: true },
  "side-by-side-blocks": { load: () => import("./side-by-side-blocks/side-by-side-blocks"), hydrate: true },
  "slim-hero-banner": { load: () => import("./slim-hero-banner/slim-hero-banner"), hydrate: false },
  "stats-banner": { load: () => import("./stats-banner/stats-banner"), hydrate: false },
  "step-slider": { load: () => import("./step-slider/step-slider"), hydrate: true },
  "store-locator": { load: () => import("./store-locator/store-locator"), hydrate: true },
  "sub-navigation": { load: () => import("./sub-navigation/sub-navigation"), hydrate: false },
  "text-content": { load: () => import("./text-content/text-content"), hydrate: false },
  "video-banner": { load: () => import("./video-banner/video-banner"), hydrate: true },
  "video-grid": { load: () => import("./video-grid/video-grid"), hydrate: true },
  "video-listing": { load: () => import("./video-listing/video-listing"), hydrate: true, when: "interaction" },
  "video-tiles": { load: () => import("./video-tiles/video-tiles"), hydrate: true },
  accordion: { load: () => import("./accordion/accordion"), hydrate: false },
  form: { load: () => import("./form/form"), hydrate: true },
  page: { load: () => import("./page/page"), hydrate: false },
} satisfies Record<string, BlockEntry>;

/** The name of a registered block. */
export type BlockName = keyof typeof entries;

export const blockRegistry: Readonly<Record<string, BlockEntry>> = entries;
