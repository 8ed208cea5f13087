import { useId } from "react";
import { z } from "zod";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { assetSchema, blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const statsItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("stats-item"),
    /** The figure, as the editor writes it ("7", "2,500"). */
    value: z.string().optional(),
    /** Unit after the figure ("years", "kg", "L/100km"). */
    unit: z.string().optional(),
    label: z.string().optional(),
    icon: assetSchema.nullish(),
  })
  .loose();
export type StatsItemBlok = z.infer<typeof statsItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("stats-banner"),
    ...sectionFields,
    items: z.array(statsItemSchema).optional(),
    /** Small print under the figures. */
    disclaimer: z.string().optional(),
    theme: z.enum(["dark", "light", ""]).optional(),
  })
  .loose();
export type StatsBannerBlok = z.infer<typeof schema>;

/** Spec: 4 items per row when there are exactly 4, otherwise 6. */
export function statsPerRow(count: number): 4 | 6 {
  return count === 4 ? 4 : 6;
}

/** Key figures in a row; each item shows only in its locale's country. */
export function StatsBanner({ blok }: { blok: StatsBannerBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  if (items.length === 0) return null;
  const perRow = statsPerRow(items.length);
  return (
    <Section blok={blok} className={cx("stats-banner", `stats-banner--${blok.theme || "dark"}`)} labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <dl className={cx("stats-banner__items", `stats-banner__items--${perRow}`)} data-per-row={perRow}>
        {items.map((item) => (
          <div key={item._uid} className="stats-item">
            {item.icon?.filename ? <ResponsiveImage asset={item.icon} width={48} height={48} alt="" className="stats-item__icon" /> : null}
            <dt className="stats-item__label">{item.label}</dt>
            <dd className="stats-item__value">
              {item.value}
              {item.unit ? <span className="stats-item__unit"> {item.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {blok.disclaimer ? <p className="stats-banner__disclaimer">{blok.disclaimer}</p> : null}
      <SectionButtons blok={blok} />
    </Section>
  );
}

export const statsBanner = defineBlock(schema, StatsBanner);
