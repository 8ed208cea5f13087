import { describe, expect, it } from "vitest";
import { calculatorState } from "~/features/finance/calculator";
import {
  calculatorFormReducer,
  hasPendingInput,
  initialCalculatorForm,
  type CalculatorFormAction,
  type CalculatorFormState,
} from "~/features/finance/calculator-form";
import { QUOTE_VEHICLE } from "./fixtures";

const run = (state: CalculatorFormState, actions: CalculatorFormAction[]) => actions.reduce(calculatorFormReducer, state);

/** One key at a time, the debounce elapsing after each (a key every 350 ms > 300 ms). */
function typeSlowly(state: CalculatorFormState, field: "deposit" | "balloon", keys: string): CalculatorFormState {
  let next = state;
  let text = field === "deposit" ? state.depositText : state.balloonText;
  for (const key of keys) {
    text += key;
    next = run(next, [{ type: field, text }, { type: "commit" }]);
    text = field === "deposit" ? next.depositText : next.balloonText;
  }
  return next;
}

describe("calculator form reducer", () => {
  const start = initialCalculatorForm({ termMonths: "60", entityType: "Individual" });

  it("keeps every key typed at an ordinary pace, committing after each pause", () => {
    const deposit = typeSlowly(start, "deposit", "12000");
    expect(deposit.depositText).toBe("12000");
    expect(deposit.committed.deposit).toBe("12000");
    const balloon = typeSlowly(initialCalculatorForm({}), "balloon", "25");
    expect(balloon.balloonText).toBe("25");
    expect(balloon.committed.balloon).toBe("25");
  });

  it("leaves the quote on the committed text until the debounce (or Calculate) commits", () => {
    const typed = run(start, [{ type: "deposit", text: "1" }, { type: "deposit", text: "12" }]);
    expect(typed.depositText).toBe("12");
    expect(typed.committed.deposit).toBe("");
    expect(hasPendingInput(typed)).toBe(true);
    const committed = calculatorFormReducer(typed, { type: "commit" });
    expect(committed.committed.deposit).toBe("12");
    expect(hasPendingInput(committed)).toBe(false);
    expect(calculatorFormReducer(committed, { type: "commit" })).toBe(committed);
  });

  it("strips leading zeros in the field itself", () => {
    expect(typeSlowly(start, "deposit", "007").depositText).toBe("7");
    expect(typeSlowly(initialCalculatorForm({ balloonPercent: "" }), "balloon", "007").balloonText).toBe("7");
    expect(run(start, [{ type: "balloon", text: "0" }]).balloonText).toBe("0");
    expect(run(start, [{ type: "balloon", text: "0.5" }]).balloonText).toBe("0.5");
    expect(initialCalculatorForm({ deposit: "007", balloonPercent: "010" })).toMatchObject({ depositText: "7", balloonText: "10" });
  });

  it("applies a clamp or cap to the field only while it still holds the clamped text", () => {
    const capped = run(start, [{ type: "deposit", text: "60000" }, { type: "commit" }, { type: "rules", deposit: "35990", balloon: null }]);
    expect(capped.depositText).toBe("35990");
    expect(capped.committed.deposit).toBe("35990");
    // A key typed after the commit and before the rules' answer stays in the field.
    const later = run(start, [
      { type: "balloon", text: "8" },
      { type: "commit" },
      { type: "balloon", text: "80" },
      { type: "rules", deposit: null, balloon: "30" },
    ]);
    expect(later.balloonText).toBe("80");
    expect(later.committed.balloon).toBe("30");
    expect(hasPendingInput(later)).toBe(true);
  });

  it("the rules agree with calculatorState: a capped deposit settles (no second cap)", () => {
    const rules = (s: CalculatorFormState) =>
      calculatorState({ driveawayPrice: 40990, deposit: s.committed.deposit, balloonPercent: s.committed.balloon, termMonths: s.term, vehicle: QUOTE_VEHICLE });
    let s = run(start, [{ type: "deposit", text: "50000" }, { type: "commit" }]);
    const first = rules(s);
    expect(first.messages.deposit).not.toBeNull();
    s = calculatorFormReducer(s, { type: "rules", deposit: first.values.depositText, balloon: null });
    expect(s.depositText).toBe("35990");
    expect(rules(s).messages.deposit).toBeNull();
    expect(calculatorFormReducer(s, { type: "rules", deposit: "35990", balloon: null })).toBe(s);
  });

  it("a change of entity type resets the frequency to the new type's default", () => {
    const fortnightly = run(start, [{ type: "frequency", value: "Fortnightly" }]);
    expect(fortnightly.frequency).toBe("Fortnightly");
    const business = calculatorFormReducer(fortnightly, { type: "entity", value: "Business" });
    expect(business).toMatchObject({ entity: "Business", frequency: null });
    const individual = calculatorFormReducer(business, { type: "entity", value: "Individual" });
    expect(individual.frequency).toBeNull();
    expect(calculatorState({ driveawayPrice: 40990, entityType: individual.entity, frequency: individual.frequency }).values.frequency).toBe("Weekly");
  });

  it("starts from the URL's form, dropping a frequency submitted for the other entity type", () => {
    expect(initialCalculatorForm({ entityType: "Individual", frequency: "Monthly", frequencyFor: "Business" }).frequency).toBe("Weekly");
    expect(initialCalculatorForm({ entityType: "Individual", frequency: "Monthly", frequencyFor: "Individual" }).frequency).toBe("Monthly");
    expect(initialCalculatorForm({ entityType: "Business", frequency: "Weekly", frequencyFor: "Individual" }).frequency).toBe("Monthly");
    expect(initialCalculatorForm({ frequency: "Monthly" }).frequency).toBeNull();
  });
});
