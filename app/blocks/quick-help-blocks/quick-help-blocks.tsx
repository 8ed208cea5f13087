import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { ResolvedAnchor } from "~/components/smart-link";
import { TextOrRichText } from "~/components/text-or-rich";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { QuickHelpBlocksBlok, QuickHelpItemBlok } from "./quick-help-blocks.schema";
import { editable } from "~/components/editable";

function QuickHelpItem({ item }: { item: QuickHelpItemBlok }) {
  const { country } = useSite();
  const link = resolveLink(item.link, country);
  return (
    <li {...editable(item, link ? "quick-help-item quick-help-item--linked" : "quick-help-item")}>
      {item.image?.filename ? <ResponsiveImage className="quick-help-item__image" asset={item.image} width={60} height={60} alt="" /> : null}
      {item.heading ? (
        <h3 className="quick-help-item__heading">
          {link ? (
            <ResolvedAnchor resolved={link} className="quick-help-item__link">
              {item.heading}
            </ResolvedAnchor>
          ) : (
            item.heading
          )}
        </h3>
      ) : null}
      <TextOrRichText value={item.content} className="richtext quick-help-item__content" />
    </li>
  );
}

/** Quick help: linked items with icon, heading and text; each shows only in its locale's country. */
export function QuickHelpBlocks({ blok }: { blok: QuickHelpBlocksBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <Section blok={blok} className="quick-help" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="quick-help__items">
        {items.map((item) => (
          <QuickHelpItem key={item._uid} item={item} />
        ))}
      </ul>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default QuickHelpBlocks;
