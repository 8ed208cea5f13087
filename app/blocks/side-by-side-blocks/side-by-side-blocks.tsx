import { useId } from "react";
import { ButtonGroup } from "~/components/button";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { SideBySideBlocksBlok } from "./side-by-side-blocks.schema";
import { editable } from "~/components/editable";

/** Two (or more) equal columns side by side from md up, each with image, heading, text and buttons. */
export function SideBySideBlocks({ blok }: { blok: SideBySideBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="side-by-side" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="side-by-side__items">
        {items.map((item) => (
          <article key={item._uid} {...editable(item, "side-by-side__item")}>
            {item.image?.filename ? (
              <ResponsiveImage className="side-by-side__image" asset={item.image} width={800} height={450} sizes="(min-width: 768px) 50vw, 100vw" />
            ) : null}
            {item.heading ? <h3 className="side-by-side__heading">{item.heading}</h3> : null}
            <TextOrRichText value={item.content} />
            <ButtonGroup buttons={item.buttons} />
          </article>
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default SideBySideBlocks;
