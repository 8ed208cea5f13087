import { z } from "zod";
import { AU_STATES } from "~/features/pricing/states";
import {
  assetSchema,
  blokBase,
  bloksSchema,
  linkSchema,
  multiAssetSchema,
  richTextSchema,
  storyRefSchema,
} from "./schema";

/**
 * Zod schemas of the non-block components (shared/CONTENT_MODEL.md sections 3 and 4): the
 * catalogue (model lines, models, options, colours, trims, accessories, prices), the global
 * stories (header, navigation, footer, finance settings) and the two detail content types.
 *
 * Real spaces often lack fields added after a story was written, so every field is optional
 * unless the content model requires it: a missing field renders as empty, never as an error.
 * Every object is `.loose()`: unknown fields and `x__i18n__au|nz` translations pass through.
 */

/** Prices and numbers as the CMS stores them: strings ("45990"). A number is tolerated. */
export const cmsNumberSchema = z.union([z.string(), z.number()]);
const price = cmsNumberSchema.optional();
const text = z.string().optional();
const flag = z.boolean().optional();
const asset = assetSchema.nullish();
const ref = storyRefSchema.optional();
const refs = z.array(storyRefSchema).optional();
/** A plain text field that some spaces turned into richtext. */
const textOrRichText = z.union([z.string(), richTextSchema]).optional();
/** A multilink field, or a plain path/url string as older blocks stored it. */
const linkOrHref = z.union([linkSchema, z.string()]).optional();

export { AU_STATES, type AuState } from "~/features/pricing/states";
export const auStateSchema = z.enum(AU_STATES);

export const OPTION_TYPES = ["Engine", "Motor", "Transmission", "Drivetrain", "Battery", "Wheels"] as const;

// ---------------------------------------------------------------------------------------------
// Catalogue

export const featureSchema = z
  .object({
    ...blokBase,
    component: z.literal("feature"),
    name: text,
    icon: asset,
  })
  .loose();
export type Feature = z.infer<typeof featureSchema>;

/** An engine, motor, transmission, drivetrain, battery or wheel choice of a model. */
export const optionSchema = z
  .object({
    ...blokBase,
    component: z.literal("option"),
    name: text,
    info: text,
    price,
    image: asset,
    /** Engine | Motor | Transmission | Drivetrain | Battery | Wheels ("Wheels" shows the image). */
    component_type: z.union([z.enum(OPTION_TYPES), z.literal("")]).optional(),
    /** Engines only: petrol | diesel | hybrid | electric (used for the fuel type). */
    engine_type: text,
    included_in_driveaway_price: flag,
    /** Comma-separated model `code`s the option applies to. */
    modelCodes: text,
    /** Colours (uuids) the option is available with; empty = all. */
    model_colours: refs,
    /** NZ: text shown under 'Clean car programme:'. */
    clean_car_programme: text,
  })
  .loose();
export type OptionBlok = z.infer<typeof optionSchema>;

export const financeOfferSchema = z
  .object({
    ...blokBase,
    component: z.literal("finance-offer"),
    specialFinanceOffer: z.union([z.boolean(), z.string()]).optional(),
    specialFinanceDriveawayPrice: price,
    specialInterestRate: price,
    specialComparisonRate: price,
    specialFinanceTermMonths: price,
    specialFinanceOfferText: text,
    disclaimer: text,
  })
  .loose();
export type FinanceOffer = z.infer<typeof financeOfferSchema>;

export const colourSchema = z
  .object({
    ...blokBase,
    component: z.literal("colour"),
    name: text,
    hex: text,
    price,
    images: multiAssetSchema.optional(),
    swatch: asset,
    model_line: ref,
  })
  .loose();
export type Colour = z.infer<typeof colourSchema>;

export const trimSchema = z
  .object({
    ...blokBase,
    component: z.literal("trim"),
    name: text,
    description: text,
    price,
    /** Colours (uuids) the trim is offered with; empty = not tied to a colour. */
    model_colours: refs,
    images: multiAssetSchema.optional(),
    model_line: ref,
  })
  .loose();
