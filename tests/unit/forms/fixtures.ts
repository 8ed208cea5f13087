import type { FormBlok, FormField } from "~/features/forms/content";

let n = 0;
const uid = () => `uid-${++n}`;

export function field(name: string, label: string, extra: Partial<FormField> = {}): FormField {
  return { _uid: uid(), component: "form-field", name, label, type: "input", ...extra } as FormField;
}

export function enquiryOption(name: string, value: string, dealerselector: boolean, sfendpoint = `/enquiries/${value}`, disableCIO = false) {
  return { _uid: uid(), component: "enquiry-type-option" as const, name, value, dealerselector, sfendpoint, disableCIO };
}

/** A form like the contact-us fixture: enquiry type, model line, details, dealer, comments. */
export function contactForm(overrides: Partial<FormBlok> = {}): FormBlok {
  return {
    _uid: uid(),
    component: "form",
    form_id: "contact",
    heading: "Send us an enquiry",
    sfendpoint: "/enquiries/general",
    enquiry_name: "Contact us",
    sections: [
      {
        _uid: uid(),
        component: "form-section",
        field_layout: "two-columns",
        fields: [
          field("enquiry_type", "Enquiry type", {
            component: "SelectEnquiryType",
            required: true,
            options: [
              enquiryOption("Vehicle enquiry", "vehicle", true, "/enquiries/vehicle"),
              enquiryOption("Dealer enquiry", "enquiry", true, "/enquiries/dealer"),
              enquiryOption("General enquiry", "general", false, "/enquiries/general"),
              enquiryOption("Feedback", "feedback", false, "/enquiries/care", true),
            ],
          }),
          field("vehicle_interested_in", "Vehicle of interest", {
            component: "SelectModelLine",
            options: [
              { _uid: uid(), component: "model-line-option", name: "Tarrak", value: "tarrak", nidasu: "TRK" },
              { _uid: uid(), component: "model-line-option", name: "Mirra", nidasu: "MRA" },
            ],
          }),
          field("first_name", "First name", { required: true }),
          field("last_name", "Last name", { required: true }),
          field("mobile_phone", "Mobile number", { required: true }),
          field("Email", "Email", { required: true }),
          field("post_code", "Postcode", { required: true }),
          field("company_name", "Company name"),
          field("dealer_code", "Preferred dealership", { component: "SelectDealership" }),
          field("comments", "Comments", { type: "textarea", required: true }),
          field("test_drive_date", "Preferred date"),
          field("copies", "Number of copies", { type: "number" }),
          field("finance_type", "Finance for", {
            type: "select",
            options: [
              { _uid: uid(), component: "select-option", name: "Personal use", value: "personal" },
              { _uid: uid(), component: "select-option", name: "Business use", value: "business" },
            ],
          }),
          field("lead_source", "Lead source", { type: "hidden", hidden_value: "website" }),
          field("au_only", "Australian business number", { locale: "au" }),
        ],
      },
    ],
    ...overrides,
  } as FormBlok;
}

/** Values that pass every rule of contactForm(). */
export function validValues(extra: Record<string, string> = {}): Record<string, string> {
  return {
    enquiry_type: "vehicle",
    vehicle_interested_in: "tarrak",
    first_name: "Ann",
    last_name: "Lee",
    mobile_phone: "0412345678",
    Email: "ann@example.com",
    post_code: "3121",
    dealer_code: "AU-VIC-001",
    comments: "Hello",
    ...extra,
  };
}
