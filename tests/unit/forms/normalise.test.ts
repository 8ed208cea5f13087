import { describe, expect, it } from "vitest";
import { buildLead, cleanText, normaliseValues } from "~/features/forms/normalise";
import { contactForm, validValues } from "./fixtures";

describe("before sending (spec section 5)", () => {
  it("line breaks in comments become spaces and double quotes single quotes", () => {
    expect(normaliseValues({ comments: 'Call me "after 5"\r\nor\nweekends\rthanks' }, "au").comments).toBe("Call me 'after 5' or weekends thanks");
  });

  it("a leading + on the mobile is stripped", () => {
    expect(normaliseValues({ mobile_phone: "+61412345678" }, "au").mobile_phone).toBe("61412345678");
    expect(normaliseValues({ mobile: "+64211234567" }, "nz").mobile).toBe("64211234567");
  });

  it("a leading 0 is replaced with 61 (AU) or 64 (NZ)", () => {
    expect(normaliseValues({ mobile_phone: "0412345678" }, "au").mobile_phone).toBe("61412345678");
    expect(normaliseValues({ mobile_phone: "0211234567" }, "nz").mobile_phone).toBe("64211234567");
  });

  it("spaces in the mobile are removed (issue 25)", () => {
    expect(normaliseValues({ mobile_phone: "61 0412345678" }, "au").mobile_phone).toBe("610412345678");
    expect(normaliseValues({ mobile_phone: "+64 21 123 4567" }, "nz").mobile_phone).toBe("64211234567");
    expect(normaliseValues({ mobile_phone: "0412 345 678" }, "au").mobile_phone).toBe("61412345678");
  });

  it("a postcode of fewer than 4 digits is stored with its leading zeros (issue 25)", () => {
    expect(normaliseValues({ post_code: "800" }, "au").post_code).toBe("0800");
    expect(normaliseValues({ post_code: " 110 " }, "nz").post_code).toBe("0110");
    expect(normaliseValues({ post_code: "3121" }, "au").post_code).toBe("3121");
    expect(normaliseValues({ post_code: "31a" }, "au").post_code).toBe("31a");
  });

  it("company_name and dealer_code default to empty strings", () => {
    const out = normaliseValues({ first_name: "Ann" }, "au");
    expect(out.company_name).toBe("");
    expect(out.dealer_code).toBe("");
    expect(normaliseValues({ company_name: "Acme" }, "au").company_name).toBe("Acme");
  });

  it("is idempotent: the browser and the server may both apply it", () => {
    const once = normaliseValues({ mobile_phone: "+0412 345 678", comments: 'a\n"b"', post_code: "800" }, "au");
    expect(normaliseValues(once, "au")).toEqual(once);
  });

  it("values are trimmed and empty ones kept as empty strings", () => {
    expect(normaliseValues({ first_name: "  Ann ", last_name: undefined }, "au")).toEqual({ first_name: "Ann", company_name: "", dealer_code: "" });
  });
});

describe("the lead the CRM receives", () => {
  it("takes SFEndpoint, enquiry_name and disableCIO from the chosen enquiry type", () => {
    const lead = buildLead(contactForm(), "au", validValues({ enquiry_type: "feedback", dealer_code: "" }));
    expect(lead.endpoint).toBe("/enquiries/care");
    expect(lead.payload).toMatchObject({
      SFEndpoint: "/enquiries/care",
      enquiry_name: "Feedback",
      disableCIO: true,
      form_id: "contact",
      country: "au",
      mobile_phone: "61412345678",
      lead_source: "website",
    });
  });

  it("falls back to the form's own endpoint and name without an enquiry type", () => {
    const lead = buildLead(contactForm(), "nz", validValues({ enquiry_type: "" }));
    expect(lead.endpoint).toBe("/enquiries/general");
    expect(lead.payload.enquiry_name).toBe("Contact us");
    expect(lead.payload.mobile_phone).toBe("64412345678");
  });

  it("hidden fields carry the content's value whatever was posted", () => {
    const lead = buildLead(contactForm(), "au", validValues({ lead_source: "forged" }));
    expect(lead.payload.lead_source).toBe("website");
  });

  it("drops a dealer chosen for an enquiry type that has no dealer selector", () => {
    expect(buildLead(contactForm(), "au", validValues({ enquiry_type: "general", dealer_code: "AU-VIC-001" })).payload.dealer_code).toBe("");
    expect(buildLead(contactForm(), "au", validValues({ enquiry_type: "vehicle", dealer_code: "AU-VIC-001" })).payload.dealer_code).toBe("AU-VIC-001");
  });

  it("a competition form is a competition lead", () => {
    const form = { ...contactForm(), component: "competition-form" as const, sfendpoint: "/competitions/x", enquiry_name: "Comp" };
    const lead = buildLead(form, "au", validValues({ enquiry_type: "" }));
    expect(lead.kind).toBe("competition");
    expect(lead.payload).toMatchObject({ SFEndpoint: "/competitions/x", enquiry_name: "Comp" });
  });
});

describe("cleanText: no control or bidi characters in lead text", () => {
  it("strips C0 (but tab and line breaks), DEL, C1 and the bidi embeddings, overrides and isolates", () => {
    expect(cleanText("A\u0000B\u0007C\u001bD\u007fE\u0085F\u009bG")).toBe("ABCDEFG");
    expect(cleanText("\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069")).toBe("abcdefgh");
    // Letters of right-to-left scripts and ordinary marks are kept.
    expect(cleanText("שלום – Zoë")).toBe("שלום – Zoë");
  });

  it("keeps tabs and line breaks (as \\n) only in a multi-line field; a single-line one gets a space", () => {
    expect(cleanText("one\r\ntwo\rthree\tfour", true)).toBe("one\ntwo\nthree\tfour");
    expect(cleanText("one\r\ntwo\t\tthree")).toBe("one two three");
    for (const value of ["x\u0000\r\ny", "\u202Ez"]) expect(cleanText(cleanText(value, true), true)).toBe(cleanText(value, true));
  });
});
