import { CalculatorModal } from "~/features/finance/components/calculator-modal";
import { PRICE_ANCHOR_ID } from "~/features/pricing/components/pricing-location";
import type { CalculatorContent } from "~/features/finance/calculator-content";
import type { CalculatorFormInput } from "~/features/finance/calculator";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import type { ResolvedBuild } from "../build";
import type { BuildSummary } from "../summary";
import type { Catalogue } from "../types";
import { CALCULATOR_OPEN_PARAM, searchOf } from "../view";

/** The finance calculator modal for the build: its vehicle, price and no-JS form from the page. */
export function BuildCalculator(props: {
  catalogue: Catalogue;
  model: NonNullable<ResolvedBuild["model"]>;
  summary: BuildSummary | null;
  isABN: boolean;
  onAbnChange: (isABN: boolean) => void;
  finance: CalculatorContent;
  open: boolean;
  onClose: () => void;
  pathname: string;
  buildParams: URLSearchParams;
  /** The step in the address ([] or [['step', …]]), kept by the form. */
  stepView: [string, string][];
  initial: CalculatorFormInput;
  serverResponse: FinanceQuoteResponse | null;
}) {
  const { catalogue, model, finance, pathname, buildParams, stepView } = props;
  const { country, line } = catalogue;
  return (
    <CalculatorModal
      open={props.open}
      onClose={props.onClose}
      modelLineName={line.name}
      modelName={model.name}
      driveawayPrice={props.summary?.total ?? null}
      vehicle={{ nvicCode: model.nvicCode, make: "Kestrel", model: line.name, variant: model.shortName, subModel: model.variantName }}
      isABN={props.isABN}
      onAbnChange={props.onAbnChange}
      balloonTable={finance.balloonTable}
      balloonTableContent={finance.balloonTableContent}
      introText={finance.introText}
      disclaimers={[...model.priceDisclaimers.map((d) => d.text), model.disclaimer].filter(Boolean)}
      contactHref={`/${country}/finance/contact`}
      country={country}
      formAction={pathname}
      hiddenFields={[...buildParams, ...stepView, [CALCULATOR_OPEN_PARAM, "1"]]}
      closeHref={`${pathname}${searchOf(buildParams, stepView)}#${PRICE_ANCHOR_ID}`}
      initial={props.initial}
      serverResponse={props.serverResponse}
    />
  );
}
