import { expect, test, type Page, type Request, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { COUNTRIES, collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration } from "./helpers";

/**
 * Enquiry, test-drive and competition forms (issue 11; spec transactional.md sections 2, 4, 5, 8).
 * Every flow runs in both projects: without JavaScript the form posts to the page's action (errors
 * next to the fields with the values kept; success redirects to ?submitted=<form_id>); with
 * JavaScript conform validates on blur and the form is sent as JSON to /api/form/ or
 * /api/competition/, with the result in a modal.
 */

const POSTCODE = { au: "3121", nz: "1010" } as const;
/** The PMA dealer of each postcode, first in the dealer list. */
const NEAREST = { au: { code: "AU-VIC-001", name: "Kestrel Richmond" }, nz: { code: "NZ-AKL-001", name: "Kestrel Newmarket" } } as const;
/** The store of the server the suite starts (playwright.config.ts: LEADS_DB_PATH). */
const E2E_LEADS_DB = `.cache/e2e-leads-${process.env.E2E_PORT ?? 3200}.db`;
const FAILURE = "Sorry. We were unable to submit the form at this time. Please try again later.";

async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

/** The message shown for a field (its error paragraph, linked by aria-describedby). */
/** Opens the AU contact form, fills it validly and sends it; returns the form. */
async function sendAuEnquiry(page: Page, testInfo: TestInfo) {
  await open(page, testInfo, "/au/contact-us");
  const form = page.locator("form#form-contact-us");
  await form.getByLabel("Enquiry type").selectOption("general");
  for (const [label, value] of [
    ["First name", "Ann"],
    ["Last name", "Lee"],
    ["Mobile number", "0412345678"],
    ["Email", "ann@example.com"],
    ["Postcode", "3000"],
    ["Comments", "Hello"],
  ]) {
    await form.getByLabel(label).fill(value);
  }
  await form.getByRole("button", { name: "Send enquiry" }).click();
  return form;
}

function errorOf(page: Page, formId: string, name: string) {
  return page.locator(`#form-${formId}-${name}-error`);
}

function apiRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

test.describe("enquiry form (contact us)", () => {
  for (const country of COUNTRIES) {
    test(`shows every error next to its field, keeps the values, lists nearby dealers and succeeds (${country})`, async ({ page }, testInfo) => {
      await open(page, testInfo, `/${country}/contact-us`);
      const form = page.locator("form#form-contact-us");
      const submit = form.getByRole("button", { name: "Send enquiry" });

      await submit.click();
      await expect(errorOf(page, "contact-us", "enquiry_type")).toHaveText("Enquiry type is required");
      await expect(errorOf(page, "contact-us", "first_name")).toHaveText("First name is required");
      await expect(errorOf(page, "contact-us", "post_code")).toHaveText("Postcode is required");
      await expect(errorOf(page, "contact-us", "comments")).toHaveText("Comments are required");
      await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      // The post is not stored: still the form, no success message.
      await expect(page.getByText("Thank you")).toHaveCount(0);

      await form.getByLabel("Enquiry type").selectOption("vehicle");
      await form.getByLabel("First name").fill("Ann");
      await form.getByLabel("Mobile number").fill("123");
      await form.getByLabel("Email").fill("not-an-email");
      await form.getByLabel("Postcode").fill("12a");
      await submit.click();
      await expect(errorOf(page, "contact-us", "mobile_phone")).toHaveText("Valid phone number required");
      await expect(errorOf(page, "contact-us", "Email")).toHaveText("Valid email required");
      await expect(errorOf(page, "contact-us", "post_code")).toHaveText("Valid postcode required");
      await expect(errorOf(page, "contact-us", "first_name")).toHaveCount(0);
      await expect(form.getByLabel("First name")).toHaveValue("Ann");
      await expect(form.getByLabel("Enquiry type")).toHaveValue("vehicle");
      // The postcode input accepts 4 digits.
      await expect(form.getByLabel("Postcode")).toHaveAttribute("maxlength", "4");

      await form.getByLabel("Last name").fill("Lee");
      await form.getByLabel("Mobile number").fill("0412345678");
      await form.getByLabel("Email").fill("ann@example.com");
      await form.getByLabel("Comments").fill('Please call "after 5"\nthanks');
      await form.getByLabel("Postcode").fill(POSTCODE[country]);
      if (jsDisabled(testInfo)) {
        // Without JavaScript the dealers for the postcode come from a round trip that keeps the values.
        await form.getByRole("button", { name: "Find dealers near my postcode" }).click();
        await expect(form.getByLabel("Comments")).toHaveValue('Please call "after 5"\nthanks');
      }
      const dealer = form.getByLabel("Preferred dealership");
      await expect(dealer).toHaveValue(NEAREST[country].code);
      await expect(dealer.locator("option").nth(1)).toHaveText(NEAREST[country].name);
      expect(await dealer.locator("option").count()).toBeGreaterThan(2);

      if (jsDisabled(testInfo)) {
        await submit.click();
        await expect(page).toHaveURL(new RegExp(`/${country}/contact-us\\?submitted=contact-us`));
        await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
        await expect(page.getByText("We have received your enquiry.")).toBeVisible();
        // Redirect after POST: a reload asks for the page again, it does not post again.
        const methods: string[] = [];
        page.on("request", (r) => r.isNavigationRequest() && methods.push(r.method()));
        await page.reload();
        expect(methods).toEqual(["GET"]);
        await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
      } else {
        const posts = apiRequests(page, "/api/form/");
        await submit.click();
        const dialog = page.getByRole("dialog", { name: "Thank you" });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText("We have received your enquiry.");
        expect(posts).toHaveLength(1);
        const body = posts[0].postDataJSON() as Record<string, unknown>;
        expect(body).toMatchObject({
          form_id: "contact-us",
          country,
          token: "",
          disableCIO: false,
          enquiry_type: "vehicle",
          first_name: "Ann",
          last_name: "Lee",
          Email: "ann@example.com",
          post_code: POSTCODE[country],
          dealer_code: NEAREST[country].code,
          // Before sending: the mobile's 0 becomes the country prefix; line breaks and double quotes go.
          mobile_phone: `${country === "au" ? "61" : "64"}412345678`,
          comments: "Please call 'after 5' thanks",
          company_name: "",
        });
        expect(posts[0].headers()["idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect((await posts[0].response())?.status()).toBe(201);
        // The form is ready for another enquiry.
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(dialog).toBeHidden();
        await expect(form.getByLabel("First name")).toHaveValue("");
      }
    });
  }

  test("meets WCAG 2.2 AA, also with its errors shown", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/contact-us");
    await expectNoAxeViolations(page, testInfo);
    if (!jsDisabled(testInfo)) {
      await page.locator("form#form-contact-us").getByRole("button", { name: "Send enquiry" }).click();
      await expect(errorOf(page, "contact-us", "first_name")).toBeVisible();
      await expectNoAxeViolations(page, testInfo);
    }
  });
});

test.describe("enquiry form with JavaScript", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "behaviour that needs JavaScript");
  });

  test("hydrates without errors and validates a field when it loses focus, and again as it is corrected", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/contact-us");
    const email = page.locator("form#form-contact-us").getByLabel("Email");
    await email.fill("ann@");
    await email.blur();
    await expect(errorOf(page, "contact-us", "Email")).toHaveText("Valid email required");
    await email.fill("ann@example.com");
    await expect(errorOf(page, "contact-us", "Email")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the dealer selector: prompt, hidden for enquiry types without it, 'Select a nearby dealership' when the postcode cannot be placed", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/contact-us");
    const form = page.locator("form#form-contact-us");
    await expect(form.getByText("Enter your postcode to select a nearby dealership")).toBeVisible();
    await form.getByLabel("Enquiry type").selectOption("general");
    await expect(form.getByText("Preferred dealership")).toHaveCount(0);
    await form.getByLabel("Enquiry type").selectOption("enquiry");
    await expect(form.getByText("Preferred dealership")).toBeVisible();
    await form.getByLabel("Postcode").fill("0999");
    const dealer = form.getByLabel("Preferred dealership");
    await expect(dealer.locator("option").first()).toHaveText("Select a nearby dealership");
    await expect(dealer).toHaveValue("");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(errorOf(page, "contact-us", "dealer_code")).toHaveText("A dealer is required");
    await form.getByLabel("Postcode").fill("2150");
    await expect(dealer).toHaveValue("AU-NSW-001");
  });

  test("while sending, the button reads 'Loading' and repeat submits are ignored; analytics follow the form", async ({ page }, testInfo) => {
    // The answer is held until the repeat submits are done: they land while the form is sending,
    // however slow the machine, and the test waits no longer than it needs.
    let release = () => {};
    const answer = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/form/", async (route) => {
      await answer;
      await route.continue();
    });
    await open(page, testInfo, "/nz/contact-us");
    const form = page.locator("form#form-contact-us");
    const posts = apiRequests(page, "/api/form/");
    await form.getByLabel("Enquiry type").selectOption("general");
    await form.getByLabel("First name").fill("Kiri");
    await form.getByLabel("Last name").fill("Ng");
    await form.getByLabel("Mobile number").fill("+64 2112345678");
    await form.getByLabel("Email").fill("kiri@example.com");
    await form.getByLabel("Postcode").fill("6011");
    await form.getByLabel("Comments").fill("Question about servicing");
    const submit = form.locator("button[type=submit]");
    await submit.click();
    await expect(submit).toHaveText("Loading");
    await submit.click({ force: true });
    await submit.click({ force: true });
    await expect(submit).toHaveText("Loading");
    release();
    await expect(page.getByRole("dialog", { name: "Thank you" })).toBeVisible();
    await expect(submit).toHaveText("Send enquiry");
    expect(posts).toHaveLength(1);
    const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => String(e.event).startsWith("form_")));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "form_progress", form_id: "contact-us", field_name: "first_name" }),
        expect.objectContaining({ event: "form_progress", form_id: "contact-us", field_name: "Email" }),
        expect.objectContaining({ event: "form_submit", form_id: "contact-us", enquiry_type: "general" }),
      ]),
    );
    // No value a visitor typed reaches analytics.
    expect(JSON.stringify(events)).not.toMatch(/Kiri|kiri@example\.com|2112345678/);
  });

  test("a failed submission shows 'Sorry' with the failure message and sends form_error", async ({ page }, testInfo) => {
    await page.route("**/api/form/", (route) => route.fulfill({ status: 500, body: "{}" }));
    const form = await sendAuEnquiry(page, testInfo);
    const dialog = page.getByRole("dialog", { name: "Sorry" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(FAILURE);
    // The values stay for another try.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(form.getByLabel("First name")).toHaveValue("Ann");
    const errors = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "form_error"));
    expect(errors).toEqual([expect.objectContaining({ form_id: "contact-us", error_type: "submit" })]);
  });

  test("no answer in time: 'Sorry' with the failure message; the retry keeps the values and the idempotency key", async ({ page }, testInfo) => {
    // The page's timers run on Playwright's clock, so the test need not wait out the limit.
    await page.clock.install();
    let answer = false;
    await page.route("**/api/form/", async (route) => {
      // The first post gets no answer at all (a hung server or network); the retry goes through.
      if (answer) await route.continue();
    });
    const posts = apiRequests(page, "/api/form/");
    const form = await sendAuEnquiry(page, testInfo);
    await expect(form.locator("button[type=submit]")).toHaveText("Loading");
    // SUBMIT_TIMEOUT_MS (app/features/forms/send.ts).
    await page.clock.fastForward(20_000);
    const dialog = page.getByRole("dialog", { name: "Sorry" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(FAILURE);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(form.getByLabel("First name")).toHaveValue("Ann");
    answer = true;
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("dialog", { name: "Thank you" })).toBeVisible();
    expect(posts).toHaveLength(2);
    const keys = await Promise.all(posts.map((p) => p.headerValue("Idempotency-Key")));
    // The form's own key (made after mount, kept until success), not the one in the page's markup,
    // which a cached page gives every visitor.
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    const markup = await (await page.request.get(page.url())).text();
    expect(markup).toMatch(/name="idempotency_key"/);
    expect(markup).not.toContain(keys[0]!);
    const errors = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "form_error"));
    expect(errors).toEqual([expect.objectContaining({ form_id: "contact-us", error_type: "submit" })]);
  });

  test("a submission over the rate limit shows the server's message with the time to wait in the result modal", async ({ page }, testInfo) => {
    const LIMITED = "Too many form submissions from your connection. Please wait 7 minutes and try again.";
    await page.route("**/api/form/", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "400", "Content-Type": "application/json" }, body: JSON.stringify({ error: LIMITED }) }),
    );
    await sendAuEnquiry(page, testInfo);
    const dialog = page.getByRole("dialog", { name: "Sorry" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(LIMITED);
    await expect(dialog).not.toContainText(FAILURE);
  });

  test("POST /api/form/ stores a retried request once (same Idempotency-Key) and rejects bad fields with 400", async ({ page }) => {
    const key = `e2e-${Date.now()}-${Math.random().toString(16).slice(2)}`;
    const body = {
      form_id: "test-drive",
      country: "nz",
      token: "",
      disableCIO: false,
      vehicle_interested_in: "solenne",
      first_name: "Kiri",
      last_name: "Ng",
      mobile_phone: "0211234567",
      Email: "kiri@example.com",
      post_code: "1010",
      dealer_code: "NZ-AKL-001",
    };
    const first = await page.request.post("/api/form/", { data: body, headers: { "Idempotency-Key": key } });
    expect(first.status()).toBe(201);
    const retry = await page.request.post("/api/form/", { data: body, headers: { "Idempotency-Key": key } });
    expect(retry.status()).toBe(200);
    const bad = await page.request.post("/api/form/", { data: { ...body, post_code: "10100", dealer_code: "" } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ errors: { post_code: ["Valid postcode required"], dealer_code: ["A dealer is required"] } });
  });
});

