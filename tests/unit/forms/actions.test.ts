import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiSubmitAction, formAction } from "~/features/forms/action.server";
import type { FormActionData } from "~/features/forms/action-data";
import { addDays, todayIn } from "~/features/forms/dates";
import { closeLeadStore, getLeadStore } from "~/features/forms/store.server";
import { restoreEnv, stubEnv } from "../support/env";

/**
 * The server side of the forms over the fixture content (contact-us, test-drive, the competition)
 * and a temporary SQLite store: POST /api/form/, /api/competition/ and the page action.
 */
let dir = "";

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "actions-"));
  stubEnv({ LEADS_DB_PATH: path.join(dir, "leads.db"), DATABASE_URL: undefined, CRM_BASE_URL: undefined, BOT_CHECK_SECRET: undefined });
});
afterAll(async () => {
  await closeLeadStore();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

let n = 0;
const contact = (extra: Record<string, unknown> = {}) => ({
  form_id: "contact-us",
  country: "au",
  token: "",
  disableCIO: false,
  enquiry_type: "vehicle",
  vehicle_interested_in: "tarrak",
  first_name: "Ann",
  last_name: `Lee${++n}`,
  mobile_phone: "0412345678",
  Email: "ann@example.com",
  post_code: "3121",
  dealer_code: "AU-VIC-001",
  comments: 'Line one\nline "two"',
  ...extra,
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function leads() {
  return (await getLeadStore()).list();
}

describe("POST /api/form/", () => {
  it("stores the normalised lead before answering OK, once per idempotency key", async () => {
    const before = (await leads()).length;
    const body = contact();
    const first = await apiSubmitAction(post("/api/form/", body, { "Idempotency-Key": "retry-key-0001" }), "form");
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true });
    const retry = await apiSubmitAction(post("/api/form/", body, { "Idempotency-Key": "retry-key-0001" }), "form");
    expect(retry.status).toBe(200);
    const stored = await leads();
    expect(stored.length).toBe(before + 1);
    const lead = stored.find((l) => l.idempotencyKey.startsWith(`retry-key-0001.`))!;
    expect(lead).toMatchObject({ status: "pending", endpoint: "/enquiries/vehicle", formId: "contact-us", country: "au", kind: "form" });
    expect(lead.payload).toMatchObject({
      mobile_phone: "61412345678",
      comments: "Line one line 'two'",
      company_name: "",
      dealer_code: "AU-VIC-001",
      SFEndpoint: "/enquiries/vehicle",
      enquiry_name: "Vehicle enquiry",
      lead_source: "website-contact-us",
      disableCIO: false,
    });
    expect(lead.payload).not.toHaveProperty("token");
  });

  it("takes the idempotency key from the body when there is no header", async () => {
    const body = contact({ idempotency_key: "body-key-000001" });
    await apiSubmitAction(post("/api/form/", body), "form");
    await apiSubmitAction(post("/api/form/", body), "form");
    expect((await leads()).filter((l) => l.idempotencyKey.startsWith(`body-key-000001.`))).toHaveLength(1);
  });

  it("stores two visitors' leads that carry one page's key (a cached page hands every visitor the same markup)", async () => {
    const before = (await leads()).length;
    const shared = { idempotency_key: "cached-page-key-01" };
    const ben = contact({ ...shared, first_name: "Ben" });
    const first = await apiSubmitAction(post("/api/form/", contact({ ...shared, first_name: "Ana" })), "form");
    const second = await apiSubmitAction(post("/api/form/", ben), "form");
    expect([first.status, second.status]).toEqual([201, 201]);
    // Each visitor's own retry still finds their lead.
    expect((await apiSubmitAction(post("/api/form/", ben), "form")).status).toBe(200);
    const stored = (await leads()).filter((l) => l.idempotencyKey.startsWith("cached-page-key-01."));
    expect(stored.map((l) => l.payload.first_name).sort()).toEqual(["Ana", "Ben"]);
    expect((await leads()).length).toBe(before + 2);
  });

  it("re-validates on the server and answers 400 with field errors; nothing is stored", async () => {
    const before = (await leads()).length;
    const response = await apiSubmitAction(post("/api/form/", contact({ mobile_phone: "12", Email: "nope", comments: "", dealer_code: "" })), "form");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: {
        mobile_phone: ["Valid phone number required"],
        Email: ["Valid email required"],
        comments: ["Comments are required"],
        dealer_code: ["A dealer is required"],
      },
    });
    expect((await leads()).length).toBe(before);
  });

  it("refuses a dealer of the other country", async () => {
    const response = await apiSubmitAction(post("/api/form/", contact({ dealer_code: "NZ-AKL-001" })), "form");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { dealer_code: ["Preferred dealership is not valid."] } });
  });

  it("answers 400 for an unknown form or country, and for a body that is not JSON", async () => {
    expect((await apiSubmitAction(post("/api/form/", contact({ form_id: "nope" })), "form")).status).toBe(400);
    expect((await apiSubmitAction(post("/api/form/", contact({ country: "us" })), "form")).status).toBe(400);
    // A competition form is not an enquiry form, and the other way round.
    expect((await apiSubmitAction(post("/api/form/", contact({ form_id: "drive-the-coast" })), "form")).status).toBe(400);
    const notJson = new Request("http://localhost/api/form/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect((await apiSubmitAction(notJson, "form")).status).toBe(400);
  });

  it("a filled honeypot is refused with 400 and nothing is stored", async () => {
    const before = (await leads()).length;
    const response = await apiSubmitAction(post("/api/form/", contact({ kestrel_hp: "http://spam.example" })), "form");
    expect(response.status).toBe(400);
    expect((await leads()).length).toBe(before);
  });

  it("with BOT_CHECK_SECRET set the widget's token is verified first; a failure stores nothing", async () => {
    stubEnv({ BOT_CHECK_SECRET: "secret", BOT_CHECK_VERIFY_URL: "https://verify.example/siteverify" });
    const realFetch = globalThis.fetch;
    const verify = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).startsWith("https://verify.example")) {
        return Response.json({ success: new URLSearchParams(String(init?.body)).get("response") === "human" });
      }
      return realFetch(input, init);
    });
    vi.stubGlobal("fetch", verify);
    try {
      const before = (await leads()).length;
      const refused = await apiSubmitAction(post("/api/form/", contact({ token: "robot" })), "form");
      expect(refused.status).toBe(400);
      expect((await leads()).length).toBe(before);
      const accepted = await apiSubmitAction(post("/api/form/", contact({ token: "human" })), "form");
      expect(accepted.status).toBe(201);
      expect((await leads()).length).toBe(before + 1);
    } finally {
      vi.unstubAllGlobals();
      stubEnv({ BOT_CHECK_SECRET: undefined, BOT_CHECK_VERIFY_URL: undefined });
    }
  });

  it("when the store cannot be written the visitor is not told it succeeded (503)", async () => {
    await closeLeadStore();
    const good = path.join(dir, "leads.db");
    stubEnv({ LEADS_DB_PATH: "/dev/null/leads.db" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await apiSubmitAction(post("/api/form/", contact()), "form");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: "Sorry. We were unable to submit the form at this time. Please try again later." });
      // The log says what failed, not what the visitor typed.
      expect(error.mock.calls.flat().join(" ")).not.toMatch(/Ann|ann@example\.com|0412345678/);
    } finally {
      error.mockRestore();
      await closeLeadStore();
      stubEnv({ LEADS_DB_PATH: good });
    }
  });

  it("answers 405 to anything but POST", async () => {
    expect((await apiSubmitAction(new Request("http://localhost/api/form/"), "form")).status).toBe(405);
  });

  it("refuses a field of the wrong JSON type with 400 naming it, and stores nothing (issue 25)", async () => {
    const before = (await leads()).length;
    const response = await apiSubmitAction(
      post("/api/form/", contact({ first_name: 123, last_name: true, company_name: { name: "Acme" }, comments: ["a"], Email: null })),
      "form",
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      first_name: ["first_name is not valid."],
      last_name: ["last_name is not valid."],
      company_name: ["company_name is not valid."],
      comments: ["comments is not valid."],
      Email: ["Email is not valid."],
    });
    expect(body.error).toMatch(/JSON string/);
    // disableCIO is the one boolean; as a string it is refused too.
    const cio = await apiSubmitAction(post("/api/form/", contact({ disableCIO: "no" })), "form");
    expect(await cio.json()).toMatchObject({ errors: { disableCIO: ["disableCIO is not valid."] } });
    // form_id and country are strings like the rest.
    const id = await apiSubmitAction(post("/api/form/", contact({ form_id: ["contact-us"] })), "form");
    expect(await id.json()).toMatchObject({ errors: { form_id: ["form_id is not valid."] } });
    expect((await leads()).length).toBe(before);
  });

  it("stores a 3-digit postcode with its leading zero, and a mobile without its spaces (issue 25)", async () => {
    const key = "nt-postcode-0001";
    const response = await apiSubmitAction(
      post("/api/form/", contact({ post_code: "800", dealer_code: "AU-NT-001", mobile_phone: "61 0412 345 678" }), { "Idempotency-Key": key }),
      "form",
    );
    expect(response.status).toBe(201);
    const lead = (await leads()).find((l) => l.idempotencyKey.startsWith(`${key}.`))!;
    expect(lead.payload).toMatchObject({ post_code: "0800", dealer_code: "AU-NT-001", mobile_phone: "610412345678" });
  });

  it("stores lead text without control characters or bidi overrides (NUL, BEL, ESC, C1, U+202E, isolates)", async () => {
    const body = contact({ first_name: "An\u0000n\u0007", last_name: "\u202ELee\u2066x\u2069", comments: "Hi\u001b[31m there\u0085\tfriend\u009b" });
    const res = await apiSubmitAction(post("/api/form/", body, { "Idempotency-Key": "control-chars-0001" }), "form");
    expect(res.status).toBe(201);
    const lead = (await leads()).find((l) => l.idempotencyKey.startsWith("control-chars-0001."))!;
    expect(lead.payload).toMatchObject({ first_name: "Ann", last_name: "Leex", comments: "Hi[31m there\tfriend" });
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(JSON.stringify(lead.payload)).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/);
    // A value of nothing else is empty: the field's rule says so, and nothing is stored.
    const empty = await apiSubmitAction(post("/api/form/", contact({ first_name: "\u202E\u0000" })), "form");
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.first_name).toEqual(["First name is required"]);
  });

  it("reads JSON only as application/json: a type that merely mentions it is a 415 and stores nothing", async () => {
    const before = (await leads()).length;
    for (const type of ["text/plain; x=application/json", "text/plain", "application/jsonx", "application/x-json"]) {
      const res = await apiSubmitAction(post("/api/form/", contact(), { "Content-Type": type }), "form");
      expect({ type, status: res.status }).toEqual({ type, status: 415 });
    }
    expect((await leads()).length).toBe(before);
    const charset = await apiSubmitAction(post("/api/form/", contact(), { "Content-Type": "Application/JSON; charset=utf-8" }), "form");
    expect(charset.status).toBe(201);
  });

  it("refuses a mobile that is not 10 digits after the country prefix (issue 25)", async () => {
    const before = (await leads()).length;
    for (const mobile_phone of ["000412345678", "0 0412345678", "0412-345-678"]) {
      const response = await apiSubmitAction(post("/api/form/", contact({ mobile_phone })), "form");
      expect(await response.json()).toEqual({ errors: { mobile_phone: ["Valid phone number required"] } });
    }
    expect((await leads()).length).toBe(before);
  });
});

