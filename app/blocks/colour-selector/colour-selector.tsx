import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { anchorId } from "~/components/section";
import { colourPriceText } from "~/features/pricing/format";
import { ColourSwatches, colourImage, useBuyer, useColourChoice } from "~/features/vehicles/components/parts";
import { COLOUR_SELECTOR_HEIGHT, selectedTab, linesModels } from "~/features/vehicles/logic";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import type { ColourSelectorBlok } from "./colour-selector.schema";

/**
 * Colour selector: the model in the chosen colour (stage 306 px high below md, 700 px from md),
 * swatches with a checkmark in a contrasting colour (bias 150), the colour's name and price
 * ('+ $690' or 'Included'). Swatches are links without JavaScript.
 */
export function ColourSelector({ blok }: { blok: ColourSelectorBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const buyer = useBuyer();
  const headingId = useId();
  const model = selectedTab(linesModels(data?.lines ?? [], buyer), blok.model);
  const anchor = anchorId(blok.scroll_to_id) ?? `colours-${blok._uid.slice(0, 8)}`;
  if (!model || model.colours.length === 0) return null;
  return <ColourSelectorView blok={{ ...blok, scroll_to_id: anchor }} model={model} anchor={anchor} headingId={headingId} />;
}

function ColourSelectorView({
  blok,
  model,
  anchor,
  headingId,
}: {
  blok: ColourSelectorBlok;
  model: NonNullable<ReturnType<typeof selectedTab>>;
  anchor: string;
  headingId: string;
}) {
  const { colour, choose, hrefFor } = useColourChoice(model, anchor);
  const image = colourImage(model, colour);
  return (
    <Section blok={blok} className="colour-selector" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div
        className="colour-selector__stage"
        style={{ ["--stage-mobile" as string]: `${COLOUR_SELECTOR_HEIGHT.mobile}px`, ["--stage-desktop" as string]: `${COLOUR_SELECTOR_HEIGHT.desktop}px` }}
      >
        {image ? <ResponsiveImage asset={image} width={1240} height={700} sizes="100vw" className="colour-selector__image" /> : null}
      </div>
      <div className="colour-selector__controls">
        <p className="colour-selector__name" aria-live="polite">
          <strong data-colour-name="">{colour?.name}</strong> <span className="colour-selector__price">{colour ? colourPriceText(colour.price) : ""}</span>
        </p>
        <ColourSwatches colours={model.colours} selected={colour} hrefFor={hrefFor} onSelect={choose} label={`${model.name} colours`} className="colour-selector__swatches" />
      </div>
    </Section>
  );
}

export default ColourSelector;