export type Trim = z.infer<typeof trimSchema>;

export const accessorySchema = z
  .object({
    ...blokBase,
    component: z.literal("accessory"),
    name: text,
    description: text,
    price,
    code: text,
    image: asset,
    /** Multi-option field: category labels ("Exterior", "Towing", ...). */
    categories: z.union([z.array(z.string()), z.string()]).optional(),
    model_line: ref,
  })
  .loose();
export type Accessory = z.infer<typeof accessorySchema>;

export const priceDisclaimerSchema = z
  .object({
    ...blokBase,
    component: z.literal("price-disclaimer"),
    title: text,
    text: textOrRichText,
  })
  .loose();
export type PriceDisclaimer = z.infer<typeof priceDisclaimerSchema>;

export const statePriceSchema = z
  .object({
    ...blokBase,
    component: z.literal("state-price"),
    au_state: z.union([auStateSchema, z.literal("")]).optional(),
    price,
  })
  .loose();
export type StatePrice = z.infer<typeof statePriceSchema>;

export const vehiclePriceSchema = z
  .object({
    ...blokBase,
    component: z.literal("vehicle-price"),
    driveaway_price: price,
    driveaway_retail_price: price,
    driveaway_abn_price: price,
    driveaway_state_retail_prices: z.array(statePriceSchema).optional(),
    driveaway_state_abn_prices: z.array(statePriceSchema).optional(),
  })
  .loose();
export type VehiclePrice = z.infer<typeof vehiclePriceSchema>;

export const modelLineSchema = z
  .object({
    ...blokBase,
    component: z.literal("model-line"),
    name: text,
    slug: text,
    /** e.g. SUV, Ute, Hybrid, Hatch; the model page path is models/<lowercased>/<slug>. */
    vehicle_category: text,
    vehicle_type: text,
    /** schema.org bodyType (e.g. SUV, Hatchback, Pickup truck); falls back to vehicle_type. */
    body_type: text,
    seating_capacity: cmsNumberSchema.optional(),
    model_year: text,
    tag_line: text,
    description: text,
    image: asset,
    default_full_slug: text,
    brochure: asset,
    accessories: refs,
  })
  .loose();
export type ModelLine = z.infer<typeof modelLineSchema>;

/** Fields shared by `model-au` and `model-nz`. */
const modelFields = {
  ...blokBase,
  name: text,
  short_name: text,
  variant_name: text,
  code: text,
  clearance: flag,
  image: asset,
  description: text,
  disclaimer: text,
  /** One feature per line. */
  feature_list: text,
  features: z.array(featureSchema).optional(),
  engines: z.array(optionSchema).optional(),
  motors: z.array(optionSchema).optional(),
  transmissions: z.array(optionSchema).optional(),
  drivetrains: z.array(optionSchema).optional(),
  batteries: z.array(optionSchema).optional(),
  wheels: z.array(optionSchema).optional(),
  colours: refs,
  trims: refs,
  accessories: refs,
  model_line: ref,
  price_disclaimers: refs,
  /** Reference to a `vehicle-price` story (AU state prices). */
  driveaway_state_prices: ref,
  driveaway_price: price,
  driveaway_abn_price: price,
  driveaway_retail_price: price,
  driveaway_price_type: text,
  finance_offer_text: text,
  finance: z.array(financeOfferSchema).optional(),
  hide_offers_in_configurator: flag,
  enable_angle_quote: flag,
  modelConfigUrl: text,
  initial_models: z.unknown().optional(),
};

export const modelAuSchema = z
  .object({
    ...modelFields,
    component: z.literal("model-au"),
    nvicCode: text,
    offer_text_abn: text,
    offer_text_retail: text,
    standard_offer_text_abn: text,
    standard_offer_text_retail: text,
  })
  .loose();
export type ModelAu = z.infer<typeof modelAuSchema>;

export const modelNzSchema = z
  .object({
    ...modelFields,
    component: z.literal("model-nz"),
    offer_text: text,
    clean_car_programme: text,
  })
  .loose();
