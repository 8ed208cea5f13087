import { useEffect, useId, useMemo } from "react";
import { anchorId } from "~/components/section";
import { Section, SectionHeader } from "~/components/section-block";
import { useBlockData } from "~/components/block-data";
import { navigateInPlace, useInPlaceLocation } from "~/islands/in-place-location";
import { usePageLocation } from "~/islands/page-location";
import { useHydrated } from "~/islands/use-hydrated";
import { calculatorInputFromSearchParams } from "~/features/finance/calculator";
import { CalculatorModal } from "~/features/finance/components/calculator-modal";
import {
  CALCULATOR_MODEL_PARAM,
  abnFromUse,
  calculatorModelHref,
  calculatorModelPrice,
  chosenCalculatorModel,
  type CalculatorModelOption,
} from "~/features/finance/page-calculator";
import { useBuyer } from "~/features/vehicles/components/parts";
import { useSiteStore } from "~/features/site-state/site-context";
import { setIsABN } from "~/features/site-state/store";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import type { FinanceCalculatorBlok } from "./finance-calculator.schema";

/** The models by line, in their order, for the select's groups. */
function byLine(models: readonly CalculatorModelOption[]): [string, CalculatorModelOption[]][] {
  const lines = new Map<string, CalculatorModelOption[]>();
  for (const model of models) lines.set(model.lineName, [...(lines.get(model.lineName) ?? []), model]);
  return [...lines];
}

/**
 * The finance page's repayment calculator (AU): a model select, then the finance calculator for
 * the chosen model in the page. Without JavaScript both are GET forms that return to the block's
 * anchor with the server's quote; with it the model changes in place (a history entry) and the
 * quote follows the fields.
 */
export function FinanceCalculator({ blok }: { blok: FinanceCalculatorBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const { pathname, search } = useInPlaceLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const hydrated = useHydrated();
  const buyer = useBuyer();
  const store = useSiteStore();
  const selectId = useId();
  // The server answered the address the page was loaded at; a model chosen in place starts afresh.
  const served = usePageLocation().search === search;
  // The Primary vehicle use the no-JS form sent is the buyer type: the store adopts it once hydrated.
  const abn = abnFromUse(params);
  useEffect(() => {
    if (abn !== undefined && store.isABN !== abn) setIsABN(store, abn);
    // Only the address's choice, once: later the store's own changes win.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!data || data.models.length === 0) return null;

  const anchor = anchorId(blok.scroll_to_id);
  const target = (href: string) => (anchor ? `${href}#${anchor}` : href);
  const chosen = chosenCalculatorModel(data.models, params);
  const isABN = hydrated ? buyer.isABN : (abn ?? buyer.isABN);
  const price = chosen ? calculatorModelPrice(chosen, { ...buyer, isABN }) : null;

  return (
    <Section blok={blok} className="finance-calculator">
      <SectionHeader blok={blok} />
      <form method="get" action={target(pathname)} className="finance-calculator__model">
        <label htmlFor={selectId}>{blok.model_label}</label>
        <select
          id={selectId}
          name={CALCULATOR_MODEL_PARAM}
          value={chosen?.key ?? ""}
          autoComplete="off"
          onChange={(event) => {
            if (hydrated && event.target.value) navigateInPlace(calculatorModelHref(pathname, event.target.value, anchor ?? ""));
          }}
        >
          <option value="">{blok.model_prompt}</option>
          {byLine(data.models).map(([line, models]) => (
            <optgroup key={line} label={line}>
              {models.map((model) => (
                <option key={model.key} value={model.key}>
                  {model.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button type="submit" className="button button--sm button--outline">
          {blok.model_button_text}
        </button>
      </form>
      {chosen ? (
        <CalculatorModal
          key={chosen.key}
          inline
          open
          onClose={() => undefined}
          modelLineName={chosen.lineName}
          modelName={chosen.name}
          driveawayPrice={price}
          vehicle={chosen.vehicle}
          isABN={isABN}
          onAbnChange={(isABN) => setIsABN(store, isABN)}
          balloonTable={data.content.balloonTable}
          balloonTableContent={data.content.balloonTableContent}
          introText={data.content.introText}
          disclaimers={chosen.disclaimers}
          contactHref={`/${buyer.country}/finance/contact`}
          country={buyer.country}
          formAction={target(pathname)}
          hiddenFields={[[CALCULATOR_MODEL_PARAM, chosen.key]]}
          closeHref={target(pathname)}
          initial={calculatorInputFromSearchParams(served ? params : new URLSearchParams())}
          serverResponse={served ? data.serverResponse : null}
        />
      ) : null}
    </Section>
  );
}

export default FinanceCalculator;
