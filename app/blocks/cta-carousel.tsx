import { useId } from "react";
import { z } from "zod";
import { Card, cardSchema } from "~/components/card";
import { Carousel } from "~/components/carousel";
import { numberField } from "~/components/section";
import { blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-carousel"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Cards in view from lg up: 1 to 4 (default 3); fewer on smaller screens. */
    slides_per_view: numberField(1, 4),
  })
  .loose();
export type CtaCarouselBlok = z.infer<typeof schema>;

/** Call-to-action cards in a carousel; a card's showBelowSlider puts its text under the media. */
export function CtaCarousel({ blok }: { blok: CtaCarouselBlok }) {
  const cards = useVisibleItems(blok.cards);
  const headingId = useId();
  const perView = blok.slides_per_view ?? 3;
  if (cards.length === 0) return null;
  return (
    <Section blok={blok} className="cta-carousel" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel
        label={blok.heading || cards[0]?.heading || ""}
        perView={{ base: Math.min(1.15, perView), sm: Math.min(1.5, perView), md: Math.min(2.2, perView), lg: perView }}
        spacing={{ base: 16, md: 24 }}
      >
        {cards.map((card) => (
          <Card key={card._uid} blok={card} inSlider sizes={`(min-width: 992px) ${Math.round(100 / perView)}vw, 85vw`} headingLevel={blok.heading ? 3 : 2} />
        ))}
      </Carousel>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export const ctaCarousel = defineBlock(schema, CtaCarousel);
