import { useId, type CSSProperties } from "react";
import { z } from "zod";
import { Card, cardSchema } from "~/components/card";
import { cx, numberField } from "~/components/section";
import { blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-cards"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Cards per row from lg up: 2 to 4 (default 3). */
    columns: numberField(2, 4),
  })
  .loose();
export type CtaCardsBlok = z.infer<typeof schema>;

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

export const ctaCards = defineBlock(schema, CtaCards);
