import { useId } from "react";
import { ButtonGroup } from "~/components/button";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { FeatureBlockItemBlok, FeatureBlocksBlok, FeatureBlockVariant } from "./feature-blocks.schema";
import { editable } from "~/components/editable";

/**
 * Items shown (spec): 3, or 4 for the grid variants and for horizontal on mobile. The horizontal
 * variant renders 4 and CSS hides the fourth from md up.
 */
export function featureItemsShown(variant: FeatureBlockVariant): number {
  return variant === "vertical" ? 3 : 4;
}

function FeatureItem({ item, variant }: { item: FeatureBlockItemBlok; variant: FeatureBlockVariant }) {
  const horizontal = variant === "horizontal";
  return (
    <article {...editable(item, "feature-item")}>
      {item.image?.filename ? (
        <ResponsiveImage
          className="feature-item__image"
          asset={item.image}
          width={horizontal ? 600 : 800}
          height={horizontal ? 400 : 450}
          sizes={horizontal ? "(min-width: 768px) 40vw, 100vw" : "(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw"}
        />
      ) : null}
      <div className="feature-item__body">
        {item.heading ? <h3 className="feature-item__heading">{item.heading}</h3> : null}
        <TextOrRichText value={item.content} />
        <ButtonGroup buttons={item.buttons} />
      </div>
    </article>
  );
}

/** Feature blocks in four layouts: vertical cards, horizontal rows, or a grid above or below a large image. */
export function FeatureBlocks({ blok }: { blok: FeatureBlocksBlok }) {
  const variant: FeatureBlockVariant = blok.variant ?? "vertical";
  const items = useVisibleItems(blok.items).slice(0, featureItemsShown(variant));
  const headingId = useId();
  const grid = variant === "grid-above" || variant === "grid-below";
  const image =
    grid && blok.image?.filename ? (
      <ResponsiveImage className="feature-blocks__image" asset={blok.image} width={1600} height={700} sizes="(min-width: 1200px) 1200px, 100vw" />
    ) : null;
  const list = (
    <div className={cx("feature-blocks__items", `feature-blocks__items--${variant}`)}>
      {items.map((item) => (
        <FeatureItem key={item._uid} item={item} variant={variant} />
      ))}
    </div>
  );
  return (
    <Section blok={blok} className={cx("feature-blocks", `feature-blocks--${variant}`)} labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      {variant === "grid-below" ? image : null}
      {list}
      {variant === "grid-above" ? image : null}
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default FeatureBlocks;
