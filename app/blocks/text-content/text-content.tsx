import { RichText } from "~/components/rich-text";
import { Button } from "~/components/button";
import type { TextContentBlok } from "./text-content.schema";

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

export default TextContent;
