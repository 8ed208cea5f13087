import { FINANCE_CALCULATOR_BUTTON_ID } from "~/features/analytics/button-id";
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { StoryblokTable, BalloonTable } from "~/features/finance/balloon-table";
import { CALCULATOR_PARAMS, calculatorInputFromSearchParams, canQuoteFinance, defaultEntityType } from "~/features/finance/calculator";
import { DEFAULT_TERM_MONTHS } from "~/features/finance/constants";
import { CalculatorModal } from "~/features/finance/components/calculator-modal";
import { CALCULATOR_MODAL_ID, CALCULATOR_TEXTS } from "~/features/finance/components/calculator-texts";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import { PriceLocationLink } from "~/features/pricing/components/price-location-link";
import { offerText } from "~/features/pricing/driveaway";
import { cleanCarText, optionPriceText } from "~/features/pricing/format";
import type { BuyerContext } from "~/features/pricing/types";
import { setIsABN } from "~/features/site-state/store";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { ACCESSORY_PARAMS, accessoryViewFromSearchParams } from "../accessories";
import { trackChoice, trackShare, trackStep } from "../analytics";
import {
  buildQueryFromSearchParams,
  canonicalSearchParams,
  chooseParams,
  noInteriorMessages,
  resolveBuild,
  type BuildChange,
} from "../build";
import { BUILD_HANDOFF_TEXTS, testDriveHref } from "../handoff";
import { carouselContent } from "../images";
import { buildSummary, withBuyerParams } from "../summary";
import type { Catalogue } from "../types";
import { CALCULATOR_OPEN_PARAM, STEP_LABELS, STEP_PARAM, STEPS, canonicalSearch, searchOf, stepFromSearchParams, viewParams, type Step } from "../view";
import { AccessoriesStep } from "./accessories-step";
import { BuildCarousel } from "./build-carousel";
import { Choice, CLEAN_CAR_LABEL, SpecsStep, type ChoiceLinkProps } from "./option-steps";

type RichTextDoc = Parameters<typeof CalculatorModal>[0]["introText"];

export interface ConfiguratorFinance {
  balloonTable: BalloonTable;
  balloonTableContent: StoryblokTable | null;
  introText: RichTextDoc;
}

export interface ConfiguratorPageProps {
  catalogue: Catalogue;
  finance: ConfiguratorFinance;
  /** The server's quote for the no-JS calculator form (when the URL opens it). */
  calculatorResponse: FinanceQuoteResponse | null;
  /** The ABN flag the calculator form in the URL set (Business / Individual), null when none. */
  abnOverride: boolean | null;
}

export const INTERIOR_HEADING = "Choose your interior";
export const SUMMARY_TEXTS = {
  total: "Total",
  bookTestDrive: "Book a Test Drive",
  findDealer: "Find a Dealer",
  copyLink: "Copy link",
  copied: "Link copied",
  print: "Print summary",
  shareLink: BUILD_HANDOFF_TEXTS.link,
} as const;

const VIEW_KEYS = [STEP_PARAM, ...Object.values(ACCESSORY_PARAMS)];

/**
 * The vehicle configurator (spec transactional.md section 2; issue 9). The build lives in the
 * URL: every choice is a link to the build with it, so the page works without JavaScript and a
 * shared URL reopens the same build. With JavaScript the links navigate on the client with
 * `replace` (the route does not reload its data for a new query), so choices apply at once, and
 * a non-canonical address is replaced by the build's canonical query (`?model=` is redirected by
 * the route's loader, with or without JavaScript).
 */
