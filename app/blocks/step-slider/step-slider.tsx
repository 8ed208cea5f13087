import { useId } from "react";
import { Carousel } from "~/components/carousel";
import { ResponsiveImage } from "~/components/image";
import { TextOrRichText } from "~/components/text-or-rich";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { StepSliderBlok } from "./step-slider.schema";
import { editable } from "~/components/editable";

/** Spec: step slider spacing 30 on small screens (below md), 50 otherwise. */
export const STEP_SLIDER_SPACING = { base: 30, md: 50 } as const;

/** Numbered steps in a slider (1.1 in view on phones, 2 from md, 3 from lg). */
export function StepSlider({ blok }: { blok: StepSliderBlok }) {
  const steps = useVisibleItems(blok.steps);
  const headingId = useId();
  if (steps.length === 0) return null;
  return (
    <Section blok={blok} className="step-slider" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel label={blok.heading || steps[0]?.heading || ""} perView={{ base: 1.1, md: 2, lg: 3 }} spacing={STEP_SLIDER_SPACING}>
        {steps.map((step, i) => (
          <article key={step._uid} {...editable(step, "step")}>
            {step.image?.filename ? (
              <ResponsiveImage className="step__image" asset={step.image} width={800} height={450} sizes="(min-width: 992px) 33vw, (min-width: 768px) 50vw, 90vw" />
            ) : null}
            <p className="step__number" aria-hidden="true">
              {i + 1}
            </p>
            {step.heading ? <h3 className="step__heading">{step.heading}</h3> : null}
            <TextOrRichText value={step.content} />
          </article>
        ))}
      </Carousel>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default StepSlider;
