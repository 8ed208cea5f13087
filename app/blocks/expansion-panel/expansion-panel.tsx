import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { anchorId, cx } from "~/components/section";
import { hasText, TextOrRichText } from "~/components/text-or-rich";
import type { ExpansionPanelBlok } from "./expansion-panel.schema";
import { editable } from "~/components/editable";

/** The toggle's words, letter for letter from the spec. */
export const READ_MORE = "Read More";
export const READ_LESS = "Read Less";

/**
 * A panel with more text behind 'Read More' (then 'Read Less'). It is a details/summary pair,
 * so it works without JavaScript; CSS shows the word for the state. `group` makes the panels of
 * a group exclusive (the details `name`).
 */
/** `nested`: inside a group, where no block wrapper carries the editor's attributes for it. */
export function ExpansionPanel({ blok, group, headingLevel = 2, nested = false }: { blok: ExpansionPanelBlok; group?: string; headingLevel?: 2 | 3; nested?: boolean }) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as "h2";
  const style = blok.background_color ? { backgroundColor: blok.background_color } : undefined;
  return (
    <section
      id={anchorId(blok.scroll_to_id)}
      {...editable(nested ? blok : null, cx("block expansion-panel", blok.image?.filename && "expansion-panel--image", blok.background_color && "block--background"))}
      style={style}
      aria-labelledby={blok.heading ? headingId : undefined}
    >
      <div className="expansion-panel__inner">
        {blok.image?.filename ? (
          <ResponsiveImage className="expansion-panel__image" asset={blok.image} width={800} height={450} sizes="(min-width: 768px) 40vw, 100vw" />
        ) : null}
        <div className="expansion-panel__text">
          {blok.heading ? (
            <Heading id={headingId} className="expansion-panel__heading">
              {blok.heading}
            </Heading>
          ) : null}
          <TextOrRichText value={blok.content} />
          {hasText(blok.expanded_content) ? (
            <details suppressHydrationWarning className="expansion-panel__more" name={group}>
              <summary className="expansion-panel__toggle">
                <span className="expansion-panel__when-closed">{READ_MORE}</span>
                <span className="expansion-panel__when-open">{READ_LESS}</span>
              </summary>
              <TextOrRichText value={blok.expanded_content} className="richtext expansion-panel__expanded" />
            </details>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ExpansionPanelBlock({ blok }: { blok: ExpansionPanelBlok }) {
  return (
    <div className="container">
      <ExpansionPanel blok={blok} />
    </div>
  );
}

export default ExpansionPanelBlock;
