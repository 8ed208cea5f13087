import { useId } from "react";
import { z } from "zod";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { assetSchema, blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields } from "./shared";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-panel"),
    ...sectionFields,
    /** Optional image beside the text. */
    image: assetSchema.nullish(),
    /** Colour scheme: primary (brand teal, white text, default), accent or light. */
    theme: z.enum(["primary", "accent", "light", ""]).optional(),
  })
  .loose();
export type CtaPanelBlok = z.infer<typeof schema>;

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

export const ctaPanel = defineBlock(schema, CtaPanel);
