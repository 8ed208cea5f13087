import { ButtonGroup } from "~/components/button";
import { anchorId } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { useVisibleItems } from "~/components/block-hooks";
import type { SubNavigationBlok } from "./sub-navigation.schema";
import { editable } from "~/components/editable";

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
            <li key={item._uid} {...editable(item)}>
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

export default SubNavigation;
