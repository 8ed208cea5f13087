import { ASSET_DETAILS, QUOTE_VEHICLE } from "./fixtures";
import { describe, expect, it } from "vitest";
import {
  buildQuoteRequest,
  calculatorInputFromSearchParams,
  canQuoteFinance,
  calculatorState,
  LOAN_TERM_OPTIONS,
  MissingNvicCodeError,
  normaliseBalloonText,
  parseBalloonPercent,
  parseDeposit,
  parseTermMonths,
  quoteFigures,
  stripLeadingZeros,
} from "~/features/finance/calculator";
import { MIN_LOAN_MESSAGE, NO_BALLOON_MESSAGE, QUOTE_ERROR_MESSAGE } from "~/features/finance/constants";
import { financeQuoteRequestSchema, type FinanceQuoteResponse } from "~/features/finance/quote-schema";

const vehicle = QUOTE_VEHICLE;
const base = { driveawayPrice: "40990", vehicle };

describe("loan term", () => {
  it("offers 12 to 84 months in steps of 12, labelled '1 year', then 'N years'", () => {
    expect(LOAN_TERM_OPTIONS.map((o) => o.value)).toEqual([12, 24, 36, 48, 60, 72, 84]);
    expect(LOAN_TERM_OPTIONS.map((o) => o.name)).toEqual([
      "1 year",
      "2 years",
      "3 years",
      "4 years",
      "5 years",
      "6 years",
      "7 years",
    ]);
    expect(LOAN_TERM_OPTIONS.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("defaults to 60 months, also for a term that is not offered", () => {
    expect(calculatorState(base).values.termMonths).toBe(60);
    expect(parseTermMonths("36")).toBe(36);
    expect(parseTermMonths(84)).toBe(84);
    expect(parseTermMonths("61")).toBe(60);
    expect(parseTermMonths("abc")).toBe(60);
    expect(parseTermMonths("")).toBe(60);
    expect(parseTermMonths(null)).toBe(60);
  });
});

describe("balloon", () => {
  it("strips leading zeros", () => {
    expect(stripLeadingZeros("007")).toBe("7");
    expect(stripLeadingZeros("00.5")).toBe("0.5");
    expect(stripLeadingZeros("0")).toBe("0");
    expect(normaliseBalloonText(" 020 ")).toBe("20");
    const s = calculatorState({ ...base, balloonPercent: "020" });
    expect(s.values.balloonText).toBe("20");
    expect(s.values.balloonPercent).toBe(20);
  });
  it("is a percentage of the driveaway price, with the dollar amount beside it (half-up to cents)", () => {
    expect(calculatorState({ ...base, balloonPercent: "30" }).values.balloonAmount).toBe(12297);
    expect(calculatorState({ driveawayPrice: 40995, balloonPercent: 25 }).values.balloonAmount).toBe(10248.75);
    expect(calculatorState({ driveawayPrice: "10000.10", balloonPercent: "12.5" }).values.balloonAmount).toBe(1250.01);
  });
  it("treats empty, negative or non-numeric input as 0", () => {
    expect(parseBalloonPercent("")).toBe(0);
    expect(parseBalloonPercent("abc")).toBe(0);
    expect(parseBalloonPercent("-5")).toBe(0);
    expect(parseBalloonPercent(undefined)).toBe(0);
    const s = calculatorState({ ...base, balloonPercent: "x" });
    expect(s.values.balloonPercent).toBe(0);
    expect(s.values.balloonText).toBe("0");
    expect(s.messages.balloon).toBeNull();
  });
  it("clamps a value above the term's maximum and raises the over-limit warning", () => {
    const s = calculatorState({ ...base, termMonths: 60, balloonPercent: "31" });
    expect(s.values.balloonPercent).toBe(30);
    expect(s.values.balloonText).toBe("30");
    expect(s.values.balloonAmount).toBe(12297);
    expect(s.flags.balloonOverLimit).toBe(true);
    expect(s.messages.balloon).toBe("The maximum balloon amount for your loan term is 30%");
  });
  it("accepts the maximum itself without a warning", () => {
    const s = calculatorState({ ...base, termMonths: 12, balloonPercent: "70" });
    expect(s.values.balloonPercent).toBe(70);
    expect(s.flags.balloonOverLimit).toBe(false);
    expect(s.messages.balloon).toBeNull();
  });
  it("gives each term its maximum and the field rule max + 1", () => {
    const max = [12, 24, 36, 48, 60, 72, 84].map((termMonths) => calculatorState({ ...base, termMonths }).values);
    expect(max.map((v) => v.maxBalloonPercent)).toEqual([70, 60, 50, 40, 30, 0, 0]);
    expect(max.map((v) => v.balloonFieldMax)).toEqual([71, 61, 51, 41, 31, 1, 1]);
  });
  it("clamps to the new maximum on a term change (40 % at 24 months, then 48 months)", () => {
    const before = calculatorState({ ...base, termMonths: 24, balloonPercent: "40" });
    expect(before.messages.balloon).toBeNull();
    const after = calculatorState({ ...base, termMonths: 48, balloonPercent: before.values.balloonText });
    expect(after.values.balloonPercent).toBe(40);
    const longer = calculatorState({ ...base, termMonths: 60, balloonPercent: before.values.balloonText });
    expect(longer.values.balloonPercent).toBe(30);
    expect(longer.messages.balloon).toBe("The maximum balloon amount for your loan term is 30%");
  });
  it("says there is no balloon option for 72 and 84 months", () => {
    for (const termMonths of [72, 84]) {
      const s = calculatorState({ ...base, termMonths, balloonPercent: "10" });
      expect(s.values.balloonPercent).toBe(0);
      expect(s.values.balloonAmount).toBe(0);
      expect(s.messages.balloon).toBe("There is no balloon option available for the loan term selected.");
      expect(s.messages.balloon).toBe(NO_BALLOON_MESSAGE);
      expect(s.request?.isBalloon).toBe(false);
    }
    expect(calculatorState({ ...base, termMonths: 84, balloonPercent: "0" }).messages.balloon).toBeNull();
  });
  it("uses a balloon table from content instead of the constant one", () => {
    const balloonTable = [
      { termMonths: 60, maxPercent: 25 },
      { termMonths: 84, maxPercent: 10 },
    ];
    const s = calculatorState({ ...base, termMonths: 60, balloonPercent: "30", balloonTable });
    expect(s.messages.balloon).toBe("The maximum balloon amount for your loan term is 25%");
    expect(calculatorState({ ...base, termMonths: 84, balloonPercent: "10", balloonTable }).values.balloonPercent).toBe(
      10,
    );
    // A term the content table does not list has no balloon.
    expect(calculatorState({ ...base, termMonths: 12, balloonPercent: "10", balloonTable }).messages.balloon).toBe(
      NO_BALLOON_MESSAGE,
    );
  });
});

describe("deposit", () => {
  it("strips commas; empty or non-numeric becomes 0", () => {
    expect(parseDeposit("5,000")).toBe(5000);
    expect(parseDeposit(" 1,234.50 ")).toBe(1234.5);
    expect(parseDeposit("")).toBe(0);
    expect(parseDeposit("abc")).toBe(0);
    expect(parseDeposit("5000abc")).toBe(0);
    expect(parseDeposit(null)).toBe(0);
    expect(calculatorState({ ...base, deposit: "10,000" }).values.deposit).toBe(10000);
    expect(calculatorState({ ...base, deposit: "ten" }).values.deposit).toBe(0);
  });
  it("is omitted from the request when 0 or less", () => {
    for (const deposit of ["0", "", "-500", "abc", undefined]) {
      const s = calculatorState({ ...base, deposit });
      expect(s.request).not.toBeNull();
      expect(s.request && "depositAmount" in s.request).toBe(false);
    }
    expect(calculatorState({ ...base, deposit: "1" }).request?.depositAmount).toBe(1);
    expect(calculatorState({ ...base, deposit: "-500" }).values.depositText).toBe("0");
  });
  it("is capped at price − 5000 − balloon amount with the warning 'The minimum loan amount is $5,000.'", () => {
    const s = calculatorState({ ...base, balloonPercent: "30", deposit: "30,000" });
    expect(s.values.deposit).toBe(23693); // 40990 − 5000 − 12297
    expect(s.values.depositText).toBe("23693");
    expect(s.values.loanAmount).toBe(17297);
    expect(s.flags.depositCapped).toBe(true);
    expect(s.messages.deposit).toBe("The minimum loan amount is $5,000.");
    expect(s.messages.deposit).toBe(MIN_LOAN_MESSAGE);
    expect(s.request?.depositAmount).toBe(23693);
    expect(s.request?.balloon.balloonAmount).toBe(12297);
  });
  it("is not capped at exactly the cap", () => {
    const s = calculatorState({ ...base, balloonPercent: "30", deposit: "23693" });
    expect(s.flags.depositCapped).toBe(false);
    expect(s.messages.deposit).toBeNull();
    expect(s.values.deposit).toBe(23693);
    expect(calculatorState({ ...base, balloonPercent: "30", deposit: "23693.01" }).flags.depositCapped).toBe(true);
  });
  it("caps against the clamped balloon, not the typed one", () => {
    const s = calculatorState({ ...base, balloonPercent: "50", deposit: "30000" });
    expect(s.values.balloonAmount).toBe(12297);
    expect(s.values.deposit).toBe(23693);
  });
  it("asks for no quote when even no deposit leaves less than $5,000", () => {
    const s = calculatorState({ driveawayPrice: 15000, termMonths: 12, balloonPercent: "70", deposit: "100", vehicle });
    expect(s.flags.belowMinimumLoan).toBe(true);
    expect(s.values.deposit).toBe(0);
    expect(s.messages.loan).toBe("The minimum loan amount is $5,000.");
    expect(s.request).toBeNull();
  });
  it("formats the message for a configured minimum", () => {
    const s = calculatorState({ ...base, deposit: "40000", minLoanAmount: 7500 });
    expect(s.values.deposit).toBe(33490);
    expect(s.messages.deposit).toBe("The minimum loan amount is $7,500.");
  });
});

describe("entity type and frequency", () => {
  it("defaults to Individual with Weekly, all three frequencies and the comparison rate", () => {
    const s = calculatorState(base);
    expect(s.values).toMatchObject({
      entityType: "Individual",
      isABN: false,
      frequency: "Weekly",
      frequencies: ["Weekly", "Fortnightly", "Monthly"],
      showComparisonRate: true,
    });
  });
  it("defaults to Business with Monthly when the ABN flag is set", () => {
    const s = calculatorState({ ...base, isABN: true });
    expect(s.values).toMatchObject({
      entityType: "Business",
      isABN: true,
      frequency: "Monthly",
      frequencies: ["Monthly"],
      showComparisonRate: false,
    });
    expect(s.request?.entityType).toBe("Business");
  });
  it("Business forces Monthly whatever frequency is asked for", () => {
    expect(calculatorState({ ...base, entityType: "Business", frequency: "Weekly" }).values.frequency).toBe("Monthly");
  });
  it("choosing Individual clears the ABN flag and keeps a chosen frequency", () => {
    const s = calculatorState({ ...base, isABN: true, entityType: "Individual", frequency: "Fortnightly" });
    expect(s.values).toMatchObject({
      entityType: "Individual",
      isABN: false,
      frequency: "Fortnightly",
      showComparisonRate: true,
    });
  });
  it("ignores an unknown entity or frequency", () => {
    const s = calculatorState({ ...base, entityType: "Trust", frequency: "Daily" });
    expect(s.values.entityType).toBe("Individual");
    expect(s.values.frequency).toBe("Weekly");
  });
});

describe("quote request", () => {
  it("carries the spec §3 fields and passes the request schema", () => {
    const s = calculatorState({ ...base, termMonths: "36", balloonPercent: "10", deposit: "5,000" });
    expect(s.request).toEqual({
      financeTermInMonths: 36,
      assetPurchasePrice: 40990,
      depositAmount: 5000,
      isGFV: false,
      isBalloon: true,
      balloon: { balloonAmount: 4099 },
      tradeIn: { tradeInValue: 0, tradeInPayout: 0 },
      entityType: "Individual",
      assetDetails: { ...ASSET_DETAILS },
    });
    expect(financeQuoteRequestSchema.safeParse(s.request).success).toBe(true);
  });
  it("says isBalloon false with a zero balloon", () => {
    const request = calculatorState(base).request;
    expect(request?.isBalloon).toBe(false);
    expect(request?.balloon).toEqual({ balloonAmount: 0 });
  });
  it("throws for a model without nvicCode", () => {
    expect(() => calculatorState({ ...base, vehicle: { nvicCode: "" } })).toThrow(MissingNvicCodeError);
    expect(() =>
      buildQuoteRequest({
        termMonths: 60,
        driveawayPrice: 40990,
        entityType: "Individual",
        vehicle: { nvicCode: null },
      }),
    ).toThrow(MissingNvicCodeError);
  });
  it("has no request without a vehicle (state only) or without a price", () => {
    expect(calculatorState({ driveawayPrice: 40990 }).request).toBeNull();
    const noPrice = calculatorState({ driveawayPrice: "", vehicle });
    expect(noPrice.request).toBeNull();
    expect(noPrice.flags.priceUnavailable).toBe(true);
  });
  it("copies factory options and a trade-in", () => {
    const request = buildQuoteRequest({
      termMonths: 48,
      driveawayPrice: 40990,
      deposit: 0,
      entityType: "Individual",
      tradeIn: { tradeInValue: 8000, tradeInPayout: 2000 },
      vehicle: { ...vehicle, factoryOptions: [{ code: "PAINT", name: "Premium paint", amount: 690 }] },
    });
    expect(request.assetDetails.factoryOptions).toEqual([{ code: "PAINT", name: "Premium paint", amount: 690 }]);
    expect(request.tradeIn).toEqual({ tradeInValue: 8000, tradeInPayout: 2000 });
    expect(financeQuoteRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe("no-JS GET form", () => {
  it("reads the fields from the query and gives the same state", () => {
    const params = new URLSearchParams("deposit=30%2C000&term=60&balloon=031&use=Individual&frequency=Monthly");
    const input = calculatorInputFromSearchParams(params);
    expect(input).toEqual({
      deposit: "30,000",
      termMonths: "60",
      balloonPercent: "031",
      entityType: "Individual",
      frequency: "Monthly",
      frequencyFor: undefined,
    });
    const s = calculatorState({ ...base, ...input });
    expect(s.values).toMatchObject({ deposit: 23693, balloonPercent: 30, frequency: "Monthly" });
    expect(s.messages).toEqual({
      balloon: "The maximum balloon amount for your loan term is 30%",
      deposit: "The minimum loan amount is $5,000.",
      loan: null,
    });
  });
  it("after a switch of Primary vehicle use, the frequency submitted for the old type gives way to the new type's default", () => {
    // Business → Individual: the Calculate button still carries Monthly, chosen for Business.
    const toIndividual = calculatorInputFromSearchParams(new URLSearchParams("use=Individual&frequency=Monthly&frequency_for=Business"));
    expect(toIndividual.frequencyFor).toBe("Business");
    expect(calculatorState({ ...base, ...toIndividual }).values.frequency).toBe("Weekly");
    // The same type: the chosen frequency stays.
    const same = calculatorInputFromSearchParams(new URLSearchParams("use=Individual&frequency=Monthly&frequency_for=Individual"));
    expect(calculatorState({ ...base, ...same }).values.frequency).toBe("Monthly");
    // Individual → Business: Monthly.
    const toBusiness = calculatorInputFromSearchParams(new URLSearchParams("use=Business&frequency=Fortnightly&frequency_for=Individual"));
    expect(calculatorState({ ...base, ...toBusiness }).values.frequency).toBe("Monthly");
    // An unknown frequency_for is ignored.
    expect(calculatorState({ ...base, entityType: "Individual", frequency: "Monthly", frequencyFor: "Trust" }).values.frequency).toBe("Monthly");
  });
  it("leaves absent fields undefined so the defaults apply", () => {
    const s = calculatorState({ ...base, ...calculatorInputFromSearchParams(new URLSearchParams("")) });
    expect(s.values).toMatchObject({
      termMonths: 60,
      frequency: "Weekly",
      deposit: 0,
      depositText: "",
      balloonPercent: 0,
    });
  });
});

describe("reading the answer", () => {
  const response: FinanceQuoteResponse = {
    error: false,
    quoteDetails: {
      repaymentSchedules: [
        { instalmentFrequency: "Weekly", totalAmount: 195.87, totalAmountRepayable: 50926.2 },
        { instalmentFrequency: "Monthly", totalAmount: 850.69 },
      ],
      programDetails: { rateDetails: { customerRate: 8.99, comparisonRate: 10.09 } },
      financedAmount: 40990,
    },
  };
  it("picks the chosen frequency's repayment and the rates", () => {
    expect(quoteFigures(response, "Weekly")).toEqual({
      repayment: 195.87,
      customerRate: 8.99,
      comparisonRate: 10.09,
      financedAmount: 40990,
      totalAmountRepayable: 50926.2,
    });
    expect(quoteFigures(response, "Monthly")?.totalAmountRepayable).toBeNull();
  });
  it("hides the comparison rate for Business", () => {
    expect(quoteFigures(response, "Monthly", "Business")?.comparisonRate).toBeNull();
  });
  it("gives null (show the error message) for an error answer or a missing frequency", () => {
    expect(quoteFigures({ error: true }, "Weekly")).toBeNull();
    expect(quoteFigures(response, "Fortnightly")).toBeNull();
    expect(QUOTE_ERROR_MESSAGE).toBe(
      "Sorry, we've encountered an error processing your request. Please try again later.",
    );
  });
});

describe("availability of the calculator", () => {
  it("needs AU, an nvicCode and a valid driveaway price", () => {
    expect(canQuoteFinance({ country: "au", nvicCode: "K4DEC8", driveawayPrice: 52990 })).toBe(true);
    // 'Contact your Dealer for Pricing': no price to quote.
    expect(canQuoteFinance({ country: "au", nvicCode: "K66388", driveawayPrice: null })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: "K66388", driveawayPrice: 0 })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: "K66388", driveawayPrice: Number.NaN })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: "K66388", driveawayPrice: undefined })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: "", driveawayPrice: 33490 })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: "  ", driveawayPrice: 33490 })).toBe(false);
    expect(canQuoteFinance({ country: "au", nvicCode: null, driveawayPrice: 33490 })).toBe(false);
    expect(canQuoteFinance({ country: "nz", nvicCode: "K4DEC8", driveawayPrice: 52990 })).toBe(false);
  });
});
