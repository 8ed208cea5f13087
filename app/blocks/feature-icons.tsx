import { useId } from "react";
import { z } from "zod";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText, textOrRichSchema } from "~/components/text-or-rich";
import { assetSchema, blokBase } from "~/content/schema";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const featureIconSchema = z
  .object({
    ...blokBase,
    component: z.literal("feature-icon"),
    icon: assetSchema.nullish(),
    heading: z.string().optional(),
    content: textOrRichSchema.optional(),
  })
  .loose();
export type FeatureIconBlok = z.infer<typeof featureIconSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("feature-icons"),
    ...sectionFields,
    items: z.array(featureIconSchema).optional(),
  })
  .loose();
export type FeatureIconsBlok = z.infer<typeof schema>;

/** A row of icons, each with a short heading and text (model highlights). */
export function FeatureIcons({ blok }: { blok: FeatureIconsBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  return (
    <Section blok={blok} className="feature-icons" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="feature-icons__items">
        {items.map((item) => (
          <li key={item._uid} className="feature-icon">
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

export const featureIcons = defineBlock(schema, FeatureIcons);
