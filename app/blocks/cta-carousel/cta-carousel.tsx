import { useId } from "react";
import { Card } from "~/components/card";
import { Carousel } from "~/components/carousel";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { CtaCarouselBlok } from "./cta-carousel.schema";

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

export default CtaCarousel;
