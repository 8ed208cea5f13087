import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { instalment } from "~/features/finance";
import { ASSET_DETAILS, quoteRequest } from "./fixtures";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
delete process.env.FINANCE_PARTNER_URL;
delete process.env.FINANCE_PARTNER_API_KEY;

let action: (args: ActionFunctionArgs) => Promise<Response>;
let loader: () => Response;
beforeAll(async () => {
  const route = await import("~/routes/api.angleGenericQuote");
  action = route.action;
  loader = route.loader;
});

/** The card panel's request: 20 % deposit and 20 % balloon. */
const BODY = quoteRequest({ depositAmount: 8198, isBalloon: true, balloon: { balloonAmount: 8198 } });

function post(body: unknown, raw = false): ActionFunctionArgs {
  return {
    request: new Request("http://localhost/api/angleGenericQuote/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: raw ? String(body) : JSON.stringify(body),
    }),
    params: {},
    context: {},
  };
}

describe("POST /api/angleGenericQuote/", () => {
  it("answers a valid request with the built-in engine and the global/finance rates, never cached", async () => {
    const res = await action(post(BODY));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const json = await res.json();
    expect(json.error).toBe(false);
    // global/finance: 8.99 %, $395 establishment fee added to the loan.
    expect(json.quoteDetails.financedAmount).toBe(40990 - 8198 + 395);
    const weekly = json.quoteDetails.repaymentSchedules.find((s: { instalmentFrequency: string }) => s.instalmentFrequency === "Weekly");
    expect(weekly.totalAmount).toBe(instalment({ amount: 33187, balloon: 8198, ratePercent: 8.99, termMonths: 60, frequency: "Weekly" }));
    expect(json.quoteDetails.programDetails.rateDetails.customerRate).toBe(8.99);
  });

  it("answers a body that is not JSON with a 400 message", async () => {
    const res = await action(post("{not json", true));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: true, message: expect.stringContaining("JSON") });
  });

  it("answers an invalid request with a 400 naming the field", async () => {
    const res = await action(post({ ...BODY, financeTermInMonths: 61 }));
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toBe(true);
    expect(json.message).toContain("financeTermInMonths");
  });

  it("refuses a model without nvicCode with a 400", async () => {
    for (const identificationCode of ["", "   "]) {
      const res = await action(post({ ...BODY, assetDetails: { ...ASSET_DETAILS, identificationCode } }));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain("nvicCode");
    }
    const { identificationCode: _omit, ...withoutCode } = ASSET_DETAILS;
    const res = await action(post({ ...BODY, assetDetails: withoutCode }));
    expect(res.status).toBe(400);
  });

  it("answers a lending-rule failure with a 422 and the spec message", async () => {
    const res = await action(post({ ...BODY, depositAmount: undefined, balloon: { balloonAmount: 20000 } }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: true, message: "The maximum balloon amount for your loan term is 30%" });
  });

  it("refuses GET with a 405", async () => {
    const res = loader();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});
