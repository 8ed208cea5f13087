import { useEffect, useReducer, useRef } from "react";
import { track } from "~/features/analytics/track";
import { hasPendingInput } from "../calculator-form";
import {
  calculatorMachineReducer,
  calculatorView,
  initialCalculatorMachine,
  NO_WARNINGS,
  sameContext,
  type CalculatorMachineInit,
} from "../calculator-machine";
import type { FinanceQuoteRequest, FinanceQuoteResponse } from "../quote-schema";

export const QUOTE_ENDPOINT = "/api/angleGenericQuote/";
export const CALCULATOR_DEBOUNCE_MS = 300;
export const CALCULATOR_WARNING_MS = 3000;

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
 * The calculator machine (calculator-machine.ts) in a component: the page's open flag and context
 * enter it while rendering (React's pattern for state that follows props, no effect); the effects
 * only run the timers and the quote request it asks for. Before hydration the view is the form the
 * server rendered, without warnings.
 */
export function useCalculator(init: CalculatorMachineInit & { hydrated: boolean; modelName: string }) {
  const { hydrated, open, context } = init;
  const [state, dispatch] = useReducer(calculatorMachineReducer, init, initialCalculatorMachine);
  if (state.open !== open || !sameContext(state.context, context)) dispatch({ type: "props", open, context });

  // Debounce: typed deposit and balloon reach the quote 300 ms after the last key.
  const { depositText, balloonText } = state.form;
  const pending = hasPendingInput(state.form);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => dispatch({ type: "commit" }), CALCULATOR_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pending, depositText, balloonText]);

  // The warnings clear 3 s after the last clamp or cap.
  const { warnings } = state;
  useEffect(() => {
    if (!warnings.balloon && !warnings.deposit) return;
    const timer = window.setTimeout(() => dispatch({ type: "warningsExpired" }), CALCULATOR_WARNING_MS);
    return () => window.clearTimeout(timer);
  }, [warnings]);

  // The quote the machine asks for; a newer ask (or closing) aborts it.
  const modelNameRef = useRef(init.modelName);
  modelNameRef.current = init.modelName;
  const ask = state.quote.fetch;
  useEffect(() => {
    if (!hydrated || !ask) return;
    const controller = new AbortController();
    fetchQuote(ask.request, controller.signal)
      .then((response) => {
        dispatch({ type: "quoteAnswered", seq: ask.seq, response });
        // Completion is reported like a field change (spec section 4: "completion sends an analytics event").
        track("calculator_fields", { field_name: "quote", field_value: response.error ? "error" : "loaded", car_model: modelNameRef.current });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [hydrated, ask]);

  // Typed into between hydration and the enhanced render (React already runs the fields): the
  // fields show the visitor's text from then on, not the server's, which would take each key back.
  const initialForm = useRef(state.form);
  const live = hydrated || state.form !== initialForm.current;
  const form = live ? state.form : state.serverForm;
  return {
    live,
    form,
    calc: calculatorView(form, state.context),
    warnings: live ? state.warnings : NO_WARNINGS,
    quote: state.quote,
    dispatch,
  };
}
