import { useId } from "react";
import { Carousel, type Responsive } from "~/components/carousel";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { Section, SectionHeader, type SectionFields } from "~/components/section-block";
import { useBlockData } from "~/components/block-data";
import { FinancePanel } from "~/features/finance/components/finance-panel";
import type { CardQuote } from "~/features/finance/components/card-quote";
import { linesModels, vehiclePrice } from "../logic";
import type { VehicleBlockData } from "../types";
import type { VehicleModel } from "../types";
import { ColourSwatches, PriceDisclaimers, VehiclePrice, colourImage, useBuyer, useColourChoice } from "./parts";

/** Slides per view (spec §9): model range 1.66666, compact 2.66666 (from md; 1.66666 below, where 2.66666 cards would be too narrow to read). */
export const MODEL_RANGE_PER_VIEW = 1.66666;
export const MODEL_RANGE_COMPACT_PER_VIEW = 2.66666;
export const BUILD_YOUR_OWN = "Build Your Own";

export interface ModelRangeBlok extends SectionFields {
  _uid: string;
  show_finance_from_text?: boolean;
  show_price_disclaimer?: boolean;
  cta_label?: string;
}

export function cardAnchor(blokUid: string, model: VehicleModel): string {
  return `range-${blokUid.slice(0, 8)}-${model.slug}`;
}

function ModelRangeCard({
  blok,
  model,
  quote,
  compact,
  headingLevel,
}: {
  blok: ModelRangeBlok;
  model: VehicleModel;
  quote: CardQuote | undefined;
  compact: boolean;
  headingLevel: 2 | 3;
}) {
  const anchor = cardAnchor(blok._uid, model);
  const { colour, choose, hrefFor } = useColourChoice(model, anchor);
  const buyer = useBuyer();
  const price = vehiclePrice(model, buyer, colour);
  const img = colourImage(model, colour);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={cx("model-card", compact && "model-card--compact")} id={anchor} data-model={model.name}>
      <div className="model-card__media">
        {img ? (
          <ResponsiveImage asset={img} width={compact ? 420 : 720} height={compact ? 260 : 420} sizes={compact ? "(min-width: 768px) 36vw, 85vw" : "(min-width: 768px) 58vw, 85vw"} />
        ) : null}
      </div>
      <div className="model-card__body">
        <Heading className="model-card__name">{model.name}</Heading>
        {model.variantName ? <p className="model-card__variant">{model.variantName}</p> : null}
        <VehiclePrice model={model} colour={colour} />
        {colour ? <p className="model-card__colour">{colour.name}</p> : null}
        <ColourSwatches colours={model.colours} selected={colour} hrefFor={hrefFor} onSelect={choose} label={`${model.name} colours`} />
        {quote !== undefined ? <FinancePanel quote={quote} price={price.amount} vehicle={model.quoteVehicle} /> : null}
        {blok.show_price_disclaimer !== false ? <PriceDisclaimers disclaimers={model.priceDisclaimers} /> : null}
        <p className="model-card__actions">
          <a className="button button--sm button--primary" href={model.configPath}>
            {blok.cta_label || BUILD_YOUR_OWN}
            <span className="visually-hidden"> {model.name}</span>
          </a>
        </p>
      </div>
    </article>
  );
}

/**
 * The model range carousel (model-range, model-range-compact): one card per model of the block's
 * line(s), by ascending driveaway price for the visitor; colour swatches change the shown price
 * and image; optional finance panels. Server-rendered as a scrollable list (no JavaScript needed).
 */
export function ModelRangeView({ blok, compact, className }: { blok: ModelRangeBlok; compact: boolean; className: string }) {
  const data = useBlockData<VehicleBlockData>(blok._uid);
  const buyer = useBuyer();
  const headingId = useId();
  const models = data ? linesModels(data.lines, buyer) : [];
  if (models.length === 0) return null;
  const pv = compact ? MODEL_RANGE_COMPACT_PER_VIEW : MODEL_RANGE_PER_VIEW;
  const perView: number | Responsive<number> = compact ? { base: MODEL_RANGE_PER_VIEW, md: pv } : pv;
  return (
    <Section blok={blok} className={className} labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel label={blok.heading || data?.lines[0]?.name || ""} perView={perView} spacing={{ base: 16, md: 24 }}>
        {models.map((model) => (
          <ModelRangeCard
            key={model.uuid}
            blok={blok}
            model={model}
            quote={data?.finance ? data.finance[model.uuid] : undefined}
            compact={compact}
            headingLevel={blok.heading ? 3 : 2}
          />
        ))}
      </Carousel>
    </Section>
  );
}