test.describe("test drive form", () => {
  for (const country of COUNTRIES) {
    test(`preselects the model from ?model=, defaults the date to today + 3 days, and refuses a past date (${country})`, async ({ page }, testInfo) => {
      await open(page, testInfo, `/${country}/test-drive?model=tarrak`);
      const form = page.locator("form#form-test-drive");
      await expect(form.getByLabel("Model")).toHaveValue("tarrak");
      const zone = country === "au" ? "Australia/Sydney" : "Pacific/Auckland";
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
      const plus3 = new Date(`${today}T00:00:00Z`);
      plus3.setUTCDate(plus3.getUTCDate() + 3);
      const date = form.getByLabel("Preferred date");
      await expect(date).toHaveValue(plus3.toISOString().slice(0, 10));
      await date.fill(today);
      await form.getByRole("button", { name: "Book test drive" }).click();
      await expect(errorOf(page, "test-drive", "test_drive_date")).toHaveText("Test drive date must be in the future");
      // A test drive is a vehicle enquiry: a dealer is required.
      await expect(errorOf(page, "test-drive", "dealer_code")).toHaveText("A dealer is required");
      await expect(form.getByLabel("Model")).toHaveValue("tarrak");
    });
  }

  // Issue 25: NT postcodes (0800) and NZ's 0xxx ones typed as 3 digits.
  const SHORT_POSTCODE = { au: { typed: "800", read: "0800", dealer: "AU-NT-001" }, nz: { typed: "110", read: "0110", dealer: "NZ-NTL-001" } } as const;
  for (const country of COUNTRIES) {
    test(`a 3-digit postcode is read with its leading zero: its dealers are listed and the test drive is booked (${country})`, async ({ page }, testInfo) => {
      const { typed, read, dealer: dealerCode } = SHORT_POSTCODE[country];
      await open(page, testInfo, `/${country}/test-drive?model=tarrak`);
      const form = page.locator("form#form-test-drive");
      const lastName = `Short${country}${testInfo.project.name}${Date.now()}`;
      await form.getByLabel("First name").fill("Ann");
      await form.getByLabel("Last name").fill(lastName);
      await form.getByLabel("Mobile number").fill("0412345678");
      await form.getByLabel("Email").fill("ann@example.com");
      await form.getByLabel("Postcode").fill(typed);
      if (jsDisabled(testInfo)) await form.getByRole("button", { name: "Find dealers near my postcode" }).click();
      else await form.getByLabel("Postcode").blur();
      const dealer = form.getByLabel("Preferred dealership");
      await expect(dealer).toHaveValue(dealerCode);
      const posts = apiRequests(page, "/api/form/");
      await form.getByRole("button", { name: "Book test drive" }).click();
      if (jsDisabled(testInfo)) {
        await expect(page).toHaveURL(new RegExp(`/${country}/test-drive\\?submitted=test-drive`));
      } else {
        await expect(page.getByRole("dialog", { name: "Thank you" })).toBeVisible();
        expect(posts[0].postDataJSON()).toMatchObject({ post_code: read, dealer_code: dealerCode });
      }
      await expect(errorOf(page, "test-drive", "dealer_code")).toHaveCount(0);
      // The stored lead has the postcode as the dealer lookup read it.
      const db = new Database(E2E_LEADS_DB, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare("SELECT payload FROM leads WHERE form_id = 'test-drive'").all() as { payload: string }[];
        const lead = rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>).find((p) => p.last_name === lastName);
        expect(lead).toMatchObject({ post_code: read, dealer_code: dealerCode });
      } finally {
        db.close();
      }
    });
  }

  test("a dealer named in the link (?dealer=) is chosen", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "without JavaScript the named dealer is posted as a hidden value");
    await open(page, testInfo, "/au/test-drive?dealer=AU-VIC-002");
    const dealer = page.locator("form#form-test-drive").getByLabel("Preferred dealership");
    await expect(dealer).toHaveValue("AU-VIC-002");
    await expect(dealer.locator("option:checked")).toHaveText("Kestrel Ringwood");
  });
});

