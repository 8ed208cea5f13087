import { describe, expect, it } from "vitest";
import { DEFAULT_BALLOON_TABLE } from "~/features/finance/balloon-table";
import {
  calculatorMachineReducer,
  calculatorView,
  initialCalculatorMachine,
  NO_WARNINGS,
  type CalculatorContext,
  type CalculatorMachineAction,
  type CalculatorMachineInit,
  type CalculatorMachineState,
} from "~/features/finance/calculator-machine";
import { MIN_LOAN_MESSAGE, NO_BALLOON_MESSAGE } from "~/features/finance/constants";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import { QUOTE_VEHICLE } from "./fixtures";

const CONTEXT: CalculatorContext = { driveawayPrice: 40990, isABN: false, balloonTable: DEFAULT_BALLOON_TABLE, vehicle: QUOTE_VEHICLE };
const ANSWER = { error: false } as unknown as FinanceQuoteResponse;
const FAILED: FinanceQuoteResponse = { error: true };

const init = (over: Partial<CalculatorMachineInit> = {}) =>
  initialCalculatorMachine({ initial: { termMonths: "60", entityType: "Individual" }, context: CONTEXT, open: false, serverResponse: null, ...over });
const run = (state: CalculatorMachineState, actions: CalculatorMachineAction[]) => actions.reduce(calculatorMachineReducer, state);
const props = (open: boolean, context: Partial<CalculatorContext> = {}): CalculatorMachineAction => ({
  type: "props",
  open,
  context: { ...CONTEXT, ...context },
});

describe("calculator machine: rules", () => {
  it("clamps an over-limit balloon from the URL at once, warns, and keeps the server's form for the first render", () => {
    const state = init({ initial: { termMonths: "60", balloonPercent: "45" } });
    expect(state.serverForm.committed.balloon).toBe("45");
    expect(state.form.balloonText).toBe("30");
    expect(state.form.committed.balloon).toBe("30");
    expect(state.warnings.balloon).toBe("The maximum balloon amount for your loan term is 30%");
    expect(calculatorView(state.form, state.context).messages.balloon).toBeNull();
  });

  it("clamps a committed balloon on commit, not while typing, and the clamp stays after a longer term", () => {
    const typed = run(init(), [{ type: "balloon", text: "45" }]);
    expect(typed.form.balloonText).toBe("45");
    expect(typed.warnings).toBe(NO_WARNINGS);
    const committed = run(typed, [{ type: "commit" }]);
    expect(committed.form.balloonText).toBe("30");
    expect(committed.warnings.balloon).toBe("The maximum balloon amount for your loan term is 30%");
    const longer = run(committed, [{ type: "term", value: "12" }]);
    expect(longer.form.committed.balloon).toBe("30");
  });

  it("clamps the balloon when the term changes, with the no-balloon warning", () => {
    const state = run(init({ initial: { termMonths: "60", balloonPercent: "20" } }), [{ type: "term", value: "72" }]);
    expect(state.form.balloonText).toBe("0");
    expect(state.warnings.balloon).toBe(NO_BALLOON_MESSAGE);
  });

  it("caps the deposit when the page's price drops (Business), and the warnings expire together", () => {
    const state = run(init({ initial: { termMonths: "60", deposit: "30000" } }), [props(false, { driveawayPrice: 34000, isABN: true })]);
    expect(state.form.depositText).toBe("29000");
    expect(state.warnings.deposit).toBe(MIN_LOAN_MESSAGE);
    expect(run(state, [{ type: "warningsExpired" }]).warnings).toBe(NO_WARNINGS);
  });

  it("keeps keys typed after the clamped text", () => {
    const state = run(init(), [{ type: "balloon", text: "45" }, { type: "commit" }, { type: "balloon", text: "25" }]);
    expect(state.form.balloonText).toBe("25");
    expect(state.form.committed.balloon).toBe("30");
  });
});

describe("calculator machine: quote", () => {
  it("asks for a quote on opening and shows the answer of that ask only", () => {
    const opened = run(init(), [props(true)]);
    expect(opened.quote.status).toBe("loading");
    const ask = opened.quote.fetch;
    expect(ask?.request.assetPurchasePrice).toBe(40990);
    const stale = run(opened, [{ type: "quoteAnswered", seq: (ask?.seq ?? 0) - 1, response: FAILED }]);
    expect(stale).toBe(opened);
    const answered = run(opened, [{ type: "quoteAnswered", seq: ask?.seq ?? 0, response: ANSWER }]);
    expect(answered.quote).toMatchObject({ status: "loaded", response: ANSWER, fetch: null });
  });

  it("asks again for a new request while open, not for a change that leaves the request alone", () => {
    const answered = run(init(), [props(true), { type: "quoteAnswered", seq: 1, response: ANSWER }]);
    const typed = run(answered, [{ type: "deposit", text: "5000" }]);
    expect(typed.quote.fetch).toBeNull();
    const committed = run(typed, [{ type: "commit" }]);
    expect(committed.quote).toMatchObject({ status: "loading", response: ANSWER, seq: 2 });
    expect(committed.quote.fetch?.request.depositAmount).toBe(5000);
  });

  it("drops the ask on closing and asks again on reopening the same request", () => {
    const opened = run(init(), [props(true)]);
    const closed = run(opened, [props(false)]);
    expect(closed.quote.fetch).toBeNull();
    expect(run(closed, [{ type: "deposit", text: "1000" }, { type: "commit" }]).quote.fetch).toBeNull();
    const reopened = run(closed, [props(true)]);
    expect(reopened.quote.fetch?.seq).toBe(2);
  });

  it("fails without asking when no quote can be asked for (below the minimum loan)", () => {
    const state = run(init(), [props(true, { driveawayPrice: 4000 })]);
    expect(state.quote).toMatchObject({ status: "error", response: null, fetch: null });
  });

  it("shows the server's answer on the first opening, then asks on the next change", () => {
    const state = init({ open: true, serverResponse: ANSWER });
    expect(state.quote).toMatchObject({ status: "loaded", response: ANSWER, fetch: null });
    expect(run(state, [{ type: "frequency", value: "Monthly" }]).quote.fetch).toBeNull();
    expect(run(state, [{ type: "term", value: "48" }]).quote.status).toBe("loading");
  });

  it("asks at once when it starts open without a server answer", () => {
    expect(init({ open: true }).quote.fetch?.seq).toBe(1);
    expect(init({ open: true, serverResponse: FAILED }).quote).toMatchObject({ status: "error", fetch: null });
  });
});
