import { ModelRangeView } from "~/features/vehicles/components/model-range-view";
import type { ModelRangeCompactBlok } from "./model-range-compact.schema";

/** Compact model range: smaller cards, 2.66666 per view (spec §9). */
export function ModelRangeCompact({ blok }: { blok: ModelRangeCompactBlok }) {
  return <ModelRangeView blok={blok} compact className="model-range model-range--compact" />;
}

export default ModelRangeCompact;
