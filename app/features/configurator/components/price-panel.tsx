import { FINANCE_CALCULATOR_BUTTON_ID } from "~/components/button-id";
import { useHydrated } from "~/islands/use-hydrated";
import { CALCULATOR_TEXTS } from "~/features/finance/components/calculator-texts";
import { PriceLocationLink } from "~/features/pricing/components/price-location-link";
import { PRICE_ANCHOR_ID } from "~/features/pricing/components/pricing-location";
import { cleanCarText } from "~/features/pricing/format";
import type { BuyerContext } from "~/features/pricing/types";
import type { ResolvedBuild } from "../build";
import type { BuildSummary } from "../summary";
import { CLEAN_CAR_LABEL } from "./option-steps";

/**
 * The price beside the build: the model, its total with the wording, the buyer type it is for,
 * NZ's clean car programme, 'View finance calculator' (a link to the calculator's no-JS form; with
 * JavaScript it opens the modal) and the price disclaimers.
 */
export function PricePanel(props: {
  build: ResolvedBuild;
  summary: BuildSummary | null;
  buyer: BuyerContext;
  /** The calculator's link, or null when the build cannot be quoted. */
  calculatorHref: string | null;
  onOpenCalculator: () => void;
}) {
  const { summary, buyer, calculatorHref } = props;
  const model = props.build.model;
  const hydrated = useHydrated();
  return (
    <aside id={PRICE_ANCHOR_ID} className="configurator__price" aria-label="Price">
      {model && summary ? (
        <>
          <p className="configurator__price-model">{model.name}</p>
          <p className="configurator__price-amount" aria-live="polite" aria-atomic="true">
            <span data-price="total">{summary.totalText}</span>{" "}
            {summary.total !== null ? <span className="configurator__price-wording">{summary.price.wording}</span> : null}
          </p>
          {/* The buyer type of the price beside it (a no-JS calculator submit may have just changed it). */}
          <PriceLocationLink className="configurator__price-location" isABN={buyer.isABN} />
          {buyer.country === "nz" ? (
            <p className="configurator__clean-car">
              {CLEAN_CAR_LABEL} {cleanCarText(model.cleanCarProgramme)}
            </p>
          ) : null}
          {calculatorHref ? (
            <a
              className="button button--sm button--outline configurator__finance"
              href={calculatorHref}
              data-button-id={FINANCE_CALCULATOR_BUTTON_ID}
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                props.onOpenCalculator();
              }}
            >
              {CALCULATOR_TEXTS.open}
            </a>
          ) : null}
          {model.priceDisclaimers.length > 0 ? (
            <div className="configurator__disclaimers">
              {model.priceDisclaimers.map((d) => (
                <p key={d.uuid}>{d.text}</p>
              ))}
            </div>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}
