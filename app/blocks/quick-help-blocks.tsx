import { useId } from "react";
import { z } from "zod";
import { ResponsiveImage } from "~/components/image";
import { ResolvedAnchor } from "~/components/smart-link";
import { TextOrRichText, textOrRichSchema } from "~/components/text-or-rich";
import { resolveLink } from "~/content/links";
import { assetSchema, blokBase, linkSchema } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

/** Spec: quick help items have locale, heading, image, link and content. */
export const quickHelpItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("quick-help-item"),
    heading: z.string().optional(),
    image: assetSchema.nullish(),
    link: z.union([linkSchema, z.string()]).optional(),
    content: textOrRichSchema.optional(),
  })
  .loose();
export type QuickHelpItemBlok = z.infer<typeof quickHelpItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("quick-help-blocks"),
    ...sectionFields,
    items: z.array(quickHelpItemSchema).optional(),
  })
  .loose();
export type QuickHelpBlocksBlok = z.infer<typeof schema>;

function QuickHelpItem({ item }: { item: QuickHelpItemBlok }) {
  const { country } = useSite();
  const link = resolveLink(item.link, country);
  return (
    <li className={link ? "quick-help-item quick-help-item--linked" : "quick-help-item"}>
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

export const quickHelpBlocks = defineBlock(schema, QuickHelpBlocks);
