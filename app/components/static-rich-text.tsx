import { RichTextNodes } from "./rich-text";
import type { RichText as RichTextDoc } from "~/content/schema";

/**
 * Rich text of the site's shell (the footer's legal text, the cookie banner's text), rendered as
 * `<RichText>` renders it, in a `<div>` with `className`.
 */
export function StaticRichText({ doc, className = "richtext" }: { doc: RichTextDoc | null | undefined; className?: string }) {
  if (!doc || !Array.isArray(doc.content) || doc.content.length === 0) return null;
  return (
    <div className={className}>
      <RichTextNodes doc={doc} />
    </div>
  );
}
