import { Form } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type FormEvent } from "react";
import { Modal } from "~/components/modal";
import { useHydrated } from "~/components/use-hydrated";
import { RichText } from "~/content/richtext";
import { track } from "~/features/analytics/track";
import type { BalloonTable, StoryblokTable } from "../balloon-table";
import {
  CALCULATOR_PARAMS,
  calculatorState,
  LOAN_TERM_OPTIONS,
  quoteFigures,
  type CalculatorFormInput,
  type QuoteVehicle,
} from "../calculator";
import { calculatorFormReducer, hasPendingInput, initialCalculatorForm } from "../calculator-form";
import { ENTITY_TYPES, QUOTE_ERROR_MESSAGE, type EntityType, type Frequency } from "../constants";
import type { FinanceQuoteResponse, FinanceQuoteRequest } from "../quote-schema";
import { CALCULATOR_DISCLAIMER_ID, CALCULATOR_MODAL_ID, CALCULATOR_TEXTS as T } from "./calculator-texts";

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

export const QUOTE_ENDPOINT = "/api/angleGenericQuote/";
export const CALCULATOR_DEBOUNCE_MS = 300;
export const CALCULATOR_WARNING_MS = 3000;

type RichTextDoc = Parameters<typeof RichText>[0]["doc"];

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
  /** No-JS GET form: where it goes and the build query it keeps. */
  formAction: string;
  hiddenFields: readonly (readonly [string, string])[];
  /** Where 'Close calculator' goes without JavaScript. */
  closeHref: string;
  /** The fields from the URL (no-JS form). */
  initial: CalculatorFormInput;
  /** The server's quote for `initial` (no-JS). */
  serverResponse: FinanceQuoteResponse | null;
}

type Status = "loading" | "loaded" | "error";

