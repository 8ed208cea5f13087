import type { BlockDefinition } from "./types";
import { newsDetail } from "./news-detail";
import { ownersClubEventDetail } from "./owners-club-event-detail";
import { page } from "./page";
import { textContent } from "./text-content";

/**
 * The registered blocks, keyed by the technical names of shared/CONTENT_MODEL.md section 5.
 * Each block lives in app/blocks/<technical-name>.tsx and exports its zod schema and component.
 */
export const blockRegistry: Record<string, BlockDefinition> = {
  "news-detail": newsDetail,
  "owners-club-event-detail": ownersClubEventDetail,
  page,
  "text-content": textContent,
};
