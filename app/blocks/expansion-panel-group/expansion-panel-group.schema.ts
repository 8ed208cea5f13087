import { z } from "zod";
import { blokBase } from "~/content/schema";
import { schema as expansionPanelSchema } from "../expansion-panel/expansion-panel.schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("expansion-panel-group"),
    ...sectionFields,
    panels: z.array(expansionPanelSchema).optional(),
    /** Only one panel open at a time. */
    single_open: z.boolean().optional(),
  })
  .loose();
export type ExpansionPanelGroupBlok = z.infer<typeof schema>;
