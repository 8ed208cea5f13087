import { useId } from "react";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { AccordionBlok } from "./accordion.schema";
import { editable } from "~/components/editable";

export { FAQ_COLLAPSED, FAQ_EXPANDED } from "~/components/document-actions";

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
          <details suppressHydrationWarning
            key={item._uid}
            {...editable(item, "accordion__item")}
            open={item.open || undefined}
            // Opening and closing is counted document-wide (app/components/document-actions.tsx),
            // so the accordion needs no JavaScript of its own.
            data-faq-question={item.heading ?? ""}
            data-faq-open={item.open ? "" : undefined}
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
