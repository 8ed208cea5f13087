import { useId } from "react";
import { ButtonGroup } from "~/components/button";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { OverviewBlocksBlok } from "./overview-blocks.schema";
import { editable } from "~/components/editable";

/** Overview rows: image and text side by side, alternating sides from md up. */
export function OverviewBlocks({ blok }: { blok: OverviewBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="overview-blocks" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="overview-blocks__items">
        {items.map((item) => (
          <article key={item._uid} {...editable(item, "overview-block")}>
            {item.image?.filename ? (
              <ResponsiveImage className="overview-block__image" asset={item.image} width={800} height={533} sizes="(min-width: 768px) 50vw, 100vw" />
            ) : null}
            <div className="overview-block__text">
              {item.heading ? <h3 className="overview-block__heading">{item.heading}</h3> : null}
              <TextOrRichText value={item.content} />
              <ButtonGroup buttons={item.buttons} />
            </div>
          </article>
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default OverviewBlocks;
