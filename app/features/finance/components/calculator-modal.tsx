import { useCallback, useEffect, useId, type FormEvent } from "react";
import { Modal } from "~/components/modal";
import { useHydrated } from "~/islands/use-hydrated";
import { track } from "~/features/analytics/track";
import type { BalloonTable, StoryblokTable } from "../balloon-table";
import { CALCULATOR_PARAMS, quoteFigures, type CalculatorFormInput, type QuoteVehicle } from "../calculator";
import { QUOTE_ERROR_MESSAGE, type EntityType } from "../constants";
import type { FinanceQuoteResponse } from "../quote-schema";
import {
  CalculatorDisclaimers,
  CalculatorFields,
  CalculatorFigures,
  CalculatorHelpPanels,
  type CalculatorEvents,
  type RichTextDoc,
} from "./calculator-parts";
import { CALCULATOR_DISCLAIMER_ID, CALCULATOR_MODAL_ID, CALCULATOR_TEXTS as T } from "./calculator-texts";
import { useCalculator } from "./use-calculator";

declare module "~/features/analytics/track" {
  interface AnalyticsEvents {
    view_finance_calculator: { car_model: string; country: string };
    calculator_fields: { field_name: string; field_value: string; car_model: string };
    calculator_buttons: { button_name: string; car_model: string };
    calculator_contact_us_clicked: {
      car_model: string;
      car_giveaway_price: number;
      deposit: number;
      loan_term: number;
      balloon_payment: number;
      primary_vehicle_use: string;
      repayment: number | null;
    };
    calculator_exit: { car_model: string };
  }
}

export interface CalculatorModalProps {
  open: boolean;
  onClose: () => void;
  modelLineName: string;
  /** Model name for analytics ("Tarrak GX"). */
  modelName: string;
  /** Driveaway price of the build (read only); null when there is none. */
  driveawayPrice: number | null;
  vehicle: QuoteVehicle;
  /** The shared ABN flag; Business sets it, Individual clears it. */
  isABN: boolean;
  onAbnChange: (isABN: boolean) => void;
  balloonTable: BalloonTable;
  /** global/finance balloonTable and introText, for the 'Balloon Rate Table' help modal. */
  balloonTableContent: StoryblokTable | null;
  introText: RichTextDoc | null;
  /** Per-model disclaimers. */
  disclaimers: readonly string[];
  contactHref: string;
  country: string;
  /** No-JS GET form: where it goes (inline: with its anchor) and the query it keeps. */
  formAction: string;
  hiddenFields: readonly (readonly [string, string])[];
  /** Where 'Close calculator', the × and the overlay go without JavaScript. */
  closeHref: string;
  /** The fields from the URL (no-JS form). */
  initial: CalculatorFormInput;
  /** The server's quote for `initial` (no-JS). */
  serverResponse: FinanceQuoteResponse | null;
  /** In the page (the finance page's block) rather than in a modal: always open, nothing to close. */
  inline?: boolean;
}

/**
 * The finance calculator (AU, spec transactional.md section 2 "Finance calculator modal"). With
 * JavaScript it fetches quotes from POST /api/angleGenericQuote/ on open and on every change
 * (deposit and balloon debounced 300 ms), clamps the balloon and caps the deposit with warnings
 * that clear after 3000 ms, and sends the calculator events; its state is the calculator machine
 * (calculator-machine.ts, run by useCalculator). Without JavaScript it is a GET form that the
 * configurator's loader answers with the computed quote.
 */
