import type { z } from "zod";
import type { BlockName } from "./index";
import { schema as page } from "./page/page.schema";
import { schema as form } from "./form/form.schema";
import { schema as accordion } from "./accordion/accordion.schema";
import { schema as accessoriesCarousel } from "./accessories-carousel/accessories-carousel.schema";
import { schema as accessoriesListing } from "./accessories-listing/accessories-listing.schema";
import { schema as carDetailPage } from "./car-detail-page/car-detail-page.schema";
import { schema as colourSelector } from "./colour-selector/colour-selector.schema";
import { schema as compareGrid } from "./compare-grid/compare-grid.schema";
import { schema as competitionForm } from "./competition-form/competition-form.schema";
import { schema as ctaCards } from "./cta-cards/cta-cards.schema";
import { schema as ctaCarousel } from "./cta-carousel/cta-carousel.schema";
import { schema as ctaFlexiblePanel } from "./cta-flexible-panel/cta-flexible-panel.schema";
import { schema as ctaPanel } from "./cta-panel/cta-panel.schema";
import { schema as eventBanner } from "./event-banner/event-banner.schema";
import { schema as expandingGrid } from "./expanding-grid/expanding-grid.schema";
import { schema as expansionPanel } from "./expansion-panel/expansion-panel.schema";
import { schema as expansionPanelGroup } from "./expansion-panel-group/expansion-panel-group.schema";
import { schema as featureBlocks } from "./feature-blocks/feature-blocks.schema";
import { schema as featureIcons } from "./feature-icons/feature-icons.schema";
import { schema as gridBlocks } from "./grid-blocks/grid-blocks.schema";
import { schema as heroBanner } from "./hero-banner/hero-banner.schema";
import { schema as hoverTiles } from "./hover-tiles/hover-tiles.schema";
import { schema as iconFeatures } from "./icon-features/icon-features.schema";
import { schema as imageBanner } from "./image-banner/image-banner.schema";
import { schema as imageCarousel } from "./image-carousel/image-carousel.schema";
import { schema as informationPanel } from "./information-panel/information-panel.schema";
import { schema as modalForm } from "./modal-form/modal-form.schema";
import { schema as modelCardBlock } from "./model-card-block/model-card-block.schema";
import { schema as modelRange } from "./model-range/model-range.schema";
import { schema as modelRangeCompact } from "./model-range-compact/model-range-compact.schema";
import { schema as modelRangeTabs } from "./model-range-tabs/model-range-tabs.schema";
import { schema as newsCarousel } from "./news-carousel/news-carousel.schema";
import { schema as newsDetail } from "./news-detail/news-detail.schema";
import { schema as newsListing } from "./news-listing/news-listing.schema";
import { schema as offersListing } from "./offers-listing/offers-listing.schema";
import { schema as overviewBlocks } from "./overview-blocks/overview-blocks.schema";
import { schema as overviewGridBlocks } from "./overview-grid-blocks/overview-grid-blocks.schema";
import { schema as ownersClubEventDetail } from "./owners-club-event-detail/owners-club-event-detail.schema";
import { schema as ownersClubEventListing } from "./owners-club-event-listing/owners-club-event-listing.schema";
import { schema as quickHelpBlocks } from "./quick-help-blocks/quick-help-blocks.schema";
import { schema as sideBySideBlocks } from "./side-by-side-blocks/side-by-side-blocks.schema";
import { schema as slimHeroBanner } from "./slim-hero-banner/slim-hero-banner.schema";
import { schema as statsBanner } from "./stats-banner/stats-banner.schema";
import { schema as stepSlider } from "./step-slider/step-slider.schema";
import { schema as storeLocator } from "./store-locator/store-locator.schema";
import { schema as subNavigation } from "./sub-navigation/sub-navigation.schema";
import { schema as textContent } from "./text-content/text-content.schema";
import { schema as videoBanner } from "./video-banner/video-banner.schema";
import { schema as videoGrid } from "./video-grid/video-grid.schema";
import { schema as videoListing } from "./video-listing/video-listing.schema";
import { schema as videoTiles } from "./video-tiles/video-tiles.schema";

/**
 * Every block's schema, keyed by the technical names of shared/CONTENT_MODEL.md section 5. The server
 * parses each blok with its schema before rendering (app/blocks/parse.ts); the content checker and
 * the block gallery read them too. Never imported by browser code (ADR 020). Keyed by the registry's
 * names (app/blocks/index.ts): a block without its schema, or a schema without its block, fails tsc.
 */
const schemas: { readonly [N in BlockName]: z.ZodType } = {
  "accessories-carousel": accessoriesCarousel,
  "accessories-listing": accessoriesListing,
  "car-detail-page": carDetailPage,
  "colour-selector": colourSelector,
  "compare-grid": compareGrid,
  "competition-form": competitionForm,
  "cta-cards": ctaCards,
  "cta-carousel": ctaCarousel,
  "cta-flexible-panel": ctaFlexiblePanel,
  "cta-panel": ctaPanel,
  "event-banner": eventBanner,
  "expanding-grid": expandingGrid,
  "expansion-panel": expansionPanel,
  "expansion-panel-group": expansionPanelGroup,
  "feature-blocks": featureBlocks,
  "feature-icons": featureIcons,
  "grid-blocks": gridBlocks,
  "hero-banner": heroBanner,
  "hover-tiles": hoverTiles,
  "icon-features": iconFeatures,
  "image-banner": imageBanner,
  "image-carousel": imageCarousel,
  "information-panel": informationPanel,
  "modal-form": modalForm,
  "model-card-block": modelCardBlock,
  "model-range": modelRange,
  "model-range-compact": modelRangeCompact,
  "model-range-tabs": modelRangeTabs,
  "news-carousel": newsCarousel,
  "news-detail": newsDetail,
  "news-listing": newsListing,
  "offers-listing": offersListing,
  "overview-blocks": overviewBlocks,
  "overview-grid-blocks": overviewGridBlocks,
  "owners-club-event-detail": ownersClubEventDetail,
  "owners-club-event-listing": ownersClubEventListing,
  "quick-help-blocks": quickHelpBlocks,
  "side-by-side-blocks": sideBySideBlocks,
  "slim-hero-banner": slimHeroBanner,
  "stats-banner": statsBanner,
  "step-slider": stepSlider,
  "store-locator": storeLocator,
  "sub-navigation": subNavigation,
  "text-content": textContent,
  "video-banner": videoBanner,
  "video-grid": videoGrid,
  "video-listing": videoListing,
  "video-tiles": videoTiles,
  accordion: accordion,
  form: form,
  page: page,
};

export const blockSchemas: Readonly<Record<string, z.ZodType>> = schemas;
