import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { FeatureIconsBlok } from "./feature-icons.schema";
import { editable } from "~/components/editable";

/** A row of icons, each with a short heading and text (model highlights). */
export function FeatureIcons({ blok }: { blok: FeatureIconsBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="feature-icons" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="feature-icons__items">
        {items.map((item) => (
          <li key={item._uid} {...editable(item, "feature-icon")}>
            {item.icon?.filename ? <ResponsiveImage className="feature-icon__icon" asset={item.icon} width={60} height={60} alt="" /> : null}
            {item.heading ? <h3 className="feature-icon__heading">{item.heading}</h3> : null}
            <TextOrRichText value={item.content} className="richtext feature-icon__text" />
          </li>
        ))}
      </ul>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default FeatureIcons;
