import { usePageLocation } from "~/islands/page-location";
import { useState, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "~/islands/use-hydrated";
import { PriceLocationLink } from "~/features/pricing/components/price-location-link";
import type { BuyerContext } from "~/features/pricing/types";
import { useSite, useSiteState } from "~/features/site-state/site-context";
import { checkmarkColour, MORE_FEATURES, vehiclePrice, type PricedVehicle } from "../logic";
import type { ImageRef, PriceDisclaimerText, VehicleColour, VehicleModel } from "../types";

/** The visitor's buyer context from the store (cookie on the server, the live choice in the browser). */
export function useBuyer(): BuyerContext {
  const { country } = useSite();
  const { auState, isABN } = useSiteState();
  return { country, auState, isABN };
}

/** Query parameter holding a card's colour without JavaScript: `{model uuid}:{colour uuid}`. */
export const COLOUR_PARAM = "colour";

/**
 * A model's chosen colour: from the URL (`?colour=model:colour`, the no-JavaScript swatch links),
 * else the first; with JavaScript the swatches set it in place. Returns the colour, the setter and
 * the href of a swatch.
 */
export function useColourChoice(model: VehicleModel, anchor: string) {
  const location = usePageLocation();
  const params = new URLSearchParams(location.search);
  const fromUrl = (params.get(COLOUR_PARAM) ?? "").split(":");
  const initial = (fromUrl[0] === model.uuid && model.colours.find((c) => c.uuid === fromUrl[1])) || model.colours[0] || null;
  const [chosen, setChosen] = useState<string | null>(null);
  const colour = (chosen && model.colours.find((c) => c.uuid === chosen)) || initial;
  const hrefFor = (c: VehicleColour) => {
    const next = new URLSearchParams(location.search);
    next.set(COLOUR_PARAM, `${model.uuid}:${c.uuid}`);
    return `${location.pathname}?${next.toString()}#${anchor}`;
  };
  return { colour, choose: (c: VehicleColour) => setChosen(c.uuid), hrefFor };
}

/** The image to show for a model in a colour (the colour's first image, else the model's). */
export function colourImage(model: VehicleModel, colour: VehicleColour | null): ImageRef | null {
  return colour?.images[0] ?? model.image;
}

/**
 * Colour swatches: links that work without JavaScript (the page reloads with the colour), buttons
 * in effect with it (no navigation). The chosen one carries aria-current and a checkmark whose
 * colour contrasts with the swatch (bias 150).
 */
export function ColourSwatches({
  colours,
  selected,
  hrefFor,
  onSelect,
  label,
  className,
}: {
  colours: readonly VehicleColour[];
  selected: VehicleColour | null;
  hrefFor: (colour: VehicleColour) => string;
  onSelect: (colour: VehicleColour) => void;
  label: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  if (colours.length === 0) return null;
  return (
    <ul className={["colour-swatches", className ?? ""].filter(Boolean).join(" ")} aria-label={label}>
      {colours.map((colour) => {
        const isSelected = colour.uuid === selected?.uuid;
        const onClick = (event: MouseEvent) => {
          if (!hydrated) return;
          event.preventDefault();
          onSelect(colour);
        };
        return (
          <li key={colour.uuid}>
            <a
              href={hrefFor(colour)}
              className={["colour-swatch", isSelected ? "colour-swatch--selected" : ""].filter(Boolean).join(" ")}
              aria-current={isSelected ? "true" : undefined}
              style={{ backgroundColor: colour.hex || undefined, color: checkmarkColour(colour.hex) }}
              onClick={onClick}
              title={colour.name}
              data-colour={colour.name}
            >
              <span className="visually-hidden">{colour.name}</span>
              {isSelected ? (
                <span className="colour-swatch__check" aria-hidden="true">
                  ✓
                </span>
              ) : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The price line of a model: amount, wording ('Driveaway' / '{type} inc GST + ORC') and, in AU, the price-location link. */
export function VehiclePrice({
  model,
  colour,
  prefix,
  className,
  id,
}: {
  model: PricedVehicle;
  colour?: VehicleColour | null;
  prefix?: string;
  className?: string;
  /** The page's price anchor, where a block shows the page's main price. */
  id?: string;
}) {
  const buyer = useBuyer();
  const price = vehiclePrice(model, buyer, colour);
  return (
    <div id={id} className={["vehicle-price", className ?? ""].filter(Boolean).join(" ")}>
      <p className="vehicle-price__line">
        {prefix && price.amount !== null ? <span className="vehicle-price__prefix">{prefix} </span> : null}
        <strong className="vehicle-price__amount" data-price="">
          {price.text}
        </strong>
        {price.amount !== null ? <span className="vehicle-price__wording"> {price.wording}</span> : null}
      </p>
      <PriceLocationLink />
    </div>
  );
}

/** Price disclaimers as a toggled overlay (details/summary: works without JavaScript). */
export function PriceDisclaimers({ disclaimers, label = "Price disclaimer" }: { disclaimers: readonly PriceDisclaimerText[]; label?: string }) {
  if (disclaimers.length === 0) return null;
  return (
    <details suppressHydrationWarning className="price-disclaimers">
      <summary className="price-disclaimers__toggle">{label}</summary>
      <div className="price-disclaimers__overlay">
        {disclaimers.map((d) => (
          <p key={d.uuid}>
            {d.title ? <strong>{d.title}: </strong> : null}
            {d.text}
          </p>
        ))}
      </div>
    </details>
  );
}

/**
 * Model features: the first 6 shown (5 below md: the 6th moves under 'More features' by CSS, so
 * the markup is the same on server and client), the rest under 'More features'.
 */
export function ModelFeatures({ features, heading }: { features: readonly string[]; heading?: ReactNode }) {
  if (features.length === 0) return null;
  const shown = features.slice(0, 6);
  const more = features.slice(6);
  const sixth = features[5];
  return (
    <div className="model-features">
      {heading}
      <ul className="model-features__list">
        {shown.map((f, i) => (
          <li key={f} className={i === 5 ? "model-features__item model-features__item--desktop" : "model-features__item"}>
            {f}
          </li>
        ))}
      </ul>
      {more.length > 0 || sixth !== undefined ? (
        <details suppressHydrationWarning className={["model-features__more", more.length === 0 ? "model-features__more--mobile-only" : ""].filter(Boolean).join(" ")}>
          <summary>{MORE_FEATURES}</summary>
          <ul className="model-features__list">
            {sixth !== undefined ? <li className="model-features__item model-features__item--mobile">{sixth}</li> : null}
            {more.map((f) => (
              <li key={f} className="model-features__item">
                {f}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * A control that is a link without JavaScript (the server answers the new URL) and a button with
 * it (the change happens in place).
 */
export function ActionLink({ href, onAction, className, children }: { href: string; onAction: () => void; className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <button type="button" className={className} onClick={onAction}>
        {children}
      </button>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