export function CalculatorModal(props: CalculatorModalProps) {
  const hydrated = useHydrated();
  const headingId = useId();
  const { isABN, onAbnChange, balloonTable, vehicle, driveawayPrice, modelName } = props;
  const calculator = useCalculator({
    initial: props.initial,
    serverResponse: props.serverResponse,
    open: props.open,
    context: { driveawayPrice, isABN, balloonTable, vehicle },
    hydrated,
    modelName,
  });
  const { dispatch } = calculator;
  const { values } = calculator.calc;
  const { status, response } = calculator.quote;

  // view_finance_calculator on open.
  useEffect(() => {
    if (hydrated && props.open) track("view_finance_calculator", { car_model: props.modelName, country: props.country });
  }, [hydrated, props.open, props.modelName, props.country]);

  const figures = response ? quoteFigures(response, values.frequency, values.entityType) : null;
  const loading = hydrated && status === "loading";
  const failed = (hydrated ? status === "error" : !figures) || (status === "loaded" && !figures);

  const events: CalculatorEvents = {
    field: (name, value) => track("calculator_fields", { field_name: name, field_value: value, car_model: modelName }),
    button: (name) => track("calculator_buttons", { button_name: name, car_model: modelName }),
  };

  const chooseEntity = (value: EntityType) => {
    dispatch({ type: "entity", value });
    onAbnChange(value === "Business");
    events.field("primary_vehicle_use", value);
  };

  const close = useCallback(() => {
    track("calculator_exit", { car_model: props.modelName });
    props.onClose();
  }, [props]);

  // With JavaScript the quote follows the fields; Calculate (or Enter) only skips the debounce.
  const onSubmit = (event: FormEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    dispatch({ type: "commit" });
  };

  const body = (
    <>
      <h2 id={headingId} className="calculator__title">
        {T.title(props.modelLineName)}
      </h2>
      <p className="calculator__disclaimer-link">
        <a href={`#${CALCULATOR_DISCLAIMER_ID}`}>{T.disclaimerLink}</a>
      </p>
      {/* In a page the form's action carries the page's own anchor. */}
      <form method="get" action={props.inline ? props.formAction : `${props.formAction}#${CALCULATOR_MODAL_ID}`} className="calculator" onSubmit={onSubmit} noValidate>
        {props.hiddenFields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <CalculatorFields
          hydrated={calculator.live}
          driveawayPrice={driveawayPrice}
          form={calculator.form}
          calc={calculator.calc}
          warnings={calculator.warnings}
          dispatch={dispatch}
          onEntity={chooseEntity}
          events={events}
        />
        {/* The frequency belongs to this entity type: after a switch of Primary vehicle use the server gives the new type's default. */}
        <input type="hidden" name={CALCULATOR_PARAMS.frequencyFor} value={values.entityType} />
        {/* Kept with JavaScript too: a form needs a submit control (HTML validity); there it skips the debounce. */}
        <button type="submit" name={CALCULATOR_PARAMS.frequency} value={values.frequency} className="button button--sm button--primary calculator__submit">
          {T.calculate}
        </button>
        <div className="calculator__result" aria-live="polite" aria-busy={loading}>
          {failed && !loading ? (
            <p className="calculator__error" role="alert">
              {QUOTE_ERROR_MESSAGE}
            </p>
          ) : (
            <CalculatorFigures hydrated={hydrated} loading={loading} values={values} figures={figures} dispatch={dispatch} events={events} />
          )}
          <a
            className="button button--sm button--primary calculator__contact"
            href={props.contactHref}
            onClick={() =>
              track("calculator_contact_us_clicked", {
                car_model: modelName,
                car_giveaway_price: values.driveawayPrice,
                deposit: values.deposit,
                loan_term: values.termMonths,
                balloon_payment: values.balloonAmount,
                primary_vehicle_use: values.entityType,
                repayment: figures?.repayment ?? null,
              })
            }
          >
            {T.contactUs}
          </a>
        </div>
      </form>
      <CalculatorDisclaimers disclaimers={props.disclaimers} showComparisonRate={values.showComparisonRate} />
      {hydrated || props.inline ? null : (
        <p>
          <a href={props.closeHref}>{T.close}</a>
        </p>
      )}
      <CalculatorHelpPanels balloonTableContent={props.balloonTableContent} introText={props.introText} events={events} />
    </>
  );
  if (props.inline) {
    return (
      <div className="calculator-inline" role="group" aria-labelledby={headingId}>
        {body}
      </div>
    );
  }
  return (
    <Modal
      open={props.open}
      onClose={close}
      size="lg"
      labelledBy={headingId}
      id={CALCULATOR_MODAL_ID}
      closeHref={props.closeHref}
      className={["calculator-modal", !hydrated && props.serverResponse !== null ? "modal--open" : ""].filter(Boolean).join(" ")}
    >
      {body}
    </Modal>
  );
}
