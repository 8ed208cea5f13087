import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { anchorId } from "~/components/section";
import { countryPath } from "~/content/links";
import { offerText } from "~/features/pricing/driveaway";
import { cleanCarText } from "~/features/pricing/format";
import { useSite } from "~/features/site-state/site-context";
import { ColourSwatches, ModelFeatures, PriceDisclaimers, VehiclePrice, colourImage, useBuyer, useColourChoice } from "~/features/vehicles/components/parts";
import { selectedTab, linesModels } from "~/features/vehicles/logic";
import type { VehicleModel } from "~/features/vehicles/types";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section } from "~/components/section-block";
import type { CarDetailPageBlok } from "./car-detail-page.schema";

export const CAR_DETAIL_TEXTS = {
  build: "Build Your Own",
  testDrive: "Book a Test Drive",
  cleanCar: "Clean car programme:",
} as const;

/**
 * Car detail: one model with its colours (swatches change the image and price), price for the
 * visitor, offer text (AU by buyer type, NZ offer_text), description, features (6 shown, 5 on
 * mobile, the rest under 'More features'), NZ clean car programme and disclaimers.
 */
export function CarDetailPage({ blok }: { blok: CarDetailPageBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const buyer = useBuyer();
  const model = selectedTab(linesModels(data?.lines ?? [], buyer), blok.model);
  if (!model) return null;
  const anchor = anchorId(blok.scroll_to_id) ?? `detail-${blok._uid.slice(0, 8)}`;
  const line = data?.lines.find((l) => l.models.some((m) => m.uuid === model.uuid));
  return <CarDetailView blok={{ ...blok, scroll_to_id: anchor }} model={model} anchor={anchor} lineSlug={line?.slug ?? ""} />;
}

function CarDetailView({ blok, model, anchor, lineSlug }: { blok: CarDetailPageBlok; model: VehicleModel; anchor: string; lineSlug: string }) {
  const { country } = useSite();
  const buyer = useBuyer();
  const headingId = useId();
  const { colour, choose, hrefFor } = useColourChoice(model, anchor);
  const image = colourImage(model, colour);
  const offer = offerText(model.pricing, buyer);
  const testDrive = `${countryPath(country, "test-drive")}?${new URLSearchParams({ model: lineSlug }).toString()}`;
  return (
    <Section blok={blok} className="car-detail" labelledBy={headingId}>
      <div className="car-detail__layout" data-model={model.name}>
        <div className="car-detail__media">
          {image ? <ResponsiveImage asset={image} width={840} height={520} sizes="(min-width: 992px) 55vw, 100vw" /> : null}
          <ColourSwatches colours={model.colours} selected={colour} hrefFor={hrefFor} onSelect={choose} label={`${model.name} colours`} />
          {colour ? <p className="car-detail__colour">{colour.name}</p> : null}
        </div>
        <div className="car-detail__body">
          <h2 className="car-detail__name" id={headingId}>
            {blok.heading || model.name}
          </h2>
          {model.variantName ? <p className="car-detail__variant">{model.variantName}</p> : null}
          <VehiclePrice model={model} colour={colour} />
          {offer ? <p className="car-detail__offer">{offer}</p> : null}
          {model.description ? <p className="car-detail__description">{model.description}</p> : null}
          {country === "nz" ? (
            <p className="car-detail__clean-car">
              {CAR_DETAIL_TEXTS.cleanCar} {cleanCarText(model.cleanCarProgramme)}
            </p>
          ) : null}
          <ModelFeatures features={model.featureList} heading={blok.features_heading ? <h3 className="model-features__heading">{blok.features_heading}</h3> : undefined} />
          {model.features.length > 0 ? (
            <ul className="car-detail__icons">
              {model.features.map((f) => (
                <li key={f.name}>
                  {f.icon ? <img src={f.icon.filename} alt="" width={32} height={32} loading="lazy" /> : null}
                  <span>{f.name}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="car-detail__actions">
            <a className="button button--sm button--primary" href={model.configPath}>
              {CAR_DETAIL_TEXTS.build}
            </a>
            <a className="button button--sm button--outline" href={testDrive}>
              {CAR_DETAIL_TEXTS.testDrive}
            </a>
          </p>
          <PriceDisclaimers disclaimers={model.priceDisclaimers} />
          {model.disclaimer ? <p className="car-detail__disclaimer">{model.disclaimer}</p> : null}
        </div>
      </div>
    </Section>
  );
}

export default CarDetailPage;
