import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/image";
import { InPlaceLink } from "~/islands/in-place-location";
import { cleanCarText, colourPriceText, optionPriceText, variantPriceText } from "~/features/pricing/format";
import type { BuyerContext } from "~/features/pricing/types";
import type { BuildChange, ResolvedBuild } from "../build";
import { modelPrice } from "../summary";
import { OPTION_KINDS, type Catalogue, type OptionKind } from "../types";

/** Specs step headings, letter for letter (spec section 2). */
export const STEP_HEADINGS: Readonly<Record<OptionKind | "model" | "colour", string>> = {
  model: "Choose your variant",
  engine: "Choose your engine type",
  motor: "Choose your motor",
  transmission: "Choose your transmission",
  drivetrain: "Choose your drivetrain",
  battery: "Choose your battery",
  wheels: "Choose your wheels",
  colour: "Choose your colour",
};
export const CLEAN_CAR_LABEL = "Clean car programme:";

export interface ChoiceLinkProps {
  href: (change: BuildChange) => string;
  onChoose: (change: BuildChange, label: string) => void;
  /** Without JavaScript a choice reloads the page: its link returns to the choice's list (a fragment). */
  hydrated: boolean;
}

/** A link back to the same page: with the fragment of where the visitor was when it reloads the page (no JavaScript). */
export function returnHref(href: string, anchor: string, hydrated: boolean): string {
  return hydrated ? href : `${href}#${anchor}`;
}

/** A choice: a link to the build with it, marked when selected. */
export function Choice({
  change,
  selected,
  label,
  className,
  children,
  links,
  anchor,
}: {
  change: BuildChange;
  selected: boolean;
  label: string;
  /** The id of the choice's list heading. */
  anchor: string;
  className?: string;
  children: ReactNode;
  links: ChoiceLinkProps;
}) {
  return (
    <li className="config-choice__item">
      <InPlaceLink
        to={returnHref(links.href(change), anchor, links.hydrated)}
        rel="nofollow"
        className={["config-choice", selected ? "config-choice--selected" : "", className ?? ""].filter(Boolean).join(" ")}
        aria-current={selected ? "true" : undefined}
        data-choice={label}
        onClick={() => links.onChoose(change, label)}
      >
        {children}
        {selected ? <span className="visually-hidden"> (selected)</span> : null}
      </InPlaceLink>
    </li>
  );
}

export function SpecsStep({
  catalogue,
  build,
  buyer,
  links,
}: {
  catalogue: Catalogue;
  build: ResolvedBuild;
  buyer: BuyerContext;
  links: ChoiceLinkProps;
}) {
  const country = catalogue.country;
  return (
    <div className="config-specs">
      <section className="config-section" aria-labelledby="step-model">
        <h3 id="step-model" className="config-section__heading">
          {STEP_HEADINGS.model}
        </h3>
        <ul className="config-choice__list">
          {catalogue.models.map((model) => (
            <Choice
              key={model.uuid}
              change={{ type: "model", id: model.slug }}
              selected={build.model?.uuid === model.uuid}
              label={model.shortName}
              links={links}
              anchor="step-model"
            >
              <span className="config-choice__name">{model.shortName}</span>
              {model.variantName ? <span className="config-choice__info">{model.variantName}</span> : null}
              <span className="config-choice__price">{variantPriceText(modelPrice(model, buyer).amount, country)}</span>
            </Choice>
          ))}
        </ul>
      </section>
      {OPTION_KINDS.map((kind) => {
        const list = build.lists[kind];
        if (list.length === 0) return null;
        return (
          <section key={kind} className="config-section" aria-labelledby={`step-${kind}`}>
            <h3 id={`step-${kind}`} className="config-section__heading">
              {STEP_HEADINGS[kind]}
            </h3>
            <ul className="config-choice__list">
              {list.map((option) => (
                <Choice
                  key={option.id}
                  change={{ type: "option", kind, id: option.id }}
                  selected={build.options[kind]?.id === option.id}
                  label={option.name}
                  links={links}
                  anchor={`step-${kind}`}
                  className={option.componentType === "Wheels" && option.image ? "config-choice--image" : undefined}
                >
                  {option.componentType === "Wheels" && option.image ? (
                    <ResponsiveImage className="config-choice__image" asset={option.image} alt={option.image.alt} width={160} height={120} sizes="160px" />
                  ) : null}
                  <span className="config-choice__name">{option.name}</span>
                  {option.info ? <span className="config-choice__info">{option.info}</span> : null}
                  <span className="config-choice__price">
                    {option.includedInDriveawayPrice ? "Included" : optionPriceText(option.price, country)}
                  </span>
                  {country === "nz" && (kind === "engine" || option.cleanCarProgramme) ? (
                    <span className="config-choice__clean-car">
                      {CLEAN_CAR_LABEL} {cleanCarText(option.cleanCarProgramme)}
                    </span>
                  ) : null}
                </Choice>
              ))}
            </ul>
          </section>
        );
      })}
      {build.colours.length > 0 ? (
        <section className="config-section" aria-labelledby="step-colour">
          <h3 id="step-colour" className="config-section__heading">
            {STEP_HEADINGS.colour}
          </h3>
          <ul className="config-choice__list config-choice__list--colours">
            {build.colours.map((colour) => (
              <Choice
                key={colour.uuid}
                change={{ type: "colour", id: colour.id }}
                selected={build.colour?.uuid === colour.uuid}
                label={colour.name}
                links={links}
                anchor="step-colour"
                className="config-choice--colour"
              >
                <span className="config-choice__swatch" style={{ background: colour.hex || "transparent" }} aria-hidden="true" />
                <span className="config-choice__name">{colour.name}</span>
                <span className="config-choice__price">{colourPriceText(colour.price)}</span>
              </Choice>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
