import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SERVICE_PATH, TOO_MANY_REQUESTS_MESSAGE, perMinuteFromEnv } from "~/features/forms/rate-limit.server";
import { rateLimitMessage } from "~/features/forms/messages";
import { getLeadStore } from "~/features/forms/store.server";
import { contactUsLead } from "../../support/leads";
import { closeBuild, startTestServer, type TestServer } from "./harness";

describe("limit helpers", () => {
  it("matches image-service URLs only, and reads limits per minute from the environment", () => {
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg/m/100x100")).toBe(true);
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg/m/")).toBe(true);
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg")).toBe(false);
    expect(perMinuteFromEnv("30", { limit: 1, windowMs: 1 })).toEqual({ limit: 30, windowMs: 60_000 });
    expect(perMinuteFromEnv("x", { limit: 1, windowMs: 1 })).toEqual({ limit: 1, windowMs: 1 });
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "2", FORM_CONTACT_RATE_LIMIT: "2", POST_RATE_LIMIT: "12", IMAGE_RATE_LIMIT: "3" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

const SENDER = { firstName: "Limit", lastName: "Tester", emailUser: "limit.tester", comments: "Rate limit test" };
let seq = 0;
/** A valid lead of a new buyer (its own e-mail address and mobile number). */
const newLead = () => contactUsLead(++seq, SENDER);
/** Leads in the store (the app's own store file, read through a second connection). */
const storedCount = async () => (await getLeadStore()).list().then((leads) => leads.length);
/** A post from `client` (the loopback proxy's X-Forwarded-For names it: every test has its own client). */
const postJson = (path: string, client: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client, ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
const testDrive = (n: number) =>
  new URLSearchParams({
    form_id: "test-drive",
    idempotency_key: `test-drive-key-${n}`,
    vehicle_interested_in: "tarrak",
    first_name: "Nojs",
    last_name: `Buyer${n}`,
    mobile_phone: `04${String(20_000_000 + n)}`,
    Email: `nojs.buyer${n}@example.com`,
    post_code: "3121",
    dealer_code: "AU-VIC-001",
  });

describe("lead limits where a lead is accepted, on every path", () => {
  it("a client past its limit gets 429 on every spelling of the form API, its data channel and a page's no-JS post, and nothing is stored", async () => {
    const client = "203.0.113.10";
    for (let i = 0; i < 2; i++) expect((await postJson("/api/form/", client, newLead())).status).toBe(201);
    const before = await storedCount();
    for (const path of ["/api/form/", "/API/FORM/", "/Api/Form", "/api/form.data", "/API/FORM.data"]) {
      const res = await postJson(path, client, newLead());
      expect({ path, status: res.status }).toEqual({ path, status: 429 });
      // The data channel (Remix's single fetch) keeps the status, not a resource route's headers.
      if (!path.endsWith(".data")) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      await res.body?.cancel();
    }
    // The test-drive page without JavaScript: its own path spellings and data channel too.
    for (const path of ["/au/test-drive", "/au/test-drive.data", "/AU/Test-Drive", "/au//test-drive/", "/au/test-drive/"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
        body: testDrive(++seq),
        redirect: "manual",
      });
      // Spellings that name no page are a 404; none takes the lead.
      expect({ path, status: res.status }).toEqual({ path, status: path.startsWith("/au/test-drive") ? 429 : expect.toBeOneOf([404, 429]) });
      await res.body?.cancel();
    }
    expect(await storedCount()).toBe(before);
    // Another client behind the same proxy is not limited by the first.
    expect((await postJson("/api/form/", "203.0.113.11", newLead())).status).toBe(201);
  }, 60_000);

  it("one contact's leads past its limit are stored held, whatever address they come from; a retry of a stored lead is answered, not counted", async () => {
    const lead = newLead();
    const first = await postJson("/api/form/", "198.51.100.20", lead, { "Idempotency-Key": "contact-limit-key-1" });
    expect(first.status).toBe(201);
    // The same lead sent again (the answer was lost): found, not counted.
    for (let i = 0; i < 3; i++) expect((await postJson("/api/form/", "198.51.100.20", lead, { "Idempotency-Key": "contact-limit-key-1" })).status).toBe(200);
    // A second lead of the same buyer from another address: taken (2 per contact); a third: taken
    // and held for review, not delivered, not refused (the buyer may be the one sending it).
    expect((await postJson("/api/form/", "198.51.100.21", { ...lead, comments: "second" })).status).toBe(201);
    const store = await getLeadStore();
    const heldBefore = (await store.list("held")).length;
    const third = await postJson("/api/form/", "198.51.100.22", { ...lead, comments: "third", Email: "other.address@example.com" });
    expect(third.status).toBe(201);
    const held = await store.list("held");
    expect(held).toHaveLength(heldBefore + 1);
    expect(held.at(-1)!.payload).toMatchObject({ comments: "third" });
    // The outbox never claims a held lead; released, it is pending like any other.
    expect((await store.claimDue(Date.now(), 100, 1)).map((l) => l.id)).not.toContain(held.at(-1)!.id);
    expect(await store.releaseHeld(Date.now(), held.at(-1)!.id)).toBe(1);
    expect((await store.get(held.at(-1)!.id))!.status).toBe("pending");
  }, 30_000);

  it("a form post without JavaScript over the limit: the page itself, in the site's layout, with the time to wait", async () => {
    const client = "203.0.113.30";
    for (let i = 0; i < 2; i++) expect((await postJson("/api/form/", client, newLead())).status).toBe(201);
    const body = new URLSearchParams({ ...Object.fromEntries(testDrive(++seq)), first_name: "Ann" });
    const res = await fetch(`${server.url}/au/test-drive`, { method: "POST", body, redirect: "manual", headers: { "X-Forwarded-For": client } });
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toContain("text/html");
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    const html = await res.text();
    // The layout (header, footer) around the form, its alert with the message, the value kept.
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(new RegExp(rateLimitMessage(wait).replace(/[.]/g, "\\.").replace(/\d+ minutes?/, "\\d+ minutes?")));
    expect(html).toContain('value="Ann"');
  }, 30_000);

});

describe("per-client limits of other requests", () => {
  it("any other POST: limited per minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${server.url}/api/consent`, { method: "POST", headers: { Accept: "application/json", "X-Forwarded-For": "203.0.113.40" } });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual(Array(12).fill(200));
    const limited = await fetch(`${server.url}/api/consent`, { method: "POST", headers: { "X-Forwarded-For": "203.0.113.40" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: TOO_MANY_REQUESTS_MESSAGE });
    // Reading is not limited.
    expect((await fetch(`${server.url}/api/location`)).status).toBe(200);
  });

  it("the image service: limited per minute, plain files are not", async () => {
    const statuses: number[] = [];
    // Sizes the site asks for (others redirect to them).
    for (const size of ["320x240", "640x480", "768x576", "1024x768"]) {
      const res = await fetch(`${server.url}/media/accessory-canopy.jpg/m/${size}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const original = await fetch(`${server.url}/media/accessory-canopy.jpg`);
    expect(original.status).toBe(200);
    await original.body?.cancel();
  });
});
