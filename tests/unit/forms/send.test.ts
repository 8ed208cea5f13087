import { afterEach, describe, expect, it, vi } from "vitest";
import { formValues, leadRequest, sendLead, SUBMIT_TIMEOUT_MS, type LeadRequest } from "~/features/forms/send";
import { contactForm } from "./fixtures";

const request: LeadRequest = { path: "/api/form/", body: { form_id: "contact", first_name: "Ann" } };

/** A fetch that answers with `response`, recording its calls. */
function answering(response: Response | Error) {
  return vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

/** A fetch that never answers, until its signal aborts it (as the browser's fetch does). */
function neverAnswering() {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      }),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sendLead: the JavaScript submit (spec sections 7 and 8)", () => {
  it("posts the JSON with the idempotency key; an OK status is success", async () => {
    const fetch = answering(new Response("{}", { status: 201 }));
    expect(await sendLead(request, "key-1", { fetch })).toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0];
    expect(path).toBe("/api/form/");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "key-1" });
    expect(JSON.parse(String(init?.body))).toEqual(request.body);
  });

  it("a non-OK status or a network error is a failure without a message of its own", async () => {
    expect(await sendLead(request, "k", { fetch: answering(new Response("{}", { status: 500 })) })).toEqual({ ok: false, message: null });
    expect(await sendLead(request, "k", { fetch: answering(new TypeError("Failed to fetch")) })).toEqual({ ok: false, message: null });
  });

  it("over the rate limit, the server's message (when it gives one)", async () => {
    const limited = new Response(JSON.stringify({ error: "Please wait 7 minutes" }), { status: 429 });
    expect(await sendLead(request, "k", { fetch: answering(limited) })).toEqual({ ok: false, message: "Please wait 7 minutes" });
    expect(await sendLead(request, "k", { fetch: answering(new Response("not json", { status: 429 })) })).toEqual({ ok: false, message: null });
  });

  it("gives up after the timeout: the request is aborted and the submit has failed", async () => {
    vi.useFakeTimers();
    const fetch = neverAnswering();
    let outcome: unknown = "pending";
    void sendLead(request, "k", { fetch }).then((o) => (outcome = o));
    await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ ok: false, message: null });
    expect(fetch.mock.calls[0][1]?.signal?.aborted).toBe(true);
  });

  it("the timeout is bounded and clears once answered", async () => {
    expect(SUBMIT_TIMEOUT_MS).toBeGreaterThan(0);
    expect(SUBMIT_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    vi.useFakeTimers();
    await sendLead(request, "k", { fetch: answering(new Response("{}", { status: 200 })) });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("leadRequest and formValues", () => {
  it("sends the normalised values, token, form_id, country and disableCIO to /api/form/", () => {
    const data = new FormData();
    // The dealers button, the anchor and conform's intent are not lead data.
    const posted = { enquiry_type: "feedback", mobile_phone: "0412 345 678", intent: "dealers", form_anchor: "x", __intent__: "validate", token: "t" };
    for (const [name, value] of Object.entries(posted)) data.append(name, value);
    const sent = leadRequest(contactForm(), "au", formValues(data));
    expect(sent.path).toBe("/api/form/");
    expect(sent.body).toEqual({ enquiry_type: "feedback", mobile_phone: "61412345678", token: "t", company_name: "", dealer_code: "", form_id: "contact", country: "au", disableCIO: true });
  });

  it("a competition goes to /api/competition/ with SFEndpoint and enquiry_name", () => {
    const sent = leadRequest({ ...contactForm(), component: "competition-form" } as never, "nz", { first_name: "Ann" });
    expect(sent.path).toBe("/api/competition/");
    expect(sent.body).toMatchObject({ SFEndpoint: "/enquiries/general", enquiry_name: "Contact us", token: "", country: "nz", disableCIO: false });
  });
});