export function ConfiguratorPage({ catalogue, finance, calculatorResponse, abnOverride }: ConfiguratorPageProps) {
  const { country, line } = catalogue;
  const location = useLocation();
  const navigate = useNavigate();
  const navigationIdle = useNavigation().state === "idle";
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const store = useSiteStore();
  const site = useSiteState();
  // The calculator form's entity (no-JS) sets the ABN flag; the store adopts it once hydrated.
  const [override, setOverride] = useState(abnOverride);
  useEffect(() => {
    if (override === null) return;
    if (store.isABN !== override) setIsABN(store, override);
    setOverride(null);
  }, [override, store]);
  const isABN = override ?? site.isABN;
  const buyer: BuyerContext = country === "au" ? { country, auState: site.auState, isABN } : { country, isABN: false };

  const build = useMemo(() => resolveBuild(catalogue, buildQueryFromSearchParams(params)), [catalogue, params]);
  const buildParams = useMemo(() => canonicalSearchParams(build), [build]);
  const step = stepFromSearchParams(params);
  const model = build.model;
  const summary = buildSummary(build, buyer);
  const pathname = location.pathname;

  // With JavaScript the address becomes the canonical build query.
  const calculatorInUrl = params.get(CALCULATOR_OPEN_PARAM) === "1";
  // Only once the router is idle: replacing the address during a visitor's navigation would
  // interrupt (abort) it.
  useEffect(() => {
    if (!navigationIdle) return;
    const canonical = canonicalSearch(build, params);
    if (!calculatorInUrl && location.search !== canonical) {
      navigate(`${pathname}${canonical}${location.hash}`, { replace: true, preventScrollReset: true });
    }
  }, [navigationIdle, build, params, calculatorInUrl, location.search, location.hash, pathname, navigate]);

  const links: ChoiceLinkProps = useMemo(
    () => ({
      href: (change: BuildChange) => `${pathname}${searchOf(chooseParams(catalogue, build, change), viewParams(params, VIEW_KEYS))}`,
      onChoose: (change: BuildChange, label: string) => trackChoice(change.type === "option" ? change.kind : change.type, label, line.name, country),
    }),
    [pathname, catalogue, build, params, line.name, country],
  );
  const stepHref = (s: Step) => `${pathname}${searchOf(buildParams, s === "specs" ? [] : [[STEP_PARAM, s]])}`;

  // Finance calculator (AU, models with an nvicCode and a valid driveaway price).
  const canFinance = canQuoteFinance({ country, nvicCode: model?.nvicCode, driveawayPrice: summary?.total });
  const [calculatorOpen, setCalculatorOpen] = useState(calculatorInUrl);
  const calculatorInput = calculatorInputFromSearchParams(params);
  const stepView = viewParams(params, [STEP_PARAM]);
  const calculatorHref = `${pathname}${searchOf(buildParams, [
    ...stepView,
    [CALCULATOR_OPEN_PARAM, "1"],
    [CALCULATOR_PARAMS.termMonths, String(DEFAULT_TERM_MONTHS)],
    [CALCULATOR_PARAMS.entityType, defaultEntityType(buyer.isABN)],
  ])}#${CALCULATOR_MODAL_ID}`;
  const onAbnChange = useCallback((isABN: boolean) => setIsABN(store, isABN), [store]);

  // Share: the build with the buyer's state and type (AU), so the link shows the same price.
  const [copied, setCopied] = useState(false);
  const shareSearch = withBuyerParams(buildParams, buyer).toString();
  const shareHref = `${pathname}${shareSearch ? `?${shareSearch}` : ""}`;
  const copyTimer = useRef<number | undefined>(undefined);
  const copyLink = async () => {
    const url = new URL(shareHref, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.clearTimeout(copyTimer.current);
      copyTimer.current = window.setTimeout(() => setCopied(false), 3000);
    } catch {
      window.prompt(SUMMARY_TEXTS.copyLink, url);
    }
    trackShare("copy_link", line.name, country);
  };

  const carousel = carouselContent(build, step === "interior" ? "interior" : "exterior");
  const interiorMessages = noInteriorMessages(build);
  const offer = model && !model.hideOffersInConfigurator ? offerText(model, buyer) : "";

  return (
    <div className="configurator container" data-country={country}>
      <header className="configurator__header">
        <h1 className="configurator__title">{line.name}</h1>
        {model ? <p className="configurator__model">{model.name}</p> : null}
      </header>

      <nav className="configurator__steps" aria-label="Configurator steps">
        <ol>
          {STEPS.map((s, i) => (
            <li key={s}>
              <Link
                to={stepHref(s)}
                replace
                preventScrollReset
                className="configurator__step"
                aria-current={s === step ? "step" : undefined}
                onClick={() => trackStep(s, line.name, country)}
              >
                <span className="configurator__step-number" aria-hidden="true">
                  {i + 1}
                </span>
                {STEP_LABELS[s]}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

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

        <div className="configurator__panel">
          <h2 className="configurator__panel-heading">{STEP_LABELS[step]}</h2>
          {step === "specs" && model ? <SpecsStep catalogue={catalogue} build={build} buyer={buyer} links={links} /> : null}
          {step === "interior" ? (
            <section className="config-section" aria-labelledby="step-interior">
              <h3 id="step-interior" className="config-section__heading">
                {INTERIOR_HEADING}
              </h3>
              {interiorMessages ? (
                <div className="config-interior__empty" role="status">
                  {interiorMessages.map((text) => (
                    <p key={text}>{text}</p>
                  ))}
                </div>
              ) : (
                <ul className="config-choice__list">
                  {build.interior.map((trim) => (
                    <Choice key={trim.uuid} change={{ type: "trim", id: trim.id }} selected={build.trim?.uuid === trim.uuid} label={trim.name} links={links}>
                      <span className="config-choice__name">{trim.name}</span>
                      {trim.description ? <span className="config-choice__info">{trim.description}</span> : null}
                      <span className="config-choice__price">{optionPriceText(trim.price, country)}</span>
                    </Choice>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
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
          {step === "summary" && summary ? (
            <section className="config-summary" aria-labelledby="summary-heading">
              <h3 id="summary-heading" className="visually-hidden">
                {model?.name}
              </h3>
              <table className="config-summary__table">
                <caption className="visually-hidden">{model?.name}</caption>
                <tbody>
                  {summary.items.map((item) => (
                    <tr key={item.key} data-summary-item={item.key}>
                      <th scope="row">{item.label}</th>
                      <td>{item.name}</td>
                      <td className="config-summary__price">{item.price}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {SUMMARY_TEXTS.total}
                    </th>
                    <td className="config-summary__price" data-summary-total="">
                      {summary.totalText}
                    </td>
                  </tr>
                </tfoot>
              </table>
              <div className="config-summary__actions">
                <a className="button button--lg button--primary" href={testDriveHref(country, line, build)}>
                  {SUMMARY_TEXTS.bookTestDrive}
                </a>
                <a className="button button--lg button--outline" href={`/${country}/dealer-locator`}>
                  {SUMMARY_TEXTS.findDealer}
                </a>
              </div>
              <div className="config-summary__share no-print">
                {hydrated ? (
                  <>
                    <button type="button" className="button button--sm button--outline" onClick={copyLink}>
                      {SUMMARY_TEXTS.copyLink}
                    </button>
                    <button
                      type="button"
                      className="button button--sm button--outline"
                      onClick={() => {
                        trackShare("print", line.name, country);
                        window.print();
                      }}
                    >
                      {SUMMARY_TEXTS.print}
                    </button>
                    <span role="status" className="config-summary__copied">
                      {copied ? SUMMARY_TEXTS.copied : ""}
                    </span>
                  </>
                ) : (
                  <a href={shareHref} className="config-summary__share-link">
                    {SUMMARY_TEXTS.shareLink}
                  </a>
                )}
              </div>
            </section>
          ) : null}
        </div>

        <aside className="configurator__price" aria-label="Price">
          {model && summary ? (
            <>
              <p className="configurator__price-model">{model.name}</p>
              <p className="configurator__price-amount" aria-live="polite" aria-atomic="true">
                <span data-price="total">{summary.totalText}</span>{" "}
                {summary.total !== null ? <span className="configurator__price-wording">{summary.price.wording}</span> : null}
              </p>
              {/* The buyer type of the price beside it (a no-JS calculator submit may have just changed it). */}
              <PriceLocationLink className="configurator__price-location" isABN={buyer.isABN} />
              {country === "nz" ? (
                <p className="configurator__clean-car">
                  {CLEAN_CAR_LABEL} {cleanCarText(model.cleanCarProgramme)}
                </p>
              ) : null}
              {canFinance ? (
                <a
                  className="button button--sm button--outline configurator__finance"
                  href={calculatorHref}
                  data-button-id={FINANCE_CALCULATOR_BUTTON_ID}
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    setCalculatorOpen(true);
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
      </div>

      {canFinance && model && (calculatorOpen || hydrated || calculatorInUrl) ? (
        <CalculatorModal
          open={calculatorOpen}
          onClose={() => setCalculatorOpen(false)}
          modelLineName={line.name}
          modelName={model.name}
          driveawayPrice={summary?.total ?? null}
          vehicle={{ nvicCode: model.nvicCode, make: "Kestrel", model: line.name, variant: model.shortName, subModel: model.variantName }}
          isABN={buyer.isABN}
          onAbnChange={onAbnChange}
          balloonTable={finance.balloonTable}
          balloonTableContent={finance.balloonTableContent}
          introText={finance.introText}
          disclaimers={[...model.priceDisclaimers.map((d) => d.text), model.disclaimer].filter(Boolean)}
          contactHref={`/${country}/finance/contact`}
          country={country}
          formAction={pathname}
          hiddenFields={[...buildParams, ...stepView, [CALCULATOR_OPEN_PARAM, "1"]]}
          closeHref={`${pathname}${searchOf(buildParams, stepView)}`}
          initial={calculatorInput}
          serverResponse={calculatorResponse}
        />
      ) : null}
    </div>
  );
}
