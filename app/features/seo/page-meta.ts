import type { MetaDescriptor } from "@remix-run/node";

interface MetaContent {
  meta_title?: unknown;
  title?: unknown;
  name?: unknown;
  meta_description?: unknown;
  noindex?: unknown;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** Title is meta_title, else title, then ' | ' and the brand short name. */
export function pageTitle(content: MetaContent | null | undefined, brand: string, fallback = ""): string {
  const base = text(content?.meta_title) || text(content?.title) || text(content?.name) || fallback;
  if (!brand) return base;
  return base ? `${base} | ${brand}` : brand;
}

/** The basic tags every content page carries; the SEO issue adds social, canonical and JSON-LD. */
export function basicPageMeta(content: MetaContent | null | undefined, brand: string, fallbackTitle = ""): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: pageTitle(content, brand, fallbackTitle) }];
  const description = text(content?.meta_description);
  if (description) tags.push({ name: "description", content: description });
  if (content?.noindex === true) tags.push({ name: "robots", content: "noindex" });
  tags.push({ name: "format-detection", content: "telephone=no" });
  return tags;
}