function money(value: number, decimals = 0): string {
  return `$${value.toLocaleString("en-AU", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

function percent(value: number): string {
  return `${value.toFixed(2)}% p.a.`;
}

/** Posts a quote request; any failure is an error answer (and logged). */
async function fetchQuote(request: FinanceQuoteRequest, signal: AbortSignal): Promise<FinanceQuoteResponse> {
  try {
    const res = await fetch(QUOTE_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
      signal,
    });
    const body = (await res.json()) as FinanceQuoteResponse;
    if (!res.ok || body.error) console.error(`[finance] quote failed (${res.status})`);
    return body && typeof body === "object" && "error" in body ? body : { error: true };
  } catch (error) {
    if (signal.aborted) throw error;
    console.error("[finance] quote request failed", error);
    return { error: true };
  }
}

/**
 * The finance calculator (AU, spec transactional.md section 2 "Finance calculator modal"). With
 * JavaScript it fetches quotes from POST /api/angleGenericQuote/ on open and on every change
 * (deposit and balloon debounced 300 ms), clamps the balloon and caps the deposit with warnings
 * that clear after 3000 ms, and sends the calculator events. Without JavaScript it is a GET form
 * that the configurator's loader answers with the computed quote.
 */
export function CalculatorModal(props: CalculatorModalProps) {
  const hydrated = useHydrated();
  const headingId = useId();
  const ids = { deposit: useId(), term: useId(), balloon: useId(), price: useId() };
  const { initial, isABN, onAbnChange, balloonTable, vehicle } = props;

  // Field texts as typed, and the values the quote uses (debounced for deposit and balloon).
  const [form, dispatch] = useReducer(calculatorFormReducer, initial, initialCalculatorForm);
  const { depositText, balloonText, committed, term, entity, frequency } = form;
  const [warnings, setWarnings] = useState<{ balloon: string | null; deposit: string | null }>({ balloon: null, deposit: null });
  const [status, setStatus] = useState<Status>(props.serverResponse ? (props.serverResponse.error ? "error" : "loaded") : "loading");
  const [response, setResponse] = useState<FinanceQuoteResponse | null>(props.serverResponse);

  const state = useMemo(
    () =>
      calculatorState({
        driveawayPrice: props.driveawayPrice ?? 0,
        deposit: committed.deposit,
        termMonths: term,
        balloonPercent: committed.balloon,
        entityType: entity,
        frequency,
        isABN,
        balloonTable,
        vehicle,
      }),
    [props.driveawayPrice, committed, term, entity, frequency, isABN, balloonTable, vehicle],
  );
  const { values, messages } = state;

  // Debounce: typed deposit and balloon reach the quote 300 ms after the last key.
  const pending = hasPendingInput(form);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => dispatch({ type: "commit" }), CALCULATOR_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pending, depositText, balloonText]);

  // Clamp the balloon and cap the deposit in the fields, with the warnings (cleared after 3 s).
  useEffect(() => {
    const next = { balloon: messages.balloon, deposit: messages.deposit };
    if (!next.balloon && !next.deposit) return;
    setWarnings((w) => ({ balloon: next.balloon ?? w.balloon, deposit: next.deposit ?? w.deposit }));
    dispatch({ type: "rules", balloon: next.balloon ? values.balloonText : null, deposit: next.deposit ? values.depositText : null });
  }, [messages.balloon, messages.deposit, values.balloonText, values.depositText]);
  useEffect(() => {
    if (!warnings.balloon && !warnings.deposit) return;
    const timer = window.setTimeout(() => setWarnings({ balloon: null, deposit: null }), CALCULATOR_WARNING_MS);
    return () => window.clearTimeout(timer);
  }, [warnings]);

  // Fetch a quote on open and whenever the request changes.
  const requestKey = state.request ? JSON.stringify(state.request) : null;
  const firstServerAnswer = useRef(props.serverResponse !== null);
  const modelNameRef = useRef(props.modelName);
  modelNameRef.current = props.modelName;
  useEffect(() => {
    if (!hydrated || !props.open) return;
    if (firstServerAnswer.current) {
      firstServerAnswer.current = false;
      return;
    }
    if (!requestKey) {
      setStatus("error");
      setResponse(null);
      return;
    }
    const controller = new AbortController();
    setStatus("loading");
    fetchQuote(JSON.parse(requestKey) as FinanceQuoteRequest, controller.signal)
      .then((answer) => {
        setResponse(answer);
        setStatus(answer.error ? "error" : "loaded");
        // Completion is reported like a field change (spec section 4: "completion sends an analytics event").
        track("calculator_fields", { field_name: "quote", field_value: answer.error ? "error" : "loaded", car_model: modelNameRef.current });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [hydrated, props.open, requestKey]);

  // view_finance_calculator on open.
  useEffect(() => {
    if (hydrated && props.open) track("view_finance_calculator", { car_model: props.modelName, country: props.country });
  }, [hydrated, props.open, props.modelName, props.country]);

  const figures = response ? quoteFigures(response, values.frequency, values.entityType) : null;
  const loading = hydrated && status === "loading";
  const failed = (hydrated ? status === "error" : !figures) || (status === "loaded" && !figures);

  const fieldEvent = (name: string, value: string) =>
    track("calculator_fields", { field_name: name, field_value: value, car_model: props.modelName });
  const buttonEvent = (name: string) => track("calculator_buttons", { button_name: name, car_model: props.modelName });

  const chooseEntity = (value: EntityType) => {
    dispatch({ type: "entity", value });
    onAbnChange(value === "Business");
    fieldEvent("primary_vehicle_use", value);
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

  const balloonRows = props.balloonTableContent?.tbody ?? [];
  const balloonHead = props.balloonTableContent?.thead ?? [];

  return (
    <Modal
      open={props.open}
      onClose={close}
      size="lg"
      labelledBy={headingId}
      id={CALCULATOR_MODAL_ID}
      className={["calculator-modal", !hydrated && props.serverResponse !== null ? "modal--open" : ""].filter(Boolean).join(" ")}
    >
      <h2 id={headingId} className="calculator__title">
        {T.title(props.modelLineName)}
      </h2>
      <p className="calculator__disclaimer-link">
        <a href={`#${CALCULATOR_DISCLAIMER_ID}`}>{T.disclaimerLink}</a>
      </p>
      <Form method="get" action={`${props.formAction}#${CALCULATOR_MODAL_ID}`} className="calculator" onSubmit={onSubmit} preventScrollReset noValidate>
        {props.hiddenFields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <div className="calculator__fields">
          <div className="calculator__field">
            <label htmlFor={ids.price}>{T.driveawayPrice}</label>
            <input id={ids.price} type="text" readOnly value={props.driveawayPrice === null ? "" : money(props.driveawayPrice)} />
          </div>
          <div className="calculator__field">
            <label htmlFor={ids.deposit}>{T.deposit}</label>
            <div className="calculator__prefixed">
              <span aria-hidden="true">$</span>
              <input
                id={ids.deposit}
                name={CALCULATOR_PARAMS.deposit}
                type="text"
                inputMode="decimal"
                value={hydrated ? depositText : values.depositText}
                placeholder="0"
                onChange={(e) => dispatch({ type: "deposit", text: e.target.value })}
                onBlur={(e) => fieldEvent("deposit", e.target.value)}
                aria-describedby={warnings.deposit || messages.loan ? `${ids.deposit}-msg` : undefined}
              />
            </div>
            {warnings.deposit || messages.loan || (!hydrated && state.messages.deposit) ? (
              <p id={`${ids.deposit}-msg`} className="calculator__warning" role="status">
                {warnings.deposit ?? messages.loan ?? state.messages.deposit}
              </p>
            ) : null}
          </div>
          <div className="calculator__field">
            <label htmlFor={ids.term}>{T.loanTerm}</label>
            <select
              id={ids.term}
              name={CALCULATOR_PARAMS.termMonths}
              value={String(values.termMonths)}
              onChange={(e) => {
                dispatch({ type: "term", value: e.target.value });
                fieldEvent("loan_term", e.target.value);
              }}
            >
              {LOAN_TERM_OPTIONS.map((option) => (
                <option key={option.id} value={option.value}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <div className="calculator__field">
            <label htmlFor={ids.balloon}>{T.balloon}</label>
            <div className="calculator__balloon">
              <input
                id={ids.balloon}
                name={CALCULATOR_PARAMS.balloonPercent}
                type="number"
                min={0}
                max={values.balloonFieldMax}
                step="any"
                inputMode="decimal"
                value={hydrated ? balloonText : values.balloonText}
                placeholder="0"
                onChange={(e) => dispatch({ type: "balloon", text: e.target.value })}
                onBlur={(e) => fieldEvent("balloon_payment", e.target.value)}
                aria-describedby={`${ids.balloon}-amount`}
              />
              <span aria-hidden="true">%</span>
              <output id={`${ids.balloon}-amount`} className="calculator__balloon-amount">
                {money(values.balloonAmount, 2)}
              </output>
            </div>
            {warnings.balloon || (!hydrated && state.messages.balloon) ? (
              <p className="calculator__warning" role="status">
                {warnings.balloon ?? state.messages.balloon}
              </p>
            ) : null}
          </div>
          <fieldset className="calculator__field calculator__use">
            <legend>{T.use}</legend>
            {ENTITY_TYPES.map((type) => (
              <label key={type} className="calculator__radio">
                <input
                  type="radio"
                  name={CALCULATOR_PARAMS.entityType}
                  value={type}
                  checked={values.entityType === type}
                  onChange={() => chooseEntity(type)}
                />
                {type === "Business" ? T.business : T.individual}
              </label>
            ))}
          </fieldset>
        </div>
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
            <>
              <fieldset className="calculator__frequency">
                <legend>{T.frequency}</legend>
                {values.frequencies.map((f: Frequency) =>
                  hydrated ? (
                    <button
                      key={f}
                      type="button"
                      className="calculator__frequency-button"
                      aria-pressed={values.frequency === f}
                      disabled={loading}
                      onClick={() => {
                        dispatch({ type: "frequency", value: f });
                        buttonEvent(f);
                      }}
                    >
                      {f}
                    </button>
                  ) : (
                    <button
                      key={f}
                      type="submit"
                      name={CALCULATOR_PARAMS.frequency}
                      value={f}
                      className="calculator__frequency-button"
                      aria-pressed={values.frequency === f}
                    >
                      {f}
                    </button>
                  ),
                )}
              </fieldset>
              <dl className="calculator__figures">
                <div>
                  <dt>{T.repayment}</dt>
                  <dd data-figure="repayment">{loading || !figures ? <span className="calculator__placeholder">{T.loading}</span> : `${money(figures.repayment, 2)} ${values.frequency.toLowerCase()}`}</dd>
                </div>
                <div>
                  <dt>{T.indicativeRate}</dt>
                  <dd data-figure="rate">{loading || !figures ? <span className="calculator__placeholder">{T.loading}</span> : percent(figures.customerRate)}</dd>
                </div>
                {values.showComparisonRate ? (
                  <div>
                    <dt>{T.comparisonRate}*</dt>
                    <dd data-figure="comparison">
                      {loading || !figures || figures.comparisonRate === null ? <span className="calculator__placeholder">{loading ? T.loading : "-"}</span> : percent(figures.comparisonRate)}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </>
          )}
          <a
            className="button button--sm button--primary calculator__contact"
            href={props.contactHref}
            onClick={() =>
              track("calculator_contact_us_clicked", {
                car_model: props.modelName,
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
      </Form>
      <div id={CALCULATOR_DISCLAIMER_ID} className="calculator__disclaimers" tabIndex={-1}>
        {props.disclaimers.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
        {values.showComparisonRate ? <p>{T.comparisonFootnote}</p> : null}
        <p>{T.indicativeDefinition}</p>
        <p>{T.approvedApplicants}</p>
      </div>
      {hydrated ? null : (
        <p>
          <a href={props.closeHref}>{T.close}</a>
        </p>
      )}
      <div className="calculator__help-panels">
        <details className="calculator__help-panel" onToggle={(e) => (e.currentTarget.open ? buttonEvent("balloon_rate_table") : undefined)}>
          <summary>{T.balloonTable}</summary>
          {props.introText ? <RichText doc={props.introText} className="calculator__intro" /> : null}
          {balloonRows.length > 0 ? (
            <table className="calculator__balloon-table">
              {balloonHead.length > 0 ? (
                <thead>
                  <tr>
                    {balloonHead.map((cell, i) => (
                      <th key={i} scope="col">
                        {cell?.value ?? ""}
                      </th>
                    ))}
                  </tr>
                </thead>
              ) : null}
              <tbody>
                {balloonRows.map((row, r) => (
                  <tr key={r}>
                    {(row?.body ?? []).map((cell, c) => (
                      <td key={c}>{cell?.value ?? ""}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </details>
        <details className="calculator__help-panel" onToggle={(e) => (e.currentTarget.open ? buttonEvent("business_use") : undefined)}>
          <summary>{T.businessUse}</summary>
          <p>{T.businessUseText}</p>
        </details>
      </div>
    </Modal>
  );
}