test.describe("brochure request (modal form)", () => {
  for (const country of COUNTRIES) {
    test(`opens from its button, shows errors in the modal and the success message (${country})`, async ({ page }, testInfo) => {
      await open(page, testInfo, `/${country}/download-brochure`);
      await page.getByRole("link", { name: "Request a printed brochure" }).click();
      const modal = page.locator("#modal-brochure-request");
      await expect(modal).toBeVisible();
      await expect(modal.getByRole("heading", { name: "Request a printed brochure" })).toBeVisible();
      await modal.getByLabel("First name").fill("Sam");
      await modal.getByLabel("Number of copies").fill("two");
      await modal.getByRole("button", { name: "Request brochure" }).click();
      await expect(modal).toBeVisible();
      await expect(errorOf(page, "brochure-request", "brochure_copies")).toHaveText("Please only enter numbers");
      await expect(errorOf(page, "brochure-request", "vehicle_interested_in")).toHaveText("Model you are interested in is required");
      await expect(modal.getByLabel("First name")).toHaveValue("Sam");

      await modal.getByLabel("Model you are interested in").selectOption("corvale");
      await modal.getByLabel("Last name").fill("Roe");
      await modal.getByLabel("Email").fill("sam@example.com");
      await modal.getByLabel("Postcode").fill(POSTCODE[country]);
      await modal.getByLabel("Number of copies").fill("2");
      await modal.getByRole("button", { name: "Request brochure" }).click();
      await expect(modal.getByRole("heading", { name: "Thank you" })).toBeVisible();
      await expect(modal).toContainText("Your brochure is on its way.");
      if (jsDisabled(testInfo)) await expect(page).toHaveURL(/\?submitted=brochure-request#modal-brochure-request$/);
    });
  }
});

test.describe("finance contact form", () => {
  test("a plain select and the finance page's action", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/finance/contact");
    const form = page.locator("form#form-finance-contact");
    await form.getByRole("button", { name: "Request a call back" }).click();
    await expect(errorOf(page, "finance-contact", "finance_type")).toHaveText("Finance for is required");
    await form.getByLabel("Finance for").selectOption("business");
    await form.getByLabel("First name").fill("Ann");
    await form.getByLabel("Last name").fill("Lee");
    await form.getByLabel("Mobile number").fill("0412345678");
    await form.getByLabel("Email").fill("ann@example.com");
    await form.getByLabel("Postcode").fill("3000");
    await form.getByRole("button", { name: "Request a call back" }).click();
    await expect(page.getByRole(jsDisabled(testInfo) ? "heading" : "dialog", { name: "Thank you" })).toBeVisible();
    await expect(page.getByText("A finance specialist will call you within one business day.")).toBeVisible();
  });
});

