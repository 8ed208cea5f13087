import { useId } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { VehiclePrice, useBuyer } from "~/features/vehicles/components/parts";
import { selectedTab, linesModels } from "~/features/vehicles/logic";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section } from "~/components/section-block";
import type { ModelCardBlok } from "./model-card-block.schema";

export const EXPLORE = "Explore";

/**
 * Model card (style a or b): a model line's (or one model's) image, name, tag text and price for
 * the visitor, linking to the model page.
 */
export function ModelCardBlock({ blok }: { blok: ModelCardBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const buyer = useBuyer();
  const headingId = useId();
  const models = linesModels(data?.lines ?? [], buyer);
  const model = selectedTab(models, blok.model);
  if (!model) return null;
  const line = data?.lines.find((l) => l.models.some((m) => m.uuid === model.uuid));
  const style = blok.style === "b" ? "b" : "a";
  const image = blok.image?.filename ? { filename: blok.image.filename, alt: blok.image.alt ?? "" } : (line?.image ?? model.image);
  const title = blok.title || line?.name || model.name;
  return (
    <Section blok={blok} className={cx("model-card-block", `model-card-block--${style}`)} labelledBy={headingId}>
      <article className="model-card-block__card" data-model={model.name}>
        <div className="model-card-block__media">
          {image ? <ResponsiveImage asset={image} width={style === "b" ? 640 : 1120} height={style === "b" ? 420 : 560} sizes={style === "b" ? "(min-width: 768px) 50vw, 100vw" : "100vw"} /> : null}
        </div>
        <div className="model-card-block__body">
          <h2 className="model-card-block__title" id={headingId}>
            {title}
          </h2>
          {blok.text ? <p className="model-card-block__text">{blok.text}</p> : null}
          <VehiclePrice model={model} prefix={blok.model ? undefined : (blok.price_prefix ?? "From")} />
          {line ? (
            <p className="model-card-block__actions">
              <a className="button button--sm button--primary" href={line.modelPagePath}>
                {blok.cta_label || EXPLORE}
                <span className="visually-hidden"> {title}</span>
              </a>
            </p>
          ) : null}
        </div>
      </article>
    </Section>
  );
}

export default ModelCardBlock;
