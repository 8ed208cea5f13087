/**
 * Kept for existing imports: the page metadata lives in `./meta` (buildPageMeta), which adds the
 * share image, canonical link and hreflang alternates to these basic tags.
 */
import { pageTitle, type MetaContent, type MetaTag } from "./meta";

export { pageTitle };

/** Title, description, robots and phone-number detection only (no URLs needed). */
export function basicPageMeta(content: MetaContent | null | undefined, brand: string, fallbackTitle = ""): MetaTag[] {
  const tags: MetaTag[] = [{ title: pageTitle(content, brand, fallbackTitle) }];
  const description = typeof content?.meta_description === "string" ? content.meta_description.trim() : "";
  if (description) tags.push({ name: "description", content: description });
  if (content?.noindex === true) tags.push({ name: "robots", content: "noindex" });
  tags.push({ name: "format-detection", content: "telephone=no" });
  return tags;
}
