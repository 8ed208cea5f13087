import type { BalloonTable } from "./balloon-table";
import { calculatorState, type CalculatorFormInput, type CalculatorState, type QuoteVehicle } from "./calculator";
import { calculatorFormReducer, initialCalculatorForm, type CalculatorFormAction, type CalculatorFormState } from "./calculator-form";
import type { FinanceQuoteRequest, FinanceQuoteResponse } from "./quote-schema";

/**
 * The finance calculator modal's whole state with JavaScript (spec transactional.md §2–§5, §9), as
 * one pure reducer: the typed fields (calculator-form.ts), the rules' clamp and cap with their
 * warnings, whether the modal is open, and the quote (loading, answer, error). The component only
 * renders it and runs the I/O it asks for: the debounce and warning timers and the quote request
 * in `fetch`. Focus (trap, restore) belongs to the shared Modal.
 *
 * Every transition settles at once: a clamp or cap from the rules rewrites the committed values
 * (and shows its warning), and a new request while open (or opening) asks for a new quote, so no
 * state is derived from other state after a render.
 */

/** What the calculator takes from the page; it changes with the buyer (Business changes the price). */
export interface CalculatorContext {
  /** Driveaway price of the build; null when there is none. */
  readonly driveawayPrice: number | null;
  /** The shared ABN flag: the default Primary vehicle use. */
  readonly isABN: boolean;
  readonly balloonTable: BalloonTable;
  readonly vehicle: QuoteVehicle;
}

export interface CalculatorWarnings {
  /** The balloon over-limit warning, shown for 3 s after a clamp. */
  readonly balloon: string | null;
  /** The deposit-cap warning, shown for 3 s after a cap. */
  readonly deposit: string | null;
}

export type QuoteStatus = "loading" | "loaded" | "error";

export interface CalculatorQuote {
  readonly status: QuoteStatus;
  /** The last answer (kept while the next one loads). */
  readonly response: FinanceQuoteResponse | null;
  /** The request to send now (`seq` tells one ask from the next), or null when none is due. */
  readonly fetch: { readonly seq: number; readonly request: FinanceQuoteRequest } | null;
  readonly seq: number;
  /** The server answered the form in the URL: the first opening shows that answer instead of asking. */
  readonly serverAnswer: boolean;
}

export interface CalculatorMachineState {
  /** The fields as the server rendered them (the form in the URL): the view until hydration. */
  readonly serverForm: CalculatorFormState;
  readonly form: CalculatorFormState;
  readonly context: CalculatorContext;
  readonly open: boolean;
  readonly warnings: CalculatorWarnings;
  readonly quote: CalculatorQuote;
}

export type CalculatorMachineAction =
  | Exclude<CalculatorFormAction, { readonly type: "rules" }>
  /** The page's open flag or context changed (props). */
  | { readonly type: "props"; readonly open: boolean; readonly context: CalculatorContext }
  /** 3 s after the last clamp or cap. */
  | { readonly type: "warningsExpired" }
  | { readonly type: "quoteAnswered"; readonly seq: number; readonly response: FinanceQuoteResponse };

export const NO_WARNINGS: CalculatorWarnings = Object.freeze({ balloon: null, deposit: null });

export interface CalculatorMachineInit {
  /** The fields from the URL (no-JS form). */
  readonly initial: CalculatorFormInput;
  readonly context: CalculatorContext;
  readonly open: boolean;
  /** The server's quote for `initial` (no-JS), or null. */
  readonly serverResponse: FinanceQuoteResponse | null;
}

/** The calculator rules for a form in a context (values, messages, request). */
export function calculatorView(form: CalculatorFormState, context: CalculatorContext): CalculatorState {
  return calculatorState({
    driveawayPrice: context.driveawayPrice ?? 0,
    deposit: form.committed.deposit,
    termMonths: form.term,
    balloonPercent: form.committed.balloon,
    entityType: form.entity,
    frequency: form.frequency,
    isABN: context.isABN,
    balloonTable: context.balloonTable,
    vehicle: context.vehicle,
  });
}

/** Whether two contexts give the same rules and request (the vehicle by value: pages build it inline). */
export function sameContext(a: CalculatorContext, b: CalculatorContext): boolean {
  return (
    a.driveawayPrice === b.driveawayPrice &&
    a.isABN === b.isABN &&
    a.balloonTable === b.balloonTable &&
    JSON.stringify(a.vehicle) === JSON.stringify(b.vehicle)
  );
}

function requestKey(state: CalculatorMachineState): string | null {
  const request = calculatorView(state.form, state.context).request;
  return request ? JSON.stringify(request) : null;
}

/** The rules' clamp and cap written into the committed values, with their warnings. */
function applyRules(state: CalculatorMachineState): CalculatorMachineState {
  const { values, messages } = calculatorView(state.form, state.context);
  if (!messages.balloon && !messages.deposit) return state;
  return {
    ...state,
    warnings: { balloon: messages.balloon ?? state.warnings.balloon, deposit: messages.deposit ?? state.warnings.deposit },
    form: calculatorFormReducer(state.form, {
      type: "rules",
      balloon: messages.balloon ? values.balloonText : null,
      deposit: messages.deposit ? values.depositText : null,
    }),
  };
}

/** On opening, and on a new request while open: ask for a quote (or fail when none can be asked for). */
function askQuote(prev: CalculatorMachineState | null, next: CalculatorMachineState): CalculatorMachineState {
  if (!next.open) return next.quote.fetch ? { ...next, quote: { ...next.quote, fetch: null } } : next;
  const key = requestKey(next);
  if (prev && prev.open && requestKey(prev) === key) return next;
  const { quote } = next;
  if (quote.serverAnswer) return { ...next, quote: { ...quote, serverAnswer: false } };
  if (key === null) return { ...next, quote: { ...quote, status: "error", response: null, fetch: null } };
  const seq = quote.seq + 1;
  return { ...next, quote: { ...quote, status: "loading", seq, fetch: { seq, request: JSON.parse(key) as FinanceQuoteRequest } } };
}

export function initialCalculatorMachine(init: CalculatorMachineInit): CalculatorMachineState {
  const form = initialCalculatorForm(init.initial);
  const response = init.serverResponse;
  const state: CalculatorMachineState = {
    serverForm: form,
    form,
    context: init.context,
    open: init.open,
    warnings: NO_WARNINGS,
    quote: {
      status: response ? (response.error ? "error" : "loaded") : "loading",
      response,
      fetch: null,
      seq: 0,
      serverAnswer: response !== null,
    },
  };
  return askQuote(null, applyRules(state));
}

export function calculatorMachineReducer(state: CalculatorMachineState, action: CalculatorMachineAction): CalculatorMachineState {
  switch (action.type) {
    case "warningsExpired":
      return state.warnings.balloon || state.warnings.deposit ? { ...state, warnings: NO_WARNINGS } : state;
    case "quoteAnswered": {
      if (state.quote.fetch?.seq !== action.seq) return state;
      const { response } = action;
      return { ...state, quote: { ...state.quote, status: response.error ? "error" : "loaded", response, fetch: null } };
    }
    case "props": {
      if (action.open === state.open && sameContext(action.context, state.context)) return state;
      return askQuote(state, applyRules({ ...state, open: action.open, context: action.context }));
    }
    default: {
      const form = calculatorFormReducer(state.form, action);
      return form === state.form ? state : askQuote(state, applyRules({ ...state, form }));
    }
  }
}
