import type { BlockDefinition } from "./types";
import { accordion } from "./accordion";
import { accessoriesCarousel } from "./accessories-carousel";
import { accessoriesListing } from "./accessories-listing";
import { carDetailPage } from "./car-detail-page";
import { colourSelector } from "./colour-selector";
import { compareGrid } from "./compare-grid";
import { modelCardBlock } from "./model-card-block";
import { modelRange } from "./model-range";
import { modelRangeCompact } from "./model-range-compact";
import { modelRangeTabs } from "./model-range-tabs";
import { ctaCards } from "./cta-cards";
import { ctaCarousel } from "./cta-carousel";
import { ctaFlexiblePanel } from "./cta-flexible-panel";
import { ctaPanel } from "./cta-panel";
import { competitionForm } from "./competition-form";
import { eventBanner } from "./event-banner";
import { expandingGrid } from "./expanding-grid";
import { expansionPanel } from "./expansion-panel";
import { expansionPanelGroup } from "./expansion-panel-group";
import { featureBlocks } from "./feature-blocks";
import { featureIcons } from "./feature-icons";
import { form } from "./form";
import { gridBlocks } from "./grid-blocks";
import { heroBanner } from "./hero-banner";
import { hoverTiles } from "./hover-tiles";
import { iconFeatures } from "./icon-features";
import { imageBanner } from "./image-banner";
import { imageCarousel } from "./image-carousel";
import { informationPanel } from "./information-panel";
import { modalForm } from "./modal-form";
import { newsCarousel } from "./news-carousel";
import { newsDetail } from "./news-detail";
import { newsListing } from "./news-listing";
import { offersListing } from "./offers-listing";
import { overviewBlocks } from "./overview-blocks";
import { overviewGridBlocks } from "./overview-grid-blocks";
import { ownersClubEventDetail } from "./owners-club-event-detail";
import { ownersClubEventListing } from "./owners-club-event-listing";
import { page } from "./page";
import { quickHelpBlocks } from "./quick-help-blocks";
import { sideBySideBlocks } from "./side-by-side-blocks";
import { slimHeroBanner } from "./slim-hero-banner";
import { statsBanner } from "./stats-banner";
import { stepSlider } from "./step-slider";
import { storeLocator } from "./store-locator";
import { subNavigation } from "./sub-navigation";
import { textContent } from "./text-content";
import { videoBanner } from "./video-banner";
import { videoGrid } from "./video-grid";
import { videoListing } from "./video-listing";
import { videoTiles } from "./video-tiles";

// The blocks' stylesheet. Vite hoists an eager glob to a static import, so the CSS is part of the
// route graph (linked by Remix); plain Node (tsx: the content checker) has no import.meta.env and
// never sees the .css import, which it could not load.
if (import.meta.env) import.meta.glob("../styles/blocks.css", { eager: true });

/**
 * The registered blocks, keyed by the technical names of shared/CONTENT_MODEL.md section 5.
 * Each block lives in app/blocks/<technical-name>.tsx and exports its zod schema and component.
 */
export const blockRegistry: Record<string, BlockDefinition> = {
  accordion,
  "cta-cards": ctaCards,
  "cta-carousel": ctaCarousel,
  "cta-flexible-panel": ctaFlexiblePanel,
  "cta-panel": ctaPanel,
  "competition-form": competitionForm,
  "event-banner": eventBanner,
  "expanding-grid": expandingGrid,
  "expansion-panel": expansionPanel,
  "expansion-panel-group": expansionPanelGroup,
  "feature-blocks": featureBlocks,
  "feature-icons": featureIcons,
  form,
  "grid-blocks": gridBlocks,
  "hero-banner": heroBanner,
  "hover-tiles": hoverTiles,
  "icon-features": iconFeatures,
  "image-banner": imageBanner,
  "image-carousel": imageCarousel,
  "information-panel": informationPanel,
  "modal-form": modalForm,
  "news-carousel": newsCarousel,
  "news-detail": newsDetail,
  "news-listing": newsListing,
  "offers-listing": offersListing,
  "overview-blocks": overviewBlocks,
  "overview-grid-blocks": overviewGridBlocks,
  "owners-club-event-detail": ownersClubEventDetail,
  "owners-club-event-listing": ownersClubEventListing,
  page,
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
  // Vehicle blocks (issue 6).
  "accessories-carousel": accessoriesCarousel,
  "accessories-listing": accessoriesListing,
  "car-detail-page": carDetailPage,
  "colour-selector": colourSelector,
  "compare-grid": compareGrid,
  "model-card-block": modelCardBlock,
  "model-range": modelRange,
  "model-range-compact": modelRangeCompact,
  "model-range-tabs": modelRangeTabs,
};
