import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ALWAYS_SENT_FIELDS,
  autocompleteOf,
  controlOf,
  EXPORT_COLUMNS,
  FIELD_KINDS,
  htmlConstraints,
  isRequired,
  kindOf,
  kindOfName,
  PROGRESS_FIELDS,
  type FieldKindId,
  type FieldRuleContext,
} from "~/features/forms/field-kinds";
import { fieldSchema } from "~/features/forms/schema";
import type { FormField } from "~/features/forms/content";
import { field } from "./fixtures";

const ctx: FieldRuleContext = { today: "2026-11-21" };

const options = [{ _uid: "o1", component: "select-option" as const, name: "Personal", value: "personal" }];

/** One field of each kind, as the content describes it. */
const EXAMPLES: Record<FieldKindId, FormField> = {
  hidden: field("mobile_phone", "Source", { type: "hidden", hidden_value: "web" }),
  dealer: field("dealer_code", "Dealer", { component: "SelectDealership" }),
  choice: field("finance_type", "Finance for", { type: "select", options }),
  phone: field("mobile", "Mobile"),
  postcode: field("post_code", "Postcode"),
  email: field("EMAIL", "Email"),
  date: field("test_drive_date", "Preferred date"),
  number: field("copies", "Copies", { type: "number" }),
  comments: field("comments", "Comments", { type: "textarea" }),
  textarea: field("notes", "Notes", { type: "textarea" }),
  text: field("first_name", "First name"),
};

/** The first message the field's schema gives for a value, or "ok". */
function check(schema: z.ZodType<string | undefined>, value: string | undefined): string {
  const result = schema.safeParse(value);
  return result.success ? "ok" : (result.error.issues[0]?.message ?? "?");
}

