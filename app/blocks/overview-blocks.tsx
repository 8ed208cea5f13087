import { useId } from "react";
import { z } from "zod";
import { buttonSchema, ButtonGroup } from "~/components/button";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText, textOrRichSchema } from "~/components/text-or-rich";
import { assetSchema, blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const overviewBlockSchema = z
  .object({
    ...blokBase,
    component: z.literal("overview-block"),
    heading: z.string().optional(),
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    buttons: z.array(buttonSchema).optional(),
  })
  .loose();
export type OverviewBlockBlok = z.infer<typeof overviewBlockSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("overview-blocks"),
    ...sectionFields,
    items: z.array(overviewBlockSchema).optional(),
  })
  .loose();
export type OverviewBlocksBlok = z.infer<typeof schema>;

/** Overview rows: image and text side by side, alternating sides from md up. */
export function OverviewBlocks({ blok }: { blok: OverviewBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="overview-blocks" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="overview-blocks__items">
        {items.map((item) => (
          <article key={item._uid} className="overview-block">
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

export const overviewBlocks = defineBlock(schema, OverviewBlocks);
