import { isRichTextEmpty, RichText } from "~/components/rich-text";
import type { RichText as RichTextDoc } from "~/content/schema";
import type { TextOrRich } from "./text-or-rich.schema";

export type { TextOrRich } from "./text-or-rich.schema";

export function hasText(value: TextOrRich | null | undefined): boolean {
  if (!value) return false;
  return typeof value === "string"
    ? value.trim() !== ""
    : !isRichTextEmpty(value as RichTextDoc);
}

/** Renders plain text as paragraphs (one per blank-line block) or rich text as is. */
export function TextOrRichText({
  value,
  className,
}: {
  value: TextOrRich | null | undefined;
  className?: string;
}) {
  if (!hasText(value)) return null;
  if (typeof value === "string") {
    return (
      <div className={className ?? "richtext"}>
        {value
          .split(/\n{2,}/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p, i) => (
            <p key={i}>{p}</p>
          ))}
      </div>
    );
  }
  return <RichText doc={value as RichTextDoc} className={className} />;
}