export type ModelNz = z.infer<typeof modelNzSchema>;
export type Model = ModelAu | ModelNz;

// ---------------------------------------------------------------------------------------------
// Finance settings (story global/finance)

const tableHeadSchema = z
  .object({ _uid: z.string().optional(), value: z.string().optional(), component: z.literal("_table_head").optional() })
  .loose();
const tableColSchema = z
  .object({ _uid: z.string().optional(), value: z.string().optional(), component: z.literal("_table_col").optional() })
  .loose();
const tableRowSchema = z
  .object({
    _uid: z.string().optional(),
    component: z.literal("_table_row").optional(),
    body: z.array(tableColSchema).optional(),
  })
  .loose();

/** Storyblok table field. */
export const tableSchema = z
  .object({
    fieldtype: z.literal("table").optional(),
    thead: z.array(tableHeadSchema).optional(),
    tbody: z.array(tableRowSchema).optional(),
  })
  .loose();
export type Table = z.infer<typeof tableSchema>;

export const financeSettingsSchema = z
  .object({
    ...blokBase,
    component: z.literal("finance-settings"),
    use_angle_api: flag,
    introText: richTextSchema.optional(),
    /** Term in months (column 1) vs maximum balloon percent (column 2). */
    balloonTable: tableSchema.optional(),
    /** Customer rate, percent p.a., for private buyers ("8.99"). */
    base_rate_percent: price,
    /** Customer rate, percent p.a., for ABN (business) buyers. */
    business_rate_percent: price,
    establishment_fee: price,
    monthly_fee: price,
    min_loan_amount: price,
    default_term_months: price,
    default_deposit_percent: price,
    /** arrears (default) | advance. */
    payment_timing: z.enum(["arrears", "advance", ""]).optional(),
    comparison_rate_basis: text,
    comparison_rate_warning: text,
    disclaimer: textOrRichText,
  })
  .loose();
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Detail content types

const metaFields = {
  meta_title: text,
  meta_description: text,
  meta_image: asset,
  noindex: flag,
  navbar_solid: flag,
};

export const newsDetailSchema = z
  .object({
    ...blokBase,
    component: z.literal("news-detail"),
    title: text,
    /** Teaser for listings (the listing query excludes `body`). */
    summary: text,
    banner_image: asset,
    /** Values of the news-categories datasource. */
    news_categories: z.array(z.string()).optional(),
    body: bloksSchema.optional(),
    ...metaFields,
  })
  .loose();
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const ownersClubEventDetailSchema = z
  .object({
    ...blokBase,
    component: z.literal("owners-club-event-detail"),
    heading: text,
    /** AU state code, or NZ region for NZ events. */
    state: text,
    location: text,
    /** Storyblok datetime "YYYY-MM-DD HH:mm". */
    event_date: text,
    event_end_date: text,
    summary: text,
    thumbnail_image: asset,
    /** Image or video asset. */
    featured_media: asset,
    image_gallery: multiAssetSchema.optional(),
    body: bloksSchema.optional(),
    ...metaFields,
  })
  .loose();
export type OwnersClubEventDetail = z.infer<typeof ownersClubEventDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Header, navigation, footer (global/*)

export const socialLinkSchema = z
  .object({
    ...blokBase,
    component: z.literal("social-link"),
    /** facebook | instagram | youtube | linkedin | tiktok | x */
    platform: text,
    label: text,
    link: linkOrHref,
  })
  .loose();
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const headerSchema = z
  .object({
    ...blokBase,
    component: z.literal("header"),
    /** Short brand name used in titles ("Kestrel"). */
    brand_name: text,
    brand_full_name: text,
    logo: asset,
    logo_inverted: asset,
    finance_logo: asset,
    customer_service_phone: text,
    customer_service_hours: text,
    menu_label: text,
    enquire_label: text,
    enquire_link: linkOrHref,
    social_links: z.array(socialLinkSchema).optional(),
    /** Text of the country switch link, per country ("Visit Kestrel New Zealand"). */
    country_switch_label: text,
  })
  .loose();
