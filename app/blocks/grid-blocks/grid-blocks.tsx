import { useId } from "react";
import { Card, type CardBlok } from "~/components/card";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { GridBlocksBlok } from "./grid-blocks.schema";

function sizesFor(card: CardBlok): string {
  const span = card.span ?? 1;
  return `(min-width: 992px) ${Math.round((100 * span) / 3)}vw, (min-width: 576px) ${span > 1 ? 100 : 50}vw, 100vw`;
}

/**
 * A three-column grid of cards, each spanning 1 to 3 columns. A card whose link is a video asset
 * opens the video in a modal.
 */
export function GridBlocks({ blok }: { blok: GridBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="grid-blocks" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="card-grid card-grid--spans">
        {items.map((card) => (
          <Card key={card._uid} blok={card} mediaWidth={(card.span ?? 1) * 400} mediaHeight={420} sizes={sizesFor(card)} headingLevel={blok.heading ? 3 : 2} />
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default GridBlocks;
