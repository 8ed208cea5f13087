import { useId } from "react";
import { track } from "~/components/analytics-push";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader, useVisibleItems } from "./shared";
import type { AccordionBlok } from "./accordion.schema";

export const FAQ_EXPANDED = "faq_clicks_expanded";
export const FAQ_COLLAPSED = "faq_clicks_collapsed";

/**
 * FAQ accordion: each question is a details/summary pair, so it opens without JavaScript and from
 * the keyboard. Opening and closing a question sends faq_clicks_expanded / faq_clicks_collapsed.
 */
export function Accordion({ blok }: { blok: AccordionBlok }) {
  const items = useVisibleItems(blok.items);
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <Section blok={blok} className="accordion" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="accordion__items">
        {items.map((item) => (
          <details
            key={item._uid}
            className="accordion__item"
            open={item.open || undefined}
            onToggle={(event) => {
              const open = (event.currentTarget as HTMLDetailsElement).open;
              // The initial `open` attribute also fires a toggle; only count visitors' clicks.
              if (open === Boolean(item.open) && !event.currentTarget.dataset.touched) return;
              event.currentTarget.dataset.touched = "true";
              track(open ? FAQ_EXPANDED : FAQ_COLLAPSED, { faq_question: item.heading ?? "" });
            }}
          >
            <summary className="accordion__question">{item.heading}</summary>
            <div className="accordion__answer">
              <TextOrRichText value={item.content} />
            </div>
          </details>
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default Accordion;
