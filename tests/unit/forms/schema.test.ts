import { describe, expect, it } from "vitest";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { buildFormSchema, htmlConstraints, type FormSchemaContext } from "~/features/forms/schema";
import { addDays, defaultTestDriveDate, isIsoDate, todayIn } from "~/features/forms/dates";
import { choicesOf, dealerSelectorApplies, fieldsOf } from "~/features/forms/content";
import { contactForm, validValues } from "./fixtures";

const TODAY = "2026-11-21";
const ctx: FormSchemaContext = { country: "au", today: TODAY };

/** Parses like the browser and the server do: a form post through conform's parseWithZod. */
function parse(values: Record<string, string>, context: FormSchemaContext = ctx) {
  const schema = buildFormSchema(contactForm(), context);
  const submission = parseWithZod(new URLSearchParams(values), { schema, disableAutoCoercion: true });
  return submission;
}

function errors(values: Record<string, string>, context?: FormSchemaContext): Record<string, string[]> {
  const submission = parse(values, context);
  if (submission.status === "success") return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages) out[name] = messages;
  return out;
}

function firstError(values: Record<string, string>, name: string, context?: FormSchemaContext): string | undefined {
  return errors(values, context)[name]?.[0];
}

describe("form schema: the shared rules (spec section 5)", () => {
  it("accepts a complete enquiry and trims every value", () => {
    const submission = parse(validValues({ first_name: "  Ann  ", Email: " ann@example.com " }));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.first_name).toBe("Ann");
    expect(submission.value.Email).toBe("ann@example.com");
  });

  it("drops posted names that are not fields of the form", () => {
    const submission = parse(validValues({ token: "t", kestrel_hp: "", form_id: "contact" }));
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(Object.keys(submission.value)).not.toContain("token");
  });

  describe("required: '{label} is required' ('are required' for comments)", () => {
    it.each([
      ["first_name", "First name is required"],
      ["last_name", "Last name is required"],
      ["mobile_phone", "Mobile number is required"],
      ["Email", "Email is required"],
      ["post_code", "Postcode is required"],
      ["enquiry_type", "Enquiry type is required"],
      ["comments", "Comments are required"],
    ])("%s empty → %s", (name, message) => {
      expect(firstError(validValues({ [name]: "" }), name)).toBe(message);
    });

    it("counts a value of only spaces as empty", () => {
      expect(firstError(validValues({ first_name: "   " }), "first_name")).toBe("First name is required");
      expect(firstError(validValues({ comments: " \n " }), "comments")).toBe("Comments are required");
    });

    it("a field missing from the post is required too", () => {
      const values = validValues();
      delete values.last_name;
      expect(firstError(values, "last_name")).toBe("Last name is required");
    });

    it("optional fields may be left empty", () => {
      expect(errors(validValues({ company_name: "", vehicle_interested_in: "", test_drive_date: "", copies: "" }))).toEqual({});
    });

    it("post_code is required even when the content does not mark it", () => {
      const form = contactForm();
      const postcode = fieldsOf(form, "au").find((f) => f.name === "post_code")!;
      postcode.required = false;
      const schema = buildFormSchema(form, ctx);
      const s = parseWithZod(new URLSearchParams(validValues({ post_code: "" })), { schema, disableAutoCoercion: true });
      expect(s.status === "error" && s.error?.post_code).toEqual(["Postcode is required"]);
    });
  });

  describe("mobile: optional country prefix plus 10 digits → 'Valid phone number required'", () => {
    // Spaces are removed before the rule (issue 25).
    it.each(["0412345678", "+61 0412345678", "+610412345678", "61412345678", "+64 2112345678", " 0412345678 ", "0412 345 678", "61 0412345678"])(
      "accepts %s",
      (phone) => {
        expect(firstError(validValues({ mobile_phone: phone }), "mobile_phone")).toBeUndefined();
      },
    );
    // A country calling code never starts with 0: "000412345678" is 12 digits, not "00" plus 10.
    it.each(["041234567", "04123456789012345", "phone", "0412-345-678", "+64-2112345678", "000412345678", "0 0412345678", "+0412345678", "0061412345678"])(
      "refuses %s",
      (phone) => {
        expect(firstError(validValues({ mobile_phone: phone }), "mobile_phone")).toBe("Valid phone number required");
      },
    );
    it("the validated value has no spaces", () => {
      const submission = parse(validValues({ mobile_phone: " 61 0412 345 678 " }));
      expect(submission.status === "success" && submission.value.mobile_phone).toBe("610412345678");
    });
    it("applies to a field named mobile as well", () => {
      const form = contactForm();
      fieldsOf(form, "au").find((f) => f.name === "mobile_phone")!.name = "mobile";
      const schema = buildFormSchema(form, ctx);
      const s = parseWithZod(new URLSearchParams({ ...validValues(), mobile: "12" }), { schema, disableAutoCoercion: true });
      expect(s.status === "error" && s.error?.mobile).toEqual(["Valid phone number required"]);
    });
  });

  describe("post_code: 1 to 4 digits → 'Valid postcode required'", () => {
    it.each(["3121", "800", "1", "0800"])("accepts %s", (pc) => {
      expect(firstError(validValues({ post_code: pc }), "post_code")).toBeUndefined();
    });
    it.each(["31210", "31a1", "abcd", "3 12"])("refuses %s", (pc) => {
      expect(firstError(validValues({ post_code: pc }), "post_code")).toBe("Valid postcode required");
    });
    it("the input accepts 4 digits", () => {
      const postcode = fieldsOf(contactForm(), "au").find((f) => f.name === "post_code")!;
      expect(htmlConstraints(postcode)).toEqual({ maxLength: 4, inputMode: "numeric", pattern: "\\d{1,4}" });
      expect(getZodConstraint(buildFormSchema(contactForm(), ctx)).post_code.required).toBe(true);
    });
  });

  describe("Email → 'Valid email required'", () => {
    it.each(["ann@example.com", "a.b+c@sub.example.co.nz"])("accepts %s", (email) => {
      expect(firstError(validValues({ Email: email }), "Email")).toBeUndefined();
    });
    it.each(["ann", "ann@", "ann@example", "@example.com", "ann @example.com"])("refuses %s", (email) => {
      expect(firstError(validValues({ Email: email }), "Email")).toBe("Valid email required");
    });
  });

  describe("test_drive_date: optional, after today → 'Test drive date must be in the future'", () => {
    it("accepts tomorrow and later", () => {
      expect(firstError(validValues({ test_drive_date: "2026-11-22" }), "test_drive_date")).toBeUndefined();
      expect(firstError(validValues({ test_drive_date: "2027-03-01" }), "test_drive_date")).toBeUndefined();
    });
    it("refuses today and the past", () => {
      expect(firstError(validValues({ test_drive_date: TODAY }), "test_drive_date")).toBe("Test drive date must be in the future");
      expect(firstError(validValues({ test_drive_date: "2020-01-01" }), "test_drive_date")).toBe("Test drive date must be in the future");
    });
    it("a date not written year-month-day is not valid", () => {
      expect(firstError(validValues({ test_drive_date: "21/11/2027" }), "test_drive_date")).toBe("Preferred date is not valid.");
      expect(firstError(validValues({ test_drive_date: "2027-02-30" }), "test_drive_date")).toBe("Preferred date is not valid.");
    });
    it("defaults to today plus 3 days in the country's calendar", () => {
      // 2026-11-21 13:30 UTC is already 22 November in Sydney and Auckland.
      const now = new Date("2026-11-21T13:30:00Z");
      expect(todayIn("au", now)).toBe("2026-11-22");
      expect(defaultTestDriveDate("au", now)).toBe("2026-11-25");
      expect(defaultTestDriveDate("nz", new Date("2026-12-30T00:00:00Z"))).toBe("2027-01-02");
      expect(addDays("2028-02-27", 3)).toBe("2028-03-01");
      expect(isIsoDate("2028-02-29")).toBe(true);
      expect(isIsoDate("2027-02-29")).toBe(false);
    });
  });

  describe("number fields → 'Please only enter numbers'", () => {
    it.each(["1", "12", "007"])("accepts %s", (v) => {
      expect(firstError(validValues({ copies: v }), "copies")).toBeUndefined();
    });
    it.each(["1.5", "-1", "two", "1e3", "3 "])("refuses %s", (v) => {
      // Trimming comes first: "3 " is 3.
      const expected = v === "3 " ? undefined : "Please only enter numbers";
      expect(firstError(validValues({ copies: v }), "copies")).toBe(expected);
    });
  });

  describe("dealer_code → 'A dealer is required' when enquiry_type is enquiry or vehicle", () => {
    it.each(["vehicle", "enquiry"])("%s without a dealer", (type) => {
      expect(firstError(validValues({ enquiry_type: type, dealer_code: "" }), "dealer_code")).toBe("A dealer is required");
    });
    it.each(["general", "feedback"])("%s needs no dealer", (type) => {
      expect(firstError(validValues({ enquiry_type: type, dealer_code: "" }), "dealer_code")).toBeUndefined();
    });
    it("shows with the other fields' messages at once", () => {
      const e = errors({ enquiry_type: "vehicle" });
      expect(e.dealer_code).toEqual(["A dealer is required"]);
      expect(e.first_name).toEqual(["First name is required"]);
    });
    it("a hidden enquiry_type (test drive form) counts", () => {
      const form = contactForm();
      const fields = form.sections![0].fields!;
      fields.splice(0, 1, { ...fields[0], component: "form-field", type: "hidden", hidden_value: "vehicle", options: [] });
      const schema = buildFormSchema(form, ctx);
      const s = parseWithZod(new URLSearchParams(validValues({ enquiry_type: "vehicle", dealer_code: "" })), { schema, disableAutoCoercion: true });
      expect(s.status === "error" && s.error?.dealer_code).toEqual(["A dealer is required"]);
    });
    it("on the server a dealer_code must be one of the country's dealers", () => {
      const server = { ...ctx, dealerCodes: new Set(["AU-VIC-001", "AU-NSW-001"]) };
      expect(firstError(validValues({ dealer_code: "AU-VIC-001" }), "dealer_code", server)).toBeUndefined();
      expect(firstError(validValues({ dealer_code: "NZ-AKL-001" }), "dealer_code", server)).toBe("Preferred dealership is not valid.");
    });
  });

  describe("generic: '{field} is not valid.'", () => {
    it("a choice that is not one of the options", () => {
      expect(firstError(validValues({ enquiry_type: "spam" }), "enquiry_type")).toBe("Enquiry type is not valid.");
      expect(firstError(validValues({ vehicle_interested_in: "Ferrari" }), "vehicle_interested_in")).toBe("Vehicle of interest is not valid.");
      expect(firstError(validValues({ finance_type: "lease" }), "finance_type")).toBe("Finance for is not valid.");
    });
    it("a value longer than the field allows", () => {
      expect(firstError(validValues({ first_name: "a".repeat(256) }), "first_name")).toBe("First name is not valid.");
      expect(firstError(validValues({ comments: "a".repeat(2001) }), "comments")).toBe("Comments is not valid.");
    });
    it("model line options match on the value, or the name when there is no value", () => {
      expect(firstError(validValues({ vehicle_interested_in: "Mirra" }), "vehicle_interested_in")).toBeUndefined();
    });
  });

  it("fields with another country's locale are not part of the form", () => {
    expect(Object.keys(getZodConstraint(buildFormSchema(contactForm(), { country: "au", today: TODAY })))).toContain("au_only");
    expect(Object.keys(getZodConstraint(buildFormSchema(contactForm(), { country: "nz", today: TODAY })))).not.toContain("au_only");
  });

  it("gives the browser the constraints: required from the schema, limits mirrored in the markup", () => {
    const constraint = getZodConstraint(buildFormSchema(contactForm(), ctx));
    expect(constraint.first_name.required).toBe(true);
    expect(constraint.company_name.required).toBe(false);
    expect(constraint.test_drive_date.required).toBe(false);
    const byName = (name: string) => fieldsOf(contactForm(), "au").find((f) => f.name === name)!;
    expect(htmlConstraints(byName("first_name")).maxLength).toBe(255);
    expect(htmlConstraints(byName("comments")).maxLength).toBe(2000);
    // A date input takes neither pattern nor maxlength (the Nu checker's errors).
    expect(htmlConstraints(byName("test_drive_date"))).toEqual({});
    expect(htmlConstraints(byName("copies")).inputMode).toBe("numeric");
  });

  it("the dealer selector is hidden for an enquiry type without one, shown otherwise", () => {
    const fields = fieldsOf(contactForm(), "au");
    expect(dealerSelectorApplies(fields, {})).toBe(true);
    expect(dealerSelectorApplies(fields, { enquiry_type: "vehicle" })).toBe(true);
    expect(dealerSelectorApplies(fields, { enquiry_type: "general" })).toBe(false);
  });

  it("SelectModelLine offers 'not an owner' only when allowed and worded by the content", () => {
    const base = fieldsOf(contactForm(), "au").find((f) => f.name === "vehicle_interested_in")!;
    expect(choicesOf(base).map((c) => c.value)).toEqual(["tarrak", "Mirra"]);
    expect(choicesOf({ ...base, allowNotAnOwner: true }).map((c) => c.value)).toEqual(["tarrak", "Mirra"]);
    expect(choicesOf({ ...base, allowNotAnOwner: true, not_an_owner_label: "I don't own one" }).at(-1)).toEqual({
      value: "not-an-owner",
      text: "I don't own one",
    });
  });
});
