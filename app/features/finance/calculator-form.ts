import { type CalculatorFormInput, resolveFrequency, stripLeadingZeros } from "./calculator";
import { type EntityType, type Frequency, isEntityType } from "./constants";

/**
 * The calculator modal's field state with JavaScript (spec transactional.md §4, §5, §9), as a
 * pure reducer. What the visitor types stays in the field (leading zeros stripped at once); the
 * quote uses the committed texts, which follow the typed ones 300 ms after the last key (or at
 * once on Calculate). A clamp or cap from the rules rewrites a field only while it still holds
 * the text that was clamped, so keys typed since are never lost.
 */
export interface CalculatorFormState {
  /** The deposit field as shown. */
  readonly depositText: string;
  /** The balloon field as shown. */
  readonly balloonText: string;
  /** The texts the quote is computed from (debounced). */
  readonly committed: { readonly deposit: string; readonly balloon: string };
  readonly term: string;
  /** Null: the default from the ABN flag. */
  readonly entity: EntityType | null;
  /** Null: the entity type's default (Weekly, or Monthly for Business). */
  readonly frequency: Frequency | null;
}

export type CalculatorFormAction =
  | { readonly type: "deposit"; readonly text: string }
  | { readonly type: "balloon"; readonly text: string }
  /** The debounce elapsed, or the form was submitted: the quote follows the fields. */
  | { readonly type: "commit" }
  | { readonly type: "term"; readonly value: string }
  | { readonly type: "entity"; readonly value: EntityType }
  | { readonly type: "frequency"; readonly value: Frequency }
  /** The rules' texts for the committed values, where they clamped or capped (else null). */
  | { readonly type: "rules"; readonly deposit: string | null; readonly balloon: string | null };

/** The initial state from the form's values in the URL (the server rendered the same). */
export function initialCalculatorForm(initial: CalculatorFormInput): CalculatorFormState {
  const deposit = stripLeadingZeros(String(initial.deposit ?? "").trim());
  const balloon = stripLeadingZeros(String(initial.balloonPercent ?? "0").trim());
  const entity = isEntityType(initial.entityType) ? initial.entityType : null;
  // A frequency chosen for the other entity type does not carry over (resolveFrequency).
  const frequency =
    initial.frequency && entity ? resolveFrequency(entity, initial.frequency, initial.frequencyFor) : null;
  return {
    depositText: deposit,
    balloonText: balloon,
    committed: { deposit, balloon },
    term: String(initial.termMonths ?? ""),
    entity,
    frequency,
  };
}

/** Whether typed texts are still waiting for the debounce. */
export function hasPendingInput(state: CalculatorFormState): boolean {
  return state.depositText !== state.committed.deposit || state.balloonText !== state.committed.balloon;
}

export function calculatorFormReducer(state: CalculatorFormState, action: CalculatorFormAction): CalculatorFormState {
  switch (action.type) {
    case "deposit": {
      const text = stripLeadingZeros(action.text);
      return text === state.depositText ? state : { ...state, depositText: text };
    }
    case "balloon": {
      const text = stripLeadingZeros(action.text);
      return text === state.balloonText ? state : { ...state, balloonText: text };
    }
    case "commit":
      return hasPendingInput(state) ? { ...state, committed: { deposit: state.depositText, balloon: state.balloonText } } : state;
    case "term":
      return { ...state, term: action.value };
    case "entity":
      // The frequency goes back to the new entity type's default (Weekly / Monthly).
      return action.value === state.entity ? state : { ...state, entity: action.value, frequency: null };
    case "frequency":
      return { ...state, frequency: action.value };
    case "rules": {
      if (action.deposit === null && action.balloon === null) return state;
      const deposit = action.deposit ?? state.committed.deposit;
      const balloon = action.balloon ?? state.committed.balloon;
      if (deposit === state.committed.deposit && balloon === state.committed.balloon) return state;
      return {
        ...state,
        depositText: action.deposit !== null && state.depositText === state.committed.deposit ? action.deposit : state.depositText,
        balloonText: action.balloon !== null && state.balloonText === state.committed.balloon ? action.balloon : state.balloonText,
        committed: { deposit, balloon },
      };
    }
  }
}
