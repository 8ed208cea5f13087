import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { StatsBannerBlok } from "./stats-banner.schema";
import { editable } from "~/components/editable";

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
          <div key={item._uid} {...editable(item, "stats-item")}>
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

export default StatsBanner;