describe("field kinds: one table of form field rules", () => {
  it("has every kind once, the catch-all text kind last", () => {
    const ids = FIELD_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe("text");
    expect(ids.sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it.each(Object.entries(EXAMPLES))("recognises a %s field", (id, example) => {
    expect(kindOf(example).id).toBe(id);
  });

  describe("recognition order", () => {
    it("hidden wins over a name (a hidden mobile_phone is not validated as a phone)", () => {
      expect(kindOf(EXAMPLES.hidden).id).toBe("hidden");
    });
    it("a select without options falls back to its name's or type's kind", () => {
      expect(kindOf(field("post_code", "Postcode", { type: "select" })).id).toBe("postcode");
      expect(kindOf(field("vehicle", "Vehicle", { component: "SelectModelLine" })).id).toBe("text");
    });
    it("a name wins over the content type (a number field named Email is an email)", () => {
      expect(kindOf(field("Email", "Email", { type: "number" })).id).toBe("email");
      expect(kindOf(field("comments", "Comments", { type: "number" })).id).toBe("number");
    });
    it("names alone mean phone, postcode, email, date and comments; others mean nothing", () => {
      expect(kindOfName("mobile_phone")?.id).toBe("phone");
      expect(kindOfName("post_code")?.id).toBe("postcode");
      expect(kindOfName("Email")?.id).toBe("email");
      expect(kindOfName("test_drive_date")?.id).toBe("date");
      expect(kindOfName("comments")?.id).toBe("comments");
      expect(kindOfName("first_name")).toBeUndefined();
    });
  });

  describe("rules (with the spec's messages)", () => {
    const rule = (id: FieldKindId, required = false) => fieldSchema({ ...EXAMPLES[id], required }, ctx);

    it("hidden: any value up to 500 characters, never required", () => {
      expect(check(fieldSchema({ ...EXAMPLES.hidden, required: true }, ctx), undefined)).toBe("ok");
      expect(check(rule("hidden"), "x".repeat(501))).toBe("Source is not valid.");
    });
    it("dealer: 'A dealer is required'; one of the dealer codes when they are known", () => {
      expect(check(rule("dealer", true), "")).toBe("A dealer is required");
      const known = fieldSchema(EXAMPLES.dealer, { ...ctx, dealerCodes: new Set(["D1"]) });
      expect(check(known, "D1")).toBe("ok");
      expect(check(known, "D2")).toBe("Dealer is not valid.");
    });
    it("choice: one of the options", () => {
      expect(check(rule("choice"), "personal")).toBe("ok");
      expect(check(rule("choice"), "other")).toBe("Finance for is not valid.");
      expect(check(rule("choice", true), " ")).toBe("Finance for is required");
    });
    it("phone: optional prefix and 10 digits, spaces ignored", () => {
      expect(check(rule("phone"), "0412 345 678")).toBe("ok");
      expect(check(rule("phone"), "+61 412 345 678")).toBe("ok");
      expect(check(rule("phone"), "12345")).toBe("Valid phone number required");
    });
    it("postcode: 1 to 4 digits, required in every form", () => {
      expect(isRequired(EXAMPLES.postcode)).toBe(true);
      expect(check(rule("postcode"), undefined)).toBe("Postcode is required");
      expect(check(rule("postcode"), "800")).toBe("ok");
      expect(check(rule("postcode"), "12345")).toBe("Valid postcode required");
    });
    it("email: zod's email pattern", () => {
      expect(check(rule("email"), "ann@example.com")).toBe("ok");
      expect(check(rule("email"), "ann@")).toBe("Valid email required");
    });
    it("date: a real date after today", () => {
      expect(check(rule("date"), "2026-11-22")).toBe("ok");
      expect(check(rule("date"), "2026-11-21")).toBe("Test drive date must be in the future");
      expect(check(rule("date"), "2026-02-30")).toBe("Preferred date is not valid.");
    });
    it("number: digits only, up to 20", () => {
      expect(check(rule("number"), "12")).toBe("ok");
      expect(check(rule("number"), "1.5")).toBe("Please only enter numbers");
      expect(check(rule("number"), "1".repeat(21))).toBe("Copies is not valid.");
    });
    it("comments: 'are required'; bounded by the content type", () => {
      expect(check(rule("comments", true), "")).toBe("Comments are required");
      expect(check(rule("comments"), "x".repeat(2000))).toBe("ok");
      expect(check(fieldSchema(field("comments", "Comments"), ctx), "x".repeat(256))).toBe("Comments is not valid.");
    });
    it("textarea and text: up to 2000 and 255 characters", () => {
      expect(check(rule("textarea"), "x".repeat(2001))).toBe("Notes is not valid.");
      expect(check(rule("text"), "x".repeat(255))).toBe("ok");
      expect(check(rule("text"), "x".repeat(256))).toBe("First name is not valid.");
      expect(check(rule("text", true), "  ")).toBe("First name is required");
    });
  });

  describe("normalisation before a lead is stored", () => {
    const normalise = (id: FieldKindId, value: string, country: "au" | "nz" = "au") => FIELD_KINDS.find((k) => k.id === id)?.normalise?.(value, country);
    it("phone: spaces and a leading + removed, a leading 0 becomes the country prefix", () => {
      expect(normalise("phone", "0412 345 678")).toBe("61412345678");
      expect(normalise("phone", "021 123 4567", "nz")).toBe("64211234567");
      expect(normalise("phone", "+61412345678")).toBe("61412345678");
    });
    it("postcode: leading zeros up to 4 digits", () => {
      expect(normalise("postcode", "800")).toBe("0800");
      expect(normalise("postcode", "3121")).toBe("3121");
    });
    it("comments: one line, double quotes as single", () => {
      expect(normalise("comments", 'a\r\n"b"')).toBe("a 'b'");
    });
    it("the other kinds keep their (trimmed) value", () => {
      for (const id of ["hidden", "dealer", "choice", "email", "date", "number", "textarea", "text"] as const) {
        expect(FIELD_KINDS.find((k) => k.id === id)?.normalise).toBeUndefined();
      }
    });
    it("each normalisation is idempotent", () => {
      for (const [id, value] of [["phone", "+0412 345 678"], ["postcode", "8"], ["comments", 'x\n"y"']] as const) {
        const once = normalise(id, value);
        expect(normalise(id, once ?? "")).toBe(once);
      }
    });
  });

  describe("HTML attributes", () => {
    it.each([
      ["phone", "tel", { maxLength: 20 }],
      ["postcode", "text", { maxLength: 4, inputMode: "numeric", pattern: "\\d{1,4}" }],
      ["email", "email", { maxLength: 254 }],
      ["date", "date", {}],
      ["number", "text", { maxLength: 20, inputMode: "numeric", pattern: "\\d*" }],
      ["comments", "text", { maxLength: 2000 }],
      ["textarea", "text", { maxLength: 2000 }],
      ["text", "text", { maxLength: 255 }],
    ] as const)("%s: input type %s, %o", (id, inputType, html) => {
      expect(kindOf(EXAMPLES[id]).inputType).toBe(inputType);
      expect(htmlConstraints(EXAMPLES[id])).toEqual(html);
    });
    it("none on hidden inputs and selects", () => {
      for (const id of ["hidden", "dealer", "choice"] as const) expect(htmlConstraints(EXAMPLES[id])).toEqual({});
      expect(htmlConstraints(field("post_code", "Postcode", { type: "select" }))).toEqual({});
    });
    it("a date input's min is the day after today", () => {
      expect(kindOf(EXAMPLES.date).min?.("2026-12-31")).toBe("2027-01-01");
    });
    it("the control follows the content type, not the kind", () => {
      expect(controlOf(field("Email", "Email", { type: "textarea" }))).toBe("textarea");
      expect(controlOf(EXAMPLES.dealer)).toBe("select");
      expect(controlOf(EXAMPLES.hidden)).toBe("hidden");
      expect(controlOf(EXAMPLES.email)).toBe("input");
    });
    it("autocomplete: the content's token, else the well-known name's", () => {
      expect(autocompleteOf(field("first_name", "First"))).toBe("given-name");
      expect(autocompleteOf(field("mobile_phone", "Mobile"))).toBe("tel");
      expect(autocompleteOf(field("post_code", "Postcode"))).toBe("postal-code");
      expect(autocompleteOf(field("company_name", "Company"))).toBe("organization");
      expect(autocompleteOf(field("first_name", "First", { autocomplete: " nickname " }))).toBe("nickname");
      expect(autocompleteOf(field("copies", "Copies"))).toBeUndefined();
    });
  });

  describe("well-known names", () => {
    it("always sends company_name and dealer_code", () => {
      expect(ALWAYS_SENT_FIELDS).toEqual(["company_name", "dealer_code"]);
    });
    it("sends the progress event for the spec's seven fields", () => {
      expect(PROGRESS_FIELDS).toEqual(["enquiry_type", "vehicle_interested_in", "first_name", "last_name", "mobile_phone", "Email", "post_code"]);
    });
    it("exports the spec's payload fields first, in the spec's order", () => {
      expect(EXPORT_COLUMNS).toEqual([
        "enquiry_type",
        "enquiry_name",
        "vehicle_interested_in",
        "first_name",
        "last_name",
        "mobile_phone",
        "Email",
        "post_code",
        "company_name",
        "dealer_code",
        "test_drive_date",
        "comments",
        "SFEndpoint",
        "disableCIO",
      ]);
    });
  });
});
