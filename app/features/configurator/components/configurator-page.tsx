import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useInPlaceLocation, useInPlaceSearchParams } from "~/islands/in-place-location";
import { useHydrated } from "~/islands/use-hydrated";
import { calculatorInputFromSearchParams, canQuoteFinance } from "~/features/finance/calculator";
import type { CalculatorContent } from "~/features/finance/calculator-content";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import { offerText } from "~/features/pricing/driveaway";
import { setIsABN } from "~/features/site-state/store";
import { useSiteStore } from "~/features/site-state/site-context";
import { ACCESSORY_PARAMS, accessoryViewFromSearchParams } from "../accessories";
import { trackChoice } from "../analytics";
import {
  buildQueryFromSearchParams,
  canonicalSearchParams,
  chooseParams,
  resolveBuild,
  type BuildChange,
} from "../build";
import { carouselContent } from "../images";
import { buildSummary, withBuyerParams } from "../summary";
import type { Catalogue } from "../types";
import { CALCULATOR_OPEN_PARAM, STEP_LABELS, STEP_PARAM, searchOf, stepFromSearchParams, viewParams, type Step } from "../view";
import { AccessoriesStep } from "./accessories-step";
import { BuildCalculator } from "./build-calculator";
import { BuildCarousel } from "./build-carousel";
import { ConfiguratorSteps } from "./configurator-steps";
import { InteriorStep } from "./interior-step";
import { returnHref, SpecsStep, type ChoiceLinkProps } from "./option-steps";
import { PricePanel } from "./price-panel";
import { SummaryStep, useCopyLink } from "./summary-step";
import { calculatorOpenHref } from "../calculator-link";
import { useCanonicalAddress, useConfiguratorBuyer } from "./use-configurator";

export type ConfiguratorFinance = CalculatorContent;

export interface ConfiguratorPageProps {
  catalogue: Catalogue;
  finance: ConfiguratorFinance;
  /** The server's quote for the no-JS calculator form (when the URL opens it). */
  calculatorResponse: FinanceQuoteResponse | null;
  /** The ABN flag the calculator form in the URL set (Business / Individual), null when none. */
  abnOverride: boolean | null;
}

export { INTERIOR_HEADING } from "./interior-step";
export { SUMMARY_TEXTS } from "./summary-step";

const VIEW_KEYS = [STEP_PARAM, ...Object.values(ACCESSORY_PARAMS)];

/** The step's content: where the step links return without JavaScript. */
const PANEL_ID = "configurator-step";

/**
 * A new step changes the panel, which on a phone is below the fold: bring its top into view when
 * it is out of view (smooth, or at once for reduced motion). Not on the first render.
 */
function useStepIntoView(step: Step) {
  const panel = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const element = panel.current;
    if (!element) return;
    const { top } = element.getBoundingClientRect();
    // In view: its heading is on screen below the header (the scroll padding).
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (top >= padding && top < window.innerHeight * 0.6) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [step]);
  return panel;
}

/**
 * The vehicle configurator (spec transactional.md section 2). The build lives in the URL: every
 * choice is a link to the build with it, so the page works without JavaScript and a shared URL
 * reopens the same build. With JavaScript it is an island that follows its links in place
 * (in-place-location.tsx), replacing the address, so choices apply at once from the catalogue it
 * holds, and a non-canonical address is replaced by the build's canonical query (`?model=` is
 * redirected by the route's loader, with or without JavaScript).
 */