describe("POST /api/competition/", () => {
  it("stores the entry with the content's SFEndpoint and enquiry_name, whatever the body says", async () => {
    const key = "competition-key-1";
    const response = await apiSubmitAction(
      post(
        "/api/competition/",
        {
          form_id: "drive-the-coast",
          country: "nz",
          SFEndpoint: "/somewhere-else",
          enquiry_name: "forged",
          token: "",
          disableCIO: false,
          vehicle_interested_in: "not-an-owner",
          kestrels_owned: "2",
          competition_answer: "Coromandel, windows down",
          first_name: "Kiri",
          last_name: "Ng",
          mobile_phone: "0211234567",
          Email: "kiri@example.com",
          post_code: "1010",
        },
        { "Idempotency-Key": key },
      ),
      "competition",
    );
    expect(response.status).toBe(201);
    const lead = (await leads()).find((l) => l.idempotencyKey.startsWith(`${key}.`))!;
    expect(lead).toMatchObject({ kind: "competition", country: "nz", endpoint: "/competitions/drive-the-coast" });
    expect(lead.payload).toMatchObject({ SFEndpoint: "/competitions/drive-the-coast", enquiry_name: "Drive the Coast competition", mobile_phone: "64211234567" });
  });

  it("refuses a field of the wrong JSON type with 400 naming it, and stores nothing (issue 25)", async () => {
    const before = (await leads()).length;
    const response = await apiSubmitAction(
      post("/api/competition/", {
        form_id: "drive-the-coast",
        country: "nz",
        token: "",
        disableCIO: false,
        vehicle_interested_in: "not-an-owner",
        kestrels_owned: 2,
        competition_answer: "Coromandel",
        first_name: "Kiri",
        last_name: "Ng",
        mobile_phone: "0211234567",
        Email: "kiri@example.com",
        post_code: 1010,
      }),
      "competition",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { kestrels_owned: ["kestrels_owned is not valid."], post_code: ["post_code is not valid."] } });
    expect((await leads()).length).toBe(before);
  });

  it("checks number fields: 'Please only enter numbers'", async () => {
    const response = await apiSubmitAction(post("/api/competition/", { form_id: "drive-the-coast", country: "au", kestrels_owned: "two" }), "competition");
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors.kestrels_owned).toEqual(["Please only enter numbers"]);
    expect(body.errors.competition_answer).toEqual(["Your answer is required"]);
  });
});

