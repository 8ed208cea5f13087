import { useId, type CSSProperties } from "react";
import { Card } from "~/components/card";
import { cx } from "~/components/section";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { CtaCardsBlok } from "./cta-cards.schema";

const SIZES: Record<number, string> = {
  2: "(min-width: 576px) 50vw, 100vw",
  3: "(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw",
  4: "(min-width: 992px) 25vw, (min-width: 576px) 50vw, 100vw",
};

/** A row of call-to-action cards. */
export function CtaCards({ blok }: { blok: CtaCardsBlok }) {
  const cards = useVisibleItems(blok.cards);
  const headingId = useId();
  const columns = blok.columns ?? 3;
  return (
    <Section blok={blok} className={cx("cta-cards", `cta-cards--cols-${columns}`)} labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="card-grid" style={{ "--columns": columns } as CSSProperties}>
        {cards.map((card) => (
          <Card key={card._uid} blok={card} sizes={SIZES[columns]} headingLevel={blok.heading ? 3 : 2} />
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default CtaCards;
