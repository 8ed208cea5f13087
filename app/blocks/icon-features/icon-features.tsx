import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { IconFeaturesBlok } from "./icon-features.schema";
import { editable } from "~/components/editable";

/** A large image beside a list of features, each with an icon, heading and text. */
export function IconFeatures({ blok }: { blok: IconFeaturesBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  const hasImage = Boolean(blok.image?.filename);
  return (
    <Section
      blok={blok}
      className={cx("icon-features", hasImage && `icon-features--image-${blok.image_position || "left"}`)}
      labelledBy={blok.heading ? headingId : undefined}
    >
      <SectionHeader blok={blok} id={headingId} />
      <div className="icon-features__inner">
        {hasImage ? (
          <ResponsiveImage className="icon-features__image" asset={blok.image} width={800} height={600} sizes="(min-width: 768px) 50vw, 100vw" />
        ) : null}
        <ul className="icon-features__items">
          {items.map((item) => (
            <li key={item._uid} {...editable(item, "icon-feature")}>
              {item.icon?.filename ? <ResponsiveImage className="icon-feature__icon" asset={item.icon} width={48} height={48} alt="" /> : null}
              <div>
                {item.heading ? <h3 className="icon-feature__heading">{item.heading}</h3> : null}
                <TextOrRichText value={item.content} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default IconFeatures;