describe("the page action (forms without JavaScript)", () => {
  function formPost(url: string, values: Record<string, string>) {
    return new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(values) });
  }
  async function run(slug: string, country: string, values: Record<string, string>) {
    const request = formPost(`http://localhost/${country}/${slug}`, values);
    return formAction({ request, params: { country, "*": slug }, context: {} }, slug);
  }
  const dataOf = (result: unknown) => (result as { data: FormActionData; init: ResponseInit | null });

  it("stores the lead and redirects (303) to ?submitted=<form_id>, so a reload does not post again", async () => {
    const values: Record<string, string> = { ...contact(), disableCIO: "false", idempotency_key: "page-key-000001", form_anchor: "form-contact-us-block" };
    const response = (await run("contact-us", "au", values)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/au/contact-us?submitted=contact-us#form-contact-us-block");
    // The browser resubmits the same post (same hidden key): stored once.
    await run("contact-us", "au", values);
    expect((await leads()).filter((l) => l.idempotencyKey.startsWith(`page-key-000001.`))).toHaveLength(1);
  });

  it("answers 400 with the field errors and the posted values, and the dealers for the postcode", async () => {
    const result = dataOf(await run("test-drive", "nz", { form_id: "test-drive", first_name: "Kiri", post_code: "1010", test_drive_date: todayIn("nz") }));
    expect(result.init?.status).toBe(400);
    expect(result.data.lastResult?.initialValue).toMatchObject({ first_name: "Kiri", post_code: "1010" });
    expect(result.data.lastResult?.error).toMatchObject({
      last_name: ["Last name is required"],
      vehicle_interested_in: ["Model is required"],
      test_drive_date: ["Test drive date must be in the future"],
    });
    expect(result.data.dealers?.pmaDealerCode).toBe("NZ-AKL-001");
    expect(result.data.dealers?.dealers[0].code).toBe("NZ-AKL-001");
    // The list now shows, unchosen, with 'A dealer is required' beside it: the buyer picks one.
    expect(result.data.lastResult?.error?.dealer_code).toEqual(["A dealer is required"]);
    expect(result.data.lastResult?.initialValue?.dealer_code ?? "").toBe("");
  });

  it("keeps 'A dealer is required' when there is no postcode to list dealers for", async () => {
    const result = dataOf(await run("test-drive", "au", { form_id: "test-drive", first_name: "Ann", post_code: "" }));
    expect(result.data.lastResult?.error?.dealer_code).toEqual(["A dealer is required"]);
    expect(result.data.lastResult?.error?.post_code).toEqual(["Postcode is required"]);
    expect(result.data.dealers).toBeNull();
  });

  it("the find-dealers button re-renders with the postcode's dealers and the values, storing nothing", async () => {
    const before = (await leads()).length;
    const result = dataOf(await run("test-drive", "au", { form_id: "test-drive", first_name: "Ann", post_code: "3121", intent: "dealers" }));
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data.lastResult).toEqual({ initialValue: { form_id: "test-drive", first_name: "Ann", post_code: "3121", intent: "dealers" } });
    expect(result.data.dealers).toMatchObject({ postcode: "3121", geocoded: true });
    expect(result.data.dealers!.dealers.length).toBeGreaterThan(1);
    expect((await leads()).length).toBe(before);
  });

  it("a 3-digit postcode lists the dealers for it read with a leading zero: 800 is Darwin's 0800 (issue 25)", async () => {
    const listed = dataOf(await run("test-drive", "au", { form_id: "test-drive", first_name: "Ann", post_code: "800", intent: "dealers" }));
    expect(listed.data.dealers).toMatchObject({ postcode: "0800", geocoded: true, pmaDealerCode: "AU-NT-001" });
    expect(listed.data.dealers!.dealers[0].code).toBe("AU-NT-001");
    // Submitted without choosing: Darwin's dealers are listed, with 'A dealer is required'.
    const submitted = dataOf(await run("test-drive", "au", { form_id: "test-drive", first_name: "Ann", post_code: "800" }));
    expect(submitted.data.dealers?.dealers[0].code).toBe("AU-NT-001");
    expect(submitted.data.lastResult?.error?.dealer_code).toEqual(["A dealer is required"]);
    // NZ has 0xxx postcodes too: 110 is Whangārei's 0110.
    const nz = dataOf(await run("test-drive", "nz", { form_id: "test-drive", post_code: "110", intent: "dealers" }));
    expect(nz.data.dealers).toMatchObject({ postcode: "0110", geocoded: true });
    expect(nz.data.dealers!.dealers[0].code).toBe("NZ-NTL-001");
  });

  it("the finance contact form is found on the page's own story (a field it does not have is ignored)", async () => {
    const response = (await run("finance/contact", "au", {
      form_id: "finance-contact",
      finance_type: "business",
      first_name: "Ann",
      last_name: "Lee",
      mobile_phone: "0412345678",
      Email: "ann@example.com",
      post_code: "3000",
      test_drive_date: addDays(todayIn("au"), 5),
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/au/finance/contact?submitted=finance-contact");
  });
});
