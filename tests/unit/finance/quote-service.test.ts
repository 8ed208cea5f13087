import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { instalment } from "~/features/finance";
import {
  cardQuoteForModel,
  loadFinanceConfig,
  partnerSettings,
  quote,
  quoteEngineKind,
  quoteVehicleOf,
  requestQuote,
} from "~/features/finance/quote-service.server";
import { quoteRequest as request } from "./fixtures";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

const SETTINGS = { base_rate_percent: "8.99", business_rate_percent: "7.49", establishment_fee: "0", monthly_fee: "0" };
const LOCAL = { env: {}, settings: SETTINGS };
const PARTNER_ENV = { FINANCE_PARTNER_URL: "https://partner.example/quote", FINANCE_PARTNER_API_KEY: "k-123", FINANCE_PARTNER_TIMEOUT_MS: "500" };

const PARTNER_ANSWER = {
  error: false,
  quoteDetails: {
    repaymentSchedules: [{ instalmentFrequency: "Weekly", totalAmount: 201.5 }],
    programDetails: { rateDetails: { customerRate: 9.49, comparisonRate: 10.1 } },
    financedAmount: 32000,
  },
};

afterEach(() => vi.restoreAllMocks());

describe("loadFinanceConfig", () => {
  it("reads the finance-settings story global/finance (content wins over env)", async () => {
    const result = await loadFinanceConfig({ env: { FINANCE_BASE_RATE: "5" } });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.baseRatePercent).toBe(8.99);
      expect(result.config.establishmentFee).toBe(395);
      expect(result.config.monthlyFee).toBe(10);
    }
  });
  it("falls back to the FINANCE_* variables when the story leaves a field empty", async () => {
    const result = await loadFinanceConfig({
      settings: {},
      env: { FINANCE_BASE_RATE: "6.5", FINANCE_ESTABLISHMENT_FEE: "250", FINANCE_MONTHLY_FEE: "12" },
    });
    expect(result).toMatchObject({ ok: true, config: { baseRatePercent: 6.5, establishmentFee: 250, monthlyFee: 12 } });
  });
  it("is not ok without a rate anywhere", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await loadFinanceConfig({ settings: {}, env: {} });
    expect(result.ok).toBe(false);
  });
});

describe("requestQuote with the built-in engine", () => {
  it("answers the finance.md base case: $40,990, 8.99 %, 60 months, no fees → $195.87 a week", async () => {
    expect(quoteEngineKind(LOCAL)).toBe("local");
    const response = await requestQuote(request(), LOCAL);
    expect(response.error).toBe(false);
    if (response.error) return;
    const weekly = response.quoteDetails.repaymentSchedules.find((s) => s.instalmentFrequency === "Weekly");
    expect(weekly?.totalAmount).toBe(195.87);
    expect(response.quoteDetails.repaymentSchedules.map((s) => s.instalmentFrequency)).toEqual(["Weekly", "Fortnightly", "Monthly"]);
    expect(response.quoteDetails.programDetails.rateDetails.customerRate).toBe(8.99);
    expect(response.quoteDetails.financedAmount).toBe(40990);
  });
  it("rejects a balloon over the term's maximum with the spec message", async () => {
    const result = await quote(request({ financeTermInMonths: 72, isBalloon: true, balloon: { balloonAmount: 1000 } }), LOCAL);
    expect(result.outcome).toBe("rejected");
    expect(result.response).toEqual({ error: true, message: "There is no balloon option available for the loan term selected." });
  });
  it("is unavailable (error flag) when the configuration is incomplete", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await quote(request(), { env: {}, settings: {} });
    expect(result.outcome).toBe("unavailable");
    expect(result.response.error).toBe(true);
  });
});

