import { z } from "zod";
import { bloksSchema, blokSchema, field, multiAssetSchema, richTextSchema } from "./schema";
import { catalogueSchemas } from "./catalogue-model";

/**
 * Zod schemas of the global stories (header, navigation, footer, finance settings) and the two
 * detail content types (shared/CONTENT_MODEL.md sections 2 and 3). The catalogue's content types
 * (model lines, models, options, colours, trims, accessories, prices) live with their read model
 * in catalogue-model.ts; `contentTypeSchemas` below lists both for the content check.
 *
 * Real spaces often lack fields added after a story was written, so every field is optional
 * unless the content model requires it: a missing field renders as empty, never as an error.
 * Every object is `.loose()`: unknown fields and `x__i18n__au|nz` translations pass through.
 */

const { price, text, textarea, key, datetime, flag, asset, ref, textOrRichText, linkOrHref } = field;

/** Bloks of a page-like content type: the content blocks. */
const bodyBloks = bloksSchema.optional().meta({ storyblok: { groups: ["Content blocks"] } });

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

export const financeSettingsSchema = blokSchema("finance-settings", {
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
    comparison_rate_warning: textarea,
    disclaimer: textOrRichText.meta({ storyblok: { type: "textarea" } }),
  });
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Detail content types

const metaFields = {
  meta_title: text,
  meta_description: textarea,
  meta_image: asset,
  noindex: flag,
  navbar_solid: flag,
};

export const newsDetailSchema = blokSchema("news-detail", {
    title: text,
    /** Teaser for listings (the listing query excludes `body`). */
    summary: textarea,
    banner_image: asset,
    /** Values of the news-categories datasource. */
    news_categories: z.array(z.string()).optional().meta({ storyblok: { type: "options", datasource: "news-categories" } }),
    body: bodyBloks,
    ...metaFields,
  });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const ownersClubEventDetailSchema = blokSchema("owners-club-event-detail", {
    heading: text,
    /** AU state code, or NZ region for NZ events. */
    state: text,
    location: text,
    /** Storyblok datetime "YYYY-MM-DD HH:mm". */
    event_date: datetime,
    event_end_date: datetime,
    summary: textarea,
    thumbnail_image: asset,
    /** Image or video asset. */
    featured_media: asset,
    /** WebVTT captions of a video in featured_media: an asset of its own, as Storyblok keeps every upload apart. */
    captions: field.captions,
    image_gallery: multiAssetSchema.optional(),
    body: bodyBloks,
    ...metaFields,
  });
export type OwnersClubEventDetail = z.infer<typeof ownersClubEventDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Header, navigation, footer (global/*)

export const socialLinkSchema = blokSchema("social-link", {
    /** facebook | instagram | youtube | linkedin | tiktok | x */
    platform: key.meta({ storyblok: { type: "option", options: ["facebook", "instagram", "youtube", "linkedin", "tiktok", "x"] } }),
    label: text,
    /** A country may have its own account. */
    link: linkOrHref.meta({ storyblok: { type: "multilink", translatable: true } }),
  });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const headerSchema = blokSchema("header", {
    /** Short brand name used in titles ("Kestrel"). */
    brand_name: text,
    brand_full_name: text,
    logo: asset,
    logo_inverted: asset,
    finance_logo: asset,
    customer_service_phone: text,
    customer_service_hours: text,
    menu_label: text,
    /** The menu button's label while the menu is open ("Close"); empty: the menu label stays. */
    menu_close_label: text,
    enquire_label: text,
    enquire_link: linkOrHref,
    social_links: z.array(socialLinkSchema).optional(),
    /** Text of the country switch link, per country ("Visit Kestrel New Zealand"). */
    country_switch_label: text,
  });
export type Header = z.infer<typeof headerSchema>;

export const navTileSchema = blokSchema("nav-tile", {
    image: asset,
    heading: text,
    description: textarea,
    buttonText: text,
    buttonUrl: linkOrHref,
  });
export type NavTile = z.infer<typeof navTileSchema>;

const navItemBaseSchema = blokSchema("nav-item", {
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
  });
export type NavItem = z.infer<typeof navItemBaseSchema> & { secondary_menu?: NavItem[] };
/** A navigation item; `secondary_menu` holds nav-items again. */
export const navItemSchema: z.ZodType<NavItem> = navItemBaseSchema.extend({
  secondary_menu: z.lazy(() => z.array(navItemSchema)).optional(),
});

export const navigationSchema = blokSchema("navigation", {
    primary_nav: z.array(navItemSchema).optional(),
    model_line_nav: z.array(navItemSchema).optional(),
    secondary_nav: z.array(navItemSchema).optional(),
    model_line_nav_heading: text,
    build_button_text: text,
  });
export type Navigation = z.infer<typeof navigationSchema>;

export const footerLinkSchema = blokSchema("footer-link", {
    label: text,
    link: linkOrHref,
  });
export type FooterLink = z.infer<typeof footerLinkSchema>;

export const footerColumnSchema = blokSchema("footer-column", {
    heading: text,
    links: z.array(footerLinkSchema).optional(),
  });
export type FooterColumn = z.infer<typeof footerColumnSchema>;

export const footerSchema = blokSchema("footer", {
    columns: z.array(footerColumnSchema).optional(),
    social_links: z.array(socialLinkSchema).optional(),
    cookies_label: text,
    cookies_link: linkOrHref,
    privacy_label: text,
    privacy_link: linkOrHref,
    copyright: text,
    acknowledgement: textarea,
    legal_text: richTextSchema.optional(),
    /** Cookie banner: heading, text (may link to the cookies page) and the Accept button. */
    cookie_banner_heading: text,
    cookie_banner_text: richTextSchema.optional(),
    cookie_accept_label: text,
  });
export type Footer = z.infer<typeof footerSchema>;

// ---------------------------------------------------------------------------------------------

/** Every non-block component, by technical name (the content check validates each story with these). */
export const contentTypeSchemas: Record<string, z.ZodType> = {
  ...catalogueSchemas,
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
