import { useId } from "react";
import { Card } from "~/components/card";
import { cx } from "~/components/section";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { CtaFlexiblePanelBlok } from "./cta-flexible-panel.schema";

/**
 * A panel of heading, intro and buttons beside (or above) one or more cards; the cards share a
 * three-column grid by their span.
 */
export function CtaFlexiblePanel({ blok }: { blok: CtaFlexiblePanelBlok }) {
  const cards = useVisibleItems(blok.cards);
  const headingId = useId();
  const layout = blok.layout || "text-left";
  return (
    <Section blok={blok} className={cx("cta-flexible-panel", `cta-flexible-panel--${layout}`)} labelledBy={blok.heading ? headingId : undefined}>
      <div className="cta-flexible-panel__inner">
        <div className="cta-flexible-panel__text">
          <SectionHeader blok={blok} id={headingId} />
          <SectionButtons blok={blok} />
        </div>
        <div className="card-grid card-grid--spans cta-flexible-panel__cards">
          {cards.map((card) => (
            <Card key={card._uid} blok={card} sizes="(min-width: 992px) 40vw, 100vw" headingLevel={blok.heading ? 3 : 2} />
          ))}
        </div>
      </div>
    </Section>
  );
}

export default CtaFlexiblePanel;
