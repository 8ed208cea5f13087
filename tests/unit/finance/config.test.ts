import { describe, expect, it } from "vitest";
import { DEFAULT_BALLOON_TABLE } from "~/features/finance/balloon-table";
import { customerRatePercent, financeConfigFromSettings } from "~/features/finance/config";

const settings = {
  component: "finance-settings",
  _uid: "f1",
  use_angle_api: true,
  base_rate_percent: "8.99",
  business_rate_percent: "9.49",
  establishment_fee: "$195",
  monthly_fee: "12",
};

describe("financeConfigFromSettings", () => {
  it("reads rates and fees from the finance-settings content fields", () => {
    const result = financeConfigFromSettings(settings, {});
    expect(result).toEqual({
      ok: true,
      warnings: [],
      config: {
        baseRatePercent: 8.99,
        businessRatePercent: 9.49,
        establishmentFee: 195,
        monthlyFee: 12,
        minLoanAmount: 5000,
        paymentTiming: "arrears",
        balloonTable: DEFAULT_BALLOON_TABLE,
      },
    });
  });
  it("prefers content over the environment", () => {
    const result = financeConfigFromSettings(settings, {
      FINANCE_BASE_RATE: "5",
      FINANCE_ESTABLISHMENT_FEE: "1",
      FINANCE_MONTHLY_FEE: "1",
    });
    expect(result.ok && result.config.baseRatePercent).toBe(8.99);
  });
  it("falls back to FINANCE_BASE_RATE, FINANCE_ESTABLISHMENT_FEE, FINANCE_MONTHLY_FEE and FINANCE_BUSINESS_RATE", () => {
    const result = financeConfigFromSettings(
      { base_rate_percent: "", establishment_fee: null },
      {
        FINANCE_BASE_RATE: "7.49",
        FINANCE_ESTABLISHMENT_FEE: "250",
        FINANCE_MONTHLY_FEE: "0",
        FINANCE_BUSINESS_RATE: "8.5",
      },
    );
    expect(result.ok && result.config).toMatchObject({
      baseRatePercent: 7.49,
      businessRatePercent: 8.5,
      establishmentFee: 250,
      monthlyFee: 0,
    });
    expect(
      financeConfigFromSettings(null, {
        FINANCE_BASE_RATE: "7.49",
        FINANCE_ESTABLISHMENT_FEE: "0",
        FINANCE_MONTHLY_FEE: "0",
      }).ok,
    ).toBe(true);
  });
  it("warns and falls back when a content value is unreadable", () => {
    const result = financeConfigFromSettings({ ...settings, base_rate_percent: "eight" }, { FINANCE_BASE_RATE: "6.5" });
    expect(result.ok && result.config.baseRatePercent).toBe(6.5);
    expect(result.warnings).toEqual([
      "finance-settings base_rate_percent is not a percentage from 0 to below 100; using FINANCE_BASE_RATE",
    ]);
  });
  it("fails, naming each missing or invalid value, when a rate or fee has no valid source", () => {
    const result = financeConfigFromSettings({}, { FINANCE_MONTHLY_FEE: "-3" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      "base_rate_percent (finance-settings) or FINANCE_BASE_RATE is required",
      "establishment_fee (finance-settings) or FINANCE_ESTABLISHMENT_FEE is required",
      "FINANCE_MONTHLY_FEE is not an amount of 0 or more",
    ]);
    expect(financeConfigFromSettings({ ...settings, base_rate_percent: "120" }, {}).ok).toBe(false);
  });
  it("uses the base rate for Business when no business rate is set", () => {
    const result = financeConfigFromSettings({ ...settings, business_rate_percent: undefined }, {});
    expect(result.ok && result.config.businessRatePercent).toBeUndefined();
    if (result.ok) {
      expect(customerRatePercent(result.config, "Business")).toBe(8.99);
      expect(customerRatePercent({ ...result.config, businessRatePercent: 9.49 }, "Business")).toBe(9.49);
      expect(customerRatePercent({ ...result.config, businessRatePercent: 9.49 }, "Individual")).toBe(8.99);
    }
  });
  it("reads the balloon table, minimum loan and payment timing from content", () => {
    const result = financeConfigFromSettings(
      {
        ...settings,
        min_loan_amount: "6000",
        payment_timing: "advance",
        balloonTable: {
          thead: [{ value: "Term" }, { value: "Balloon" }],
          tbody: [{ body: [{ value: "60" }, { value: "25" }] }],
        },
      },
      {},
    );
    expect(result.ok && result.config).toMatchObject({
      minLoanAmount: 6000,
      paymentTiming: "advance",
      balloonTable: [{ termMonths: 60, maxPercent: 25 }],
    });
  });
  it("keeps the standard balloon table when the content table is unreadable, with a warning", () => {
    const result = financeConfigFromSettings({ ...settings, balloonTable: { tbody: [] } }, {});
    expect(result.ok && result.config.balloonTable).toBe(DEFAULT_BALLOON_TABLE);
    expect(result.warnings).toEqual([
      "finance-settings balloonTable has no readable row; using the standard balloon table",
    ]);
  });
});
