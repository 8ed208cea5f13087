import type { NavItem, NavTile, Navigation } from "~/content/content-types";
import { countryPath, resolveLink, type ResolvedLink } from "~/content/links";
import type { Asset, Country } from "~/content/schema";
import { localeAllows } from "~/content/locale";

/**
 * The mega menu's content, from the navigation story (spec site.md sections 2 and 3): items
 * shown only when their locale is the country or both, links resolved for the country, model
 * lines linked to models/{vehicle category lowercased}/{model line slug}. Pure.
 */

export interface MenuLink {
  id: string;
  label: string;
  link: ResolvedLink;
}

export interface MenuTile {
  id: string;
  image: Asset | null;
  heading: string;
  description: string;
  button: { label: string; link: ResolvedLink } | null;
}

export interface MenuEntry {
  id: string;
  title: string;
  link: ResolvedLink | null;
  tagLine: string;
  imageLarge: Asset | null;
  imageSmall: Asset | null;
  links: MenuLink[];
  tiles: MenuTile[];
  /** The Build button (build_button_text) to config/{model line slug}. */
  build: { label: string; link: ResolvedLink } | null;
  /** The header logo is inverted while this entry is shown. */
  invertLogo: boolean;
}

export interface MegaMenuModel {
  primary: MenuEntry[];
  modelLineHeading: string;
  modelLines: MenuEntry[];
  secondary: MenuLink[];
}

/** True when an entry opens a panel (else it is a plain link). */
export function hasPanel(entry: MenuEntry): boolean {
  return entry.links.length > 0 || entry.tiles.length > 0 || entry.build !== null;
}

interface ModelLineRef {
  slug?: string;
  vehicle_category?: string;
}

/** The resolved model line of a nav item (the relation is resolved by the layout loader). */
function modelLineOf(item: NavItem): ModelLineRef | null {
  const ref = item.model_line as unknown;
  if (!ref || typeof ref !== "object") return null;
  const content = (ref as { content?: ModelLineRef }).content ?? (ref as ModelLineRef);
  return content.slug ? content : null;
}

/** models/{vehicle category lowercased}/{model line slug}, or null without both. */
export function modelLinePath(modelLine: ModelLineRef | null): string | null {
  const slug = modelLine?.slug?.trim();
  const category = modelLine?.vehicle_category?.trim().toLowerCase();
  if (!slug || !category) return null;
  return `models/${category.replace(/\s+/g, "-")}/${slug}`;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** An image of the menu: what the image component reads (the menu is in every page's data). */
function asset(value: unknown): Asset | null {
  if (!value || typeof value !== "object" || !(value as Asset).filename) return null;
  const { filename, alt, focus } = value as Asset;
  return { filename, alt: alt ?? "", ...(focus ? { focus } : {}) };
}

function links(items: readonly NavItem[] | undefined, country: Country): MenuLink[] {
  return (items ?? [])
    .filter((item) => item && localeAllows(item.locale, country))
    .flatMap((item) => {
      const link = resolveLink(item.link, country);
      const label = text(item.title);
      return link && label ? [{ id: item._uid, label, link }] : [];
    });
}

function tiles(items: readonly NavTile[] | undefined, country: Country): MenuTile[] {
  return (items ?? [])
    .filter((tile) => tile && localeAllows(tile.locale, country))
    .map((tile) => {
      const link = resolveLink(tile.buttonUrl, country);
      const label = text(tile.buttonText);
      return {
        id: tile._uid,
        image: asset(tile.image),
        heading: text(tile.heading),
        description: text(tile.description),
        button: link && label ? { label, link } : null,
      };
    })
    .filter((tile) => tile.heading || tile.button || tile.image);
}

function entry(item: NavItem, country: Country, buildLabel: string): MenuEntry | null {
  const title = text(item.title);
  if (!title) return null;
  const modelLine = modelLineOf(item);
  const modelPath = modelLinePath(modelLine);
  const link = modelPath ? { href: countryPath(country, modelPath), external: false } : resolveLink(item.link, country);
  const build =
    item.mega_menu_show_build && buildLabel && modelLine?.slug
      ? { label: buildLabel, link: { href: countryPath(country, `config/${modelLine.slug}`), external: false } }
      : null;
  return {
    id: item._uid,
    title,
    link,
    tagLine: text(item.tag_line),
    imageLarge: asset(item.mega_menu_image_large),
    imageSmall: asset(item.mega_menu_image_small),
    links: links(item.secondary_menu, country),
    tiles: tiles(item.tiles, country),
    build,
    invertLogo: item.mega_menu_invert_logo === true,
  };
}

function entries(items: readonly NavItem[] | undefined, country: Country, buildLabel: string): MenuEntry[] {
  return (items ?? [])
    .filter((item) => item && localeAllows(item.locale, country))
    .flatMap((item) => {
      const e = entry(item, country, buildLabel);
      // An entry without a link and without a panel leads nowhere.
      return e && (e.link || hasPanel(e)) ? [e] : [];
    });
}

export function buildMegaMenu(navigation: Navigation | null | undefined, country: Country): MegaMenuModel {
  const buildLabel = text(navigation?.build_button_text);
  return {
    primary: entries(navigation?.primary_nav, country, buildLabel),
    modelLineHeading: text(navigation?.model_line_nav_heading),
    modelLines: entries(navigation?.model_line_nav, country, buildLabel),
    secondary: links(navigation?.secondary_nav, country),
  };
}