export function ConfiguratorPage({ catalogue, finance, calculatorResponse, abnOverride }: ConfiguratorPageProps) {
  const { country, line } = catalogue;
  const { pathname } = useInPlaceLocation();
  const params = useInPlaceSearchParams();
  const hydrated = useHydrated();
  const store = useSiteStore();
  const buyer = useConfiguratorBuyer(country, abnOverride);

  const build = useMemo(() => resolveBuild(catalogue, buildQueryFromSearchParams(params)), [catalogue, params]);
  const buildParams = useMemo(() => canonicalSearchParams(build), [build]);
  const step = stepFromSearchParams(params);
  const model = build.model;
  const summary = buildSummary(build, buyer);
  const calculatorInUrl = params.get(CALCULATOR_OPEN_PARAM) === "1";
  useCanonicalAddress(build, params, calculatorInUrl);
  const panel = useStepIntoView(step);

  const links: ChoiceLinkProps = useMemo(
    () => ({
      href: (change: BuildChange) => `${pathname}${searchOf(chooseParams(catalogue, build, change), viewParams(params, VIEW_KEYS))}`,
      onChoose: (change: BuildChange, label: string) => trackChoice(change.type === "option" ? change.kind : change.type, label, line.name, country),
      hydrated,
    }),
    [pathname, catalogue, build, params, line.name, country, hydrated],
  );
  const stepHref = (s: Step) => returnHref(`${pathname}${searchOf(buildParams, s === "specs" ? [] : [[STEP_PARAM, s]])}`, PANEL_ID, hydrated);

  // Finance calculator (AU, models with an nvicCode and a valid driveaway price).
  const canFinance = canQuoteFinance({ country, nvicCode: model?.nvicCode, driveawayPrice: summary?.total });
  const [calculatorOpen, setCalculatorOpen] = useState(calculatorInUrl);
  const calculatorInput = calculatorInputFromSearchParams(params);
  const stepView = viewParams(params, [STEP_PARAM]);
  const calculatorHref = calculatorOpenHref(pathname, buildParams, stepView, buyer.isABN);
  const onAbnChange = useCallback((isABN: boolean) => setIsABN(store, isABN), [store]);

  // Share: the build with the buyer's state and type (AU), so the link shows the same price.
  const shareSearch = withBuyerParams(buildParams, buyer).toString();
  const shareHref = `${pathname}${shareSearch ? `?${shareSearch}` : ""}`;
  const share = useCopyLink(shareHref, line.name, country);

  const carousel = carouselContent(build, step === "interior" ? "interior" : "exterior");
  const offer = model && !model.hideOffersInConfigurator ? offerText(model, buyer) : "";

  return (
    <div className="configurator container" data-country={country}>
      <header className="configurator__header">
        <h1 className="configurator__title">{line.name}</h1>
        {model ? <p className="configurator__model">{model.name}</p> : null}
      </header>

      <ConfiguratorSteps step={step} href={stepHref} lineName={line.name} country={country} />

      <div className="configurator__layout">
        <div className="configurator__visual">
          <BuildCarousel
            key={`${step === "interior" ? build.trim?.id : build.colour?.id}-${step === "interior"}`}
            content={carousel}
            label={step === "interior" ? `${build.trim?.name ?? "Interior"} images` : `${line.name} in ${build.colour?.name ?? ""}`.trim()}
            disclaimer={model?.disclaimer}
          />
          {offer ? (
            <div className="configurator__offer" role="note" aria-label="Offer">
              <p>{offer}</p>
            </div>
          ) : null}
        </div>

        <div className="configurator__panel" id={PANEL_ID} ref={panel}>
          <h2 className="configurator__panel-heading">{STEP_LABELS[step]}</h2>
          {step === "specs" && model ? <SpecsStep catalogue={catalogue} build={build} buyer={buyer} links={links} /> : null}
          {step === "interior" ? <InteriorStep build={build} country={country} links={links} /> : null}
          {step === "accessories" ? (
            <AccessoriesStep
              country={country}
              build={build}
              view={accessoryViewFromSearchParams(params, country)}
              pathname={pathname}
              buildParams={new URLSearchParams(searchOf(buildParams, [[STEP_PARAM, "accessories"]]).slice(1))}
              links={links}
            />
          ) : null}
          {step === "summary" && summary ? <SummaryStep catalogue={catalogue} build={build} summary={summary} shareHref={shareHref} share={share} /> : null}
        </div>

        <PricePanel build={build} summary={summary} buyer={buyer} calculatorHref={canFinance ? calculatorHref : null} onOpenCalculator={() => setCalculatorOpen(true)} />
      </div>

      {canFinance && model && (calculatorOpen || hydrated || calculatorInUrl) ? (
        <BuildCalculator
          catalogue={catalogue}
          model={model}
          summary={summary}
          isABN={buyer.isABN}
          onAbnChange={onAbnChange}
          finance={finance}
          open={calculatorOpen}
          onClose={() => setCalculatorOpen(false)}
          pathname={pathname}
          buildParams={buildParams}
          stepView={stepView}
          initial={calculatorInput}
          serverResponse={calculatorResponse}
        />
      ) : null}
    </div>
  );
}
