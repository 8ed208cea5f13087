import { useId } from "react";
import { z } from "zod";
import { Card, cardSchema } from "~/components/card";
import { cx } from "~/components/section";
import { blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-flexible-panel"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Where the text sits next to the cards: left (default), right, or above them. */
    layout: z.enum(["text-left", "text-right", "text-top", ""]).optional(),
  })
  .loose();
export type CtaFlexiblePanelBlok = z.infer<typeof schema>;

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

export const ctaFlexiblePanel = defineBlock(schema, CtaFlexiblePanel);
