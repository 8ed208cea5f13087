import { ModelRangeView } from "~/features/vehicles/components/model-range-view";
import type { ModelRangeBlok } from "./model-range.schema";

/** Model range: a carousel of the line's models, 1.66666 per view (spec §9). */
export function ModelRange({ blok }: { blok: ModelRangeBlok }) {
  return <ModelRangeView blok={blok} compact={false} className="model-range" />;
}

export default ModelRange;