test.describe("competition", () => {
  for (const country of COUNTRIES) {
    test(`an entry is validated and sent to the competition endpoint (${country})`, async ({ page }, testInfo) => {
      await open(page, testInfo, `/${country}/competition`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      const form = page.locator("form#form-drive-the-coast");
      await form.getByRole("button", { name: "Enter now" }).click();
      await expect(errorOf(page, "drive-the-coast", "competition_answer")).toHaveText("Your answer is required");
      await form.getByLabel("Which Kestrel do you drive?").selectOption({ label: "I don't own a Kestrel yet" });
      await form.getByLabel("How many Kestrels have you owned?").fill("0");
      await form.getByLabel("Your answer").fill("Along the coast, windows down.");
      await form.getByLabel("First name").fill("Alex");
      await form.getByLabel("Last name").fill("Doe");
      await form.getByLabel("Mobile number").fill("0412345678");
      await form.getByLabel("Email").fill("alex@example.com");
      await form.getByLabel("Postcode").fill(POSTCODE[country]);
      const posts = apiRequests(page, "/api/competition/");
      await form.getByRole("button", { name: "Enter now" }).click();
      await expect(page.getByText("Your entry is in.")).toBeVisible();
      if (!jsDisabled(testInfo)) {
        expect(posts).toHaveLength(1);
        expect(posts[0].postDataJSON()).toMatchObject({
          form_id: "drive-the-coast",
          country,
          SFEndpoint: "/competitions/drive-the-coast",
          enquiry_name: "Drive the Coast competition",
          vehicle_interested_in: "not-an-owner",
          token: "",
          disableCIO: false,
        });
      }
    });
  }

  test("meets WCAG 2.2 AA", async ({ page }, testInfo) => {
    await open(page, testInfo, "/nz/competition");
    await expectNoAxeViolations(page, testInfo);
  });
});
