import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { blokBase, field } from "~/content/schema";

export const subNavigationItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("sub-navigation-item"),
    label: field.text,
    link: field.linkOrHref,
  })
  .loose();
export type SubNavigationItemBlok = z.infer<typeof subNavigationItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("sub-navigation"),
    /** The page's name at the start of the bar (e.g. the model); also the navigation's label. */
    heading: field.text,
    items: z.array(subNavigationItemSchema).optional(),
    buttons: z.array(buttonSchema).optional(),
    ...scrollToIdField,
  })
  .loose();
export type SubNavigationBlok = z.infer<typeof schema>;
