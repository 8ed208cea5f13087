import { useId, type CSSProperties } from "react";
import { z } from "zod";
import { ResponsiveImage } from "~/components/image";
import { cx, numberField } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { TextOrRichText, textOrRichSchema } from "~/components/text-or-rich";
import { resolveLink } from "~/content/links";
import { assetSchema, blokBase, linkSchema } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const overviewGridItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("overview-grid-item"),
    heading: z.string().optional(),
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    link: z.union([linkSchema, z.string()]).optional(),
    /** Visible words of the link (default: the heading is the link). */
    link_label: z.string().optional(),
  })
  .loose();
export type OverviewGridItemBlok = z.infer<typeof overviewGridItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("overview-grid-blocks"),
    ...sectionFields,
    items: z.array(overviewGridItemSchema).optional(),
    /** Columns from lg up: 2 or 3 (default 3). */
    columns: numberField(2, 3),
  })
  .loose();
export type OverviewGridBlocksBlok = z.infer<typeof schema>;

function OverviewGridItem({ item }: { item: OverviewGridItemBlok }) {
  const { country } = useSite();
  const link = resolveLink(item.link, country);
  return (
    <article className={cx("overview-grid__item", link && !item.link_label && "overview-grid__item--linked")}>
      {item.image?.filename ? (
        <ResponsiveImage className="overview-grid__image" asset={item.image} width={800} height={450} sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw" />
      ) : null}
      {item.heading ? (
        <h3 className="overview-grid__heading">
          {link && !item.link_label ? (
            <ResolvedAnchor resolved={link} className="overview-grid__link">
              {item.heading}
            </ResolvedAnchor>
          ) : (
            item.heading
          )}
        </h3>
      ) : null}
      <TextOrRichText value={item.content} />
      {link && item.link_label ? (
        <ResolvedAnchor resolved={link} className="text-link">
          {item.link_label}
        </ResolvedAnchor>
      ) : null}
    </article>
  );
}

/** An overview grid: image, heading, text and link per item. */
export function OverviewGridBlocks({ blok }: { blok: OverviewGridBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  const columns = blok.columns ?? 3;
  return (
    <Section blok={blok} className="overview-grid" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="overview-grid__items" style={{ "--columns": columns } as CSSProperties}>
        {items.map((item) => (
          <OverviewGridItem key={item._uid} item={item} />
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export const overviewGridBlocks = defineBlock(schema, OverviewGridBlocks);
