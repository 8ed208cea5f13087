import { useId, useState } from "react";
import { ButtonGroup } from "~/components/button";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { ExpandingGridBlok } from "./expanding-grid.schema";
import { editable } from "~/components/editable";

/**
 * A row of image panels; the active one widens and shows its text. A panel becomes active on
 * hover and through its heading button (click or keyboard). Without JavaScript every panel is
 * open in a plain grid.
 */
export function ExpandingGrid({ blok }: { blok: ExpandingGridBlok }) {
  const items = useVisibleItems(blok.items);
  const hydrated = useHydrated();
  const [active, setActive] = useState(0);
  const headingId = useId();
  const baseId = useId();
  return (
    <Section blok={blok} className={cx("expanding-grid", hydrated && "expanding-grid--ready")} labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="expanding-grid__items">
        {items.map((item, i) => {
          const open = !hydrated || i === active;
          const panelId = `${baseId}-${i}`;
          return (
            <article
              key={item._uid}
              {...editable(item, cx("expanding-grid__item", open && "expanding-grid__item--open"))}
              onMouseEnter={() => setActive(i)}
            >
              {item.image?.filename ? (
                <ResponsiveImage
                  className="expanding-grid__image"
                  asset={item.image}
                  width={800}
                  height={900}
                  sizes="(min-width: 768px) 50vw, 100vw"
                />
              ) : null}
              <div className="expanding-grid__body">
                <h3 className="expanding-grid__heading">
                  {hydrated ? (
                    <button type="button" className="expanding-grid__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setActive(i)}>
                      {item.heading}
                    </button>
                  ) : (
                    item.heading
                  )}
                </h3>
                {item.subHeading ? <p className="expanding-grid__subheading">{item.subHeading}</p> : null}
                <div id={panelId} className="expanding-grid__content" hidden={!open}>
                  <TextOrRichText value={item.content} />
                  <ButtonGroup buttons={item.buttons} />
                </div>
              </div>
            </article>
          );
        })}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default ExpandingGrid;
