import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import type { CtaPanelBlok } from "./cta-panel.schema";

/** A call-to-action strip: heading, text and buttons on a coloured panel, optionally with an image. */
export function CtaPanel({ blok }: { blok: CtaPanelBlok }) {
  const headingId = useId();
  const theme = blok.theme || "primary";
  return (
    <Section blok={blok} className={cx("cta-panel", `cta-panel--${theme}`)} labelledBy={blok.heading ? headingId : undefined}>
      <div className={cx("cta-panel__inner", blok.image?.filename && "cta-panel__inner--image")}>
        <div className="cta-panel__text">
          <SectionHeader blok={blok} id={headingId} />
          <SectionButtons blok={blok} />
        </div>
        {blok.image?.filename ? (
          <ResponsiveImage asset={blok.image} width={800} height={450} sizes="(min-width: 768px) 40vw, 100vw" className="cta-panel__image" />
        ) : null}
      </div>
    </Section>
  );
}

export default CtaPanel;
