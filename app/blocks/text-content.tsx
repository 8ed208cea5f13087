import { z } from "zod";
import { blokBase, richTextSchema } from "~/content/schema";
import { RichText } from "~/content/richtext";
import { Button, buttonSchema } from "~/components/button";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("text-content"),
    content: richTextSchema.optional(),
    background_color: z.string().optional(),
    wide_format: z.boolean().optional(),
    add_vertical_padding: z.boolean().optional(),
    removeGapBelow: z.boolean().optional(),
    /** Optional anchor id so other blocks can link to '#{id}'. */
    scroll_to_id: z.string().optional(),
    button: z.array(buttonSchema).optional(),
  })
  .loose();

export type TextContentBlok = z.infer<typeof schema>;

export function TextContent({ blok }: { blok: TextContentBlok }) {
  const classes = [
    "text-content",
    blok.wide_format ? "text-content--wide" : "",
    blok.add_vertical_padding ? "text-content--padded" : "",
    blok.removeGapBelow ? "text-content--no-gap" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const style = blok.background_color ? { backgroundColor: blok.background_color } : undefined;
  return (
    <section className={classes} style={style} id={blok.scroll_to_id || undefined}>
      <div className="container text-content__inner">
        <RichText doc={blok.content} />
        {blok.button && blok.button.length > 0 ? (
          <div className="text-content__buttons">
            {blok.button.map((b) => (
              <Button key={b._uid} blok={b} />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

export const textContent = defineBlock(schema, TextContent);
