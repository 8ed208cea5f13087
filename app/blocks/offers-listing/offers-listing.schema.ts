import { z } from "zod";
import { assetSchema, blokBase, field, storyRefSchema } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

const { text } = field;
const flag = z.boolean().optional();

/** The offer block settings with the exact names of spec site.md section 3. */
export const schema = z
  .object({
    ...blokBase,
    component: z.literal("offers-listing"),
    ...sectionFields,
    show_special_offer: flag,
    show_finance_tab: flag,
    show_finance_tab_first: flag,
    show_finance_from_text: flag,
    standard_offer_header: text,
    special_offer_heading: text,
    /** A CSS colour. */
    banner_colour: field.key,
    offer_listing_banner_text: text,
    offer_listing_button_text: text,
    offer_listing_button_link: field.linkOrHref,
    show_all_models: flag,
    show_finance_card: flag,
    finance_card_logo: assetSchema.nullish(),
    finance_card_description: field.textarea,
    finance_card_button_text: text,
    finance_card_button_url: field.linkOrHref,
    model_lines: z.array(storyRefSchema).optional(),
    models: z.array(storyRefSchema).optional(),
    /** Texts the spec does not give. */
    filter_label: text,
    sort_label: text,
    sort_button_text: text,
    price_disclaimer_label: text,
    finance_disclaimer_label: text,
    empty_text: text,
  })
  .loose();
export type OffersListingBlok = z.infer<typeof schema>;

export const queryParams = ["category", "sort", "colour"] as const;
