import { useId, type Dispatch } from "react";
import { RichText } from "~/components/rich-text";
import type { StoryblokTable } from "../balloon-table";
import { CALCULATOR_PARAMS, LOAN_TERM_OPTIONS, type CalculatorState, type CalculatorValues, type QuoteFigures } from "../calculator";
import type { CalculatorFormState } from "../calculator-form";
import type { CalculatorMachineAction, CalculatorWarnings } from "../calculator-machine";
import { ENTITY_TYPES, type EntityType, type Frequency } from "../constants";
import { CALCULATOR_DISCLAIMER_ID, CALCULATOR_TEXTS as T } from "./calculator-texts";

/** The calculator's pieces: pure views of the calculator machine's state (see CalculatorModal). */

export type RichTextDoc = Parameters<typeof RichText>[0]["doc"];

/** The calculator's analytics events, bound to the model. */
export interface CalculatorEvents {
  field: (name: string, value: string) => void;
  button: (name: string) => void;
}

function money(value: number, decimals = 0): string {
  return `$${value.toLocaleString("en-AU", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

function percent(value: number): string {
  return `${value.toFixed(2)}% p.a.`;
}

/** Driveaway price, deposit, loan term, balloon and Primary vehicle use. */
export function CalculatorFields(props: {
  hydrated: boolean;
  driveawayPrice: number | null;
  form: CalculatorFormState;
  calc: CalculatorState;
  warnings: CalculatorWarnings;
  dispatch: Dispatch<CalculatorMachineAction>;
  onEntity: (value: EntityType) => void;
  events: CalculatorEvents;
}) {
  const { hydrated, form, calc, warnings, dispatch, events } = props;
  const { values, messages } = calc;
  const ids = { deposit: useId(), term: useId(), balloon: useId(), price: useId() };
  return (
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
            value={hydrated ? form.depositText : values.depositText}
            placeholder="0"
            onChange={(e) => dispatch({ type: "deposit", text: e.target.value })}
            onBlur={(e) => events.field("deposit", e.target.value)}
            aria-describedby={warnings.deposit || messages.loan ? `${ids.deposit}-msg` : undefined}
          />
        </div>
        {warnings.deposit || messages.loan || (!hydrated && messages.deposit) ? (
          <p id={`${ids.deposit}-msg`} className="calculator__warning" role="status">
            {warnings.deposit ?? messages.loan ?? messages.deposit}
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
            events.field("loan_term", e.target.value);
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
            value={hydrated ? form.balloonText : values.balloonText}
            placeholder="0"
            onChange={(e) => dispatch({ type: "balloon", text: e.target.value })}
            onBlur={(e) => events.field("balloon_payment", e.target.value)}
            aria-describedby={`${ids.balloon}-amount`}
          />
          <span aria-hidden="true">%</span>
          <output id={`${ids.balloon}-amount`} className="calculator__balloon-amount">
            {money(values.balloonAmount, 2)}
          </output>
        </div>
        {warnings.balloon || (!hydrated && messages.balloon) ? (
          <p className="calculator__warning" role="status">
            {warnings.balloon ?? messages.balloon}
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
              onChange={() => props.onEntity(type)}
            />
            {type === "Business" ? T.business : T.individual}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Repayment frequency and the quote's figures (placeholders while loading). */
export function CalculatorFigures(props: {
  hydrated: boolean;
  loading: boolean;
  values: CalculatorValues;
  figures: QuoteFigures | null;
  dispatch: Dispatch<CalculatorMachineAction>;
  events: CalculatorEvents;
}) {
  const { hydrated, loading, values, figures } = props;
  return (
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
                props.dispatch({ type: "frequency", value: f });
                props.events.button(f);
              }}
            >
              {f}
            </button>
          ) : (
            <button key={f} type="submit" name={CALCULATOR_PARAMS.frequency} value={f} className="calculator__frequency-button" aria-pressed={values.frequency === f}>
              {f}
            </button>
          ),
        )}
      </fieldset>
      <dl className="calculator__figures">
        <div>
          <dt>{T.repayment}</dt>
          <Figure name="repayment" loading={loading} value={figures ? `${money(figures.repayment, 2)} ${values.frequency.toLowerCase()}` : null} />
        </div>
        <div>
          <dt>{T.indicativeRate}</dt>
          <Figure name="rate" loading={loading} value={figures ? percent(figures.customerRate) : null} />
        </div>
        {values.showComparisonRate ? (
          <div>
            <dt>{T.comparisonRate}*</dt>
            <Figure name="comparison" loading={loading} value={figures ? (figures.comparisonRate === null ? "-" : percent(figures.comparisonRate)) : null} />
          </div>
        ) : null}
      </dl>
    </>
  );
}

/**
 * One figure of the quote. While a new quote is fetched the last one stays, marked as updating
 * (never a blank between two answers); before the first answer, the loading placeholder.
 */
function Figure({ name, loading, value }: { name: string; loading: boolean; value: string | null }) {
  if (value === null) {
    return (
      <dd data-figure={name}>
        <span className="calculator__placeholder">{T.loading}</span>
      </dd>
    );
  }
  return (
    <dd data-figure={name} data-updating={loading ? "" : undefined}>
      <span className="calculator__figure">{value}</span>
      {loading ? <span className="calculator__updating">{T.loading}</span> : null}
    </dd>
  );
}

/** The model's disclaimers and the calculator's own notes (the 'Read the disclaimer' target). */
export function CalculatorDisclaimers(props: { disclaimers: readonly string[]; showComparisonRate: boolean }) {
  return (
    <div id={CALCULATOR_DISCLAIMER_ID} className="calculator__disclaimers" tabIndex={-1}>
      {props.disclaimers.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
      {props.showComparisonRate ? <p>{T.comparisonFootnote}</p> : null}
      <p>{T.indicativeDefinition}</p>
      <p>{T.approvedApplicants}</p>
    </div>
  );
}

/** 'Balloon Rate Table' (global/finance content) and 'About business use'. */
export function CalculatorHelpPanels(props: { balloonTableContent: StoryblokTable | null; introText: RichTextDoc | null; events: CalculatorEvents }) {
  const rows = props.balloonTableContent?.tbody ?? [];
  const head = props.balloonTableContent?.thead ?? [];
  return (
    <div className="calculator__help-panels">
      <details suppressHydrationWarning className="calculator__help-panel" onToggle={(e) => (e.currentTarget.open ? props.events.button("balloon_rate_table") : undefined)}>
        <summary>{T.balloonTable}</summary>
        {props.introText ? <RichText doc={props.introText} className="calculator__intro" /> : null}
        {rows.length > 0 ? (
          <table className="calculator__balloon-table">
            {head.length > 0 ? (
              <thead>
                <tr>
                  {head.map((cell, i) => (
                    <th key={i} scope="col">
                      {cell?.value ?? ""}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {rows.map((row, r) => (
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
      <details suppressHydrationWarning className="calculator__help-panel" onToggle={(e) => (e.currentTarget.open ? props.events.button("business_use") : undefined)}>
        <summary>{T.businessUse}</summary>
        <p>{T.businessUseText}</p>
      </details>
    </div>
  );
}