describe("requestQuote through the partner", () => {
  it("needs both the URL and the key", () => {
    expect(partnerSettings({ env: { FINANCE_PARTNER_URL: "https://p.example" } })).toBeNull();
    expect(partnerSettings({ env: PARTNER_ENV })).toEqual({ url: "https://partner.example/quote", apiKey: "k-123", timeoutMs: 500 });
  });
  it("posts the request with the key and returns the partner's answer", async () => {
    const fetchMock = vi.fn(async () => Response.json(PARTNER_ANSWER));
    const response = await requestQuote(request(), { env: PARTNER_ENV, fetch: fetchMock as unknown as typeof fetch });
    expect(response).toEqual(PARTNER_ANSWER);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://partner.example/quote");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer k-123");
    expect(JSON.parse(String(init.body))).toEqual(request());
  });
  it("retries once after a failure", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new Error("ECONNRESET"))
      .mockResolvedValueOnce(Response.json(PARTNER_ANSWER));
    const response = await requestQuote(request(), { env: PARTNER_ENV, fetch: fetchMock as unknown as typeof fetch });
    expect(response.error).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
  it("turns two failures, a 5xx or an answer of the wrong shape into { error: true } and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const answer of [() => new Response("busy", { status: 503 }), () => Response.json({ hello: "world" })]) {
      const fetchMock = vi.fn(async () => answer());
      const result = await quote(request(), { env: PARTNER_ENV, fetch: fetchMock as unknown as typeof fetch });
      expect(result.outcome).toBe("unavailable");
      expect(result.response.error).toBe(true);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    }
    expect(log).toHaveBeenCalled();
  });
  it("times out a partner that does not answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const hang = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const env = { ...PARTNER_ENV, FINANCE_PARTNER_TIMEOUT_MS: "20" };
    const response = await requestQuote(request(), { env, fetch: hang as unknown as typeof fetch });
    expect(response.error).toBe(true);
    expect(hang).toHaveBeenCalledTimes(2);
  });
});

describe("cardQuoteForModel", () => {
  const vehicle = quoteVehicleOf({ nvicCode: "KC447F", short_name: "Sport", variant_name: "2.0T" }, "Kestrel", "Corvale");
  const config = { baseRatePercent: 8.99, establishmentFee: 395, monthlyFee: 10 };

  it("computes the weekly quote for 20 % deposit, 20 % balloon, 60 months on the server", async () => {
    const card = await cardQuoteForModel(45490, vehicle, { env: {}, config });
    expect(card.state).toBe("ready");
    if (card.state !== "ready") return;
    // 45,490 − 9,098 deposit + 395 fee = 36,787 financed, 9,098 balloon, 8.99 %/52 over 260 weeks.
    expect(card.figures.financedAmount).toBe(36787);
    expect(card.figures.repayment).toBe(
      instalment({ amount: 36787, balloon: 9098, ratePercent: 8.99, termMonths: 60, frequency: "Weekly" }),
    );
    expect(card.figures.customerRate).toBe(8.99);
    expect(card.figures.comparisonRate).toBeGreaterThan(8.99);
    expect(card.summary).toBe("20% deposit | 60 month term | Balloon payment | Total amount repayable");
  });
  it("fails (logged once per model, not on every render) for a model without nvicCode", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const noCode = { ...vehicle, model: "Unlisted", nvicCode: "" };
    const card = await cardQuoteForModel(33490, noCode, { env: {}, config });
    expect(card.state).toBe("failed");
    expect(log).toHaveBeenCalledTimes(1);
    expect((await cardQuoteForModel(33490, noCode, { env: {}, config })).state).toBe("failed");
    expect(log).toHaveBeenCalledTimes(1);
  });
  it("shows no panel without a price", async () => {
    expect(await cardQuoteForModel(null, vehicle, { env: {}, config })).toEqual({ state: "none" });
  });
  it("leaves the quote to the browser when the partner answers", async () => {
    const card = await cardQuoteForModel(45490, vehicle, { env: PARTNER_ENV });
    expect(card.state).toBe("pending");
    if (card.state === "pending") expect(card.request.assetDetails.identificationCode).toBe("KC447F");
  });
});
