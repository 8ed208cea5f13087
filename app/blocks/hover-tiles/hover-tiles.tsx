import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { TextOrRichText } from "~/components/text-or-rich";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { HoverTileBlok, HoverTilesBlok } from "./hover-tiles.schema";
import { editable } from "~/components/editable";

function HoverTile({ tile }: { tile: HoverTileBlok }) {
  const { country } = useSite();
  const link = resolveLink(tile.link, country);
  return (
    <li {...editable(tile, cx("hover-tile", link ? "hover-tile--linked" : "hover-tile--static"))}>
      {tile.image?.filename ? (
        <ResponsiveImage className="hover-tile__image" asset={tile.image} width={562} height={592} sizes="(min-width: 992px) 25vw, (min-width: 576px) 50vw, 100vw" />
      ) : null}
      <div className="hover-tile__overlay">
        {tile.heading ? (
          <h3 className="hover-tile__heading">
            {link ? (
              <ResolvedAnchor resolved={link} className="hover-tile__link">
                {tile.heading}
              </ResolvedAnchor>
            ) : (
              tile.heading
            )}
          </h3>
        ) : null}
        <TextOrRichText value={tile.content} className="richtext hover-tile__content" />
      </div>
    </li>
  );
}

/**
 * Image tiles whose text slides up on hover or keyboard focus (always shown on touch screens and
 * on tiles without a link). A tile may link to a section of the page ('#{id}').
 */
export function HoverTiles({ blok }: { blok: HoverTilesBlok }) {
  const tiles = useVisibleItems(blok.tiles);
  const headingId = useId();
  return (
    <Section blok={blok} className="hover-tiles" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="hover-tiles__items">
        {tiles.map((tile) => (
          <HoverTile key={tile._uid} tile={tile} />
        ))}
      </ul>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default HoverTiles;
