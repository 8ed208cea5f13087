import { useId, type CSSProperties } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { TextOrRichText } from "~/components/text-or-rich";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { OverviewGridBlocksBlok, OverviewGridItemBlok } from "./overview-grid-blocks.schema";
import { editable } from "~/components/editable";

function OverviewGridItem({ item }: { item: OverviewGridItemBlok }) {
  const { country } = useSite();
  const link = resolveLink(item.link, country);
  return (
    <article {...editable(item, cx("overview-grid__item", link && !item.link_label && "overview-grid__item--linked"))}>
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

export default OverviewGridBlocks;
