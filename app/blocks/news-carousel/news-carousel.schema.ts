import { z } from "zod";
import { numberField } from "~/components/section.schema";
import { blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("news-carousel"),
    ...sectionFields,
    /** How many of the newest articles (1–6; default 6). */
    count: numberField(1, 6),
    /** Only articles of this news-categories value; empty for all. */
    category: field.text.meta({ storyblok: { type: "option", datasource: "news-categories" } }),
  })
  .loose();
export type NewsCarouselBlok = z.infer<typeof schema>;
