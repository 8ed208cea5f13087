import { z } from "zod";
import { assetSchema, blokBase, bloksSchema, field } from "~/content/schema";

export const stickyCtaLinkSchema = z
  .object({
    ...blokBase,
    component: z.literal("sticky-cta-link"),
    link_type: z.enum(["current_offers", "find_a_dealer", "book_a_test_drive"]),
    label: field.text,
    /** A path on the site ("test-drive?model=mirra"). */
    link: field.key,
  })
  .loose();

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("page"),
    body: bloksSchema.optional().meta({ storyblok: { groups: ["Content blocks"] } }),
    title: field.text,
    meta_title: field.text,
    meta_description: field.textarea,
    meta_image: assetSchema.nullish(),
    banner_image: assetSchema.nullish(),
    noindex: z.boolean().optional(),
    navbar_solid: z.boolean().optional(),
    hide_header_footer: z.boolean().optional(),
    sticky_bottom_cta: z.array(stickyCtaLinkSchema).optional(),
    menu_button_color: field.key,
    invert_logo: z.boolean().optional(),
    finance_logo: z.boolean().optional(),
    /** Offers pages: the date the current offers end (OfferCatalog priceValidUntil), YYYY-MM-DD. */
    offers_valid_until: field.date,
  })
  .loose();

export type PageBlok = z.infer<typeof schema>;