export type Header = z.infer<typeof headerSchema>;

export const navTileSchema = z
  .object({
    ...blokBase,
    component: z.literal("nav-tile"),
    image: asset,
    heading: text,
    description: text,
    buttonText: text,
    buttonUrl: linkOrHref,
  })
  .loose();
export type NavTile = z.infer<typeof navTileSchema>;

const navItemBaseSchema = z
  .object({
    ...blokBase,
    component: z.literal("nav-item"),
    title: text,
    link: linkOrHref,
    /** Model-line nav items reference their model line. */
    model_line: ref,
    tiles: z.array(navTileSchema).optional(),
    mega_menu_image_large: asset,
    mega_menu_image_small: asset,
    tag_line: text,
    mega_menu_show_build: flag,
    mega_menu_invert_logo: flag,
  })
  .loose();
export type NavItem = z.infer<typeof navItemBaseSchema> & { secondary_menu?: NavItem[] };
/** A navigation item; `secondary_menu` holds nav-items again. */
export const navItemSchema: z.ZodType<NavItem> = navItemBaseSchema.extend({
  secondary_menu: z.lazy(() => z.array(navItemSchema)).optional(),
});

export const navigationSchema = z
  .object({
    ...blokBase,
    component: z.literal("navigation"),
    primary_nav: z.array(navItemSchema).optional(),
    model_line_nav: z.array(navItemSchema).optional(),
    secondary_nav: z.array(navItemSchema).optional(),
    model_line_nav_heading: text,
    build_button_text: text,
  })
  .loose();
export type Navigation = z.infer<typeof navigationSchema>;

export const footerLinkSchema = z
  .object({
    ...blokBase,
    component: z.literal("footer-link"),
    label: text,
    link: linkOrHref,
  })
  .loose();
export type FooterLink = z.infer<typeof footerLinkSchema>;

export const footerColumnSchema = z
  .object({
    ...blokBase,
    component: z.literal("footer-column"),
    heading: text,
    links: z.array(footerLinkSchema).optional(),
  })
  .loose();
export type FooterColumn = z.infer<typeof footerColumnSchema>;

export const footerSchema = z
  .object({
    ...blokBase,
    component: z.literal("footer"),
    columns: z.array(footerColumnSchema).optional(),
    social_links: z.array(socialLinkSchema).optional(),
    cookies_label: text,
    cookies_link: linkOrHref,
    privacy_label: text,
    privacy_link: linkOrHref,
    copyright: text,
    acknowledgement: text,
    legal_text: richTextSchema.optional(),
    /** Cookie banner: heading, text (may link to the cookies page) and the Accept button. */
    cookie_banner_heading: text,
    cookie_banner_text: richTextSchema.optional(),
    cookie_accept_label: text,
  })
  .loose();
export type Footer = z.infer<typeof footerSchema>;

// ---------------------------------------------------------------------------------------------

/** Every non-block component, by technical name. */
export const contentTypeSchemas: Record<string, z.ZodType> = {
  "model-line": modelLineSchema,
  "model-au": modelAuSchema,
  "model-nz": modelNzSchema,
  option: optionSchema,
  feature: featureSchema,
  "finance-offer": financeOfferSchema,
  colour: colourSchema,
  trim: trimSchema,
  accessory: accessorySchema,
  "price-disclaimer": priceDisclaimerSchema,
  "vehicle-price": vehiclePriceSchema,
  "state-price": statePriceSchema,
  "finance-settings": financeSettingsSchema,
  "news-detail": newsDetailSchema,
  "owners-club-event-detail": ownersClubEventDetailSchema,
  header: headerSchema,
  navigation: navigationSchema,
  "nav-item": navItemSchema,
  "nav-tile": navTileSchema,
  footer: footerSchema,
  "footer-column": footerColumnSchema,
  "footer-link": footerLinkSchema,
  "social-link": socialLinkSchema,
};
