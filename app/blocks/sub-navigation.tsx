import { z } from "zod";
import { buttonSchema, ButtonGroup } from "~/components/button";
import { anchorId, scrollToIdField } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { resolveLink } from "~/content/links";
import { blokBase, linkSchema } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import { useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const subNavigationItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("sub-navigation-item"),
    label: z.string().optional(),
    link: z.union([linkSchema, z.string()]).optional(),
  })
  .loose();
export type SubNavigationItemBlok = z.infer<typeof subNavigationItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("sub-navigation"),
    /** The page's name at the start of the bar (e.g. the model); also the navigation's label. */
    heading: z.string().optional(),
    items: z.array(subNavigationItemSchema).optional(),
    buttons: z.array(buttonSchema).optional(),
    ...scrollToIdField,
  })
  .loose();
export type SubNavigationBlok = z.infer<typeof schema>;

/** A sticky in-page navigation bar: links to the page's sections ('#id') or other pages, plus buttons. */
export function SubNavigation({ blok }: { blok: SubNavigationBlok }) {
  const { country } = useSite();
  const items = useVisibleItems(blok.items)
    .map((item) => ({ item, link: resolveLink(item.link, country) }))
    .filter((x) => x.link && x.item.label);
  return (
    <nav id={anchorId(blok.scroll_to_id)} className="sub-navigation" aria-label={blok.heading || undefined}>
      <div className="container sub-navigation__inner">
        {blok.heading ? (
          <p className="sub-navigation__heading" aria-hidden="true">
            {blok.heading}
          </p>
        ) : null}
        <ul className="sub-navigation__items">
          {items.map(({ item, link }) => (
            <li key={item._uid}>
              {link ? (
                <ResolvedAnchor resolved={link} className="sub-navigation__link">
                  {item.label}
                </ResolvedAnchor>
              ) : null}
            </li>
          ))}
        </ul>
        <ButtonGroup buttons={blok.buttons} className="sub-navigation__buttons" />
      </div>
    </nav>
  );
}

export const subNavigation = defineBlock(schema, SubNavigation);
