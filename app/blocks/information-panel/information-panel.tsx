import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons } from "~/components/section-block";
import type { InformationPanelBlok } from "./information-panel.schema";

/** A panel of heading, rich text, buttons and small print beside an image (left or right). */
export function InformationPanel({ blok }: { blok: InformationPanelBlok }) {
  const headingId = useId();
  const hasImage = Boolean(blok.image?.filename);
  return (
    <Section
      blok={blok}
      className={cx("information-panel", hasImage && `information-panel--image-${blok.image_position || "right"}`)}
      labelledBy={blok.heading ? headingId : undefined}
    >
      <div className="information-panel__inner">
        <div className="information-panel__text">
          {blok.heading ? (
            <h2 className="block__heading" id={headingId}>
              {blok.heading}
            </h2>
          ) : null}
          <TextOrRichText value={blok.intro} className="richtext block__intro" />
          <TextOrRichText value={blok.content} />
          <SectionButtons blok={blok} />
          {blok.disclaimer ? <p className="information-panel__disclaimer">{blok.disclaimer}</p> : null}
        </div>
        {hasImage ? (
          <ResponsiveImage className="information-panel__image" asset={blok.image} width={800} height={600} sizes="(min-width: 768px) 50vw, 100vw" />
        ) : null}
      </div>
    </Section>
  );
}

export default InformationPanel;
