import { track } from "~/features/analytics/track";

/**
 * The forms' analytics events (spec section 7: form progress, form submit, form error). They
 * carry the form, field names and the enquiry type, never what a visitor typed.
 */
declare module "~/features/analytics/track" {
  interface AnalyticsEvents {
    /** A listed field was completed (once per field and form). */
    form_progress: { form_id: string; field_name: string; country: string };
    /** The form was accepted by the server. */
    form_submit: { form_id: string; enquiry_type?: string; country: string };
    /** The form was refused (invalid fields) or could not be sent. */
    form_error: { form_id: string; error_type: "validation" | "submit"; fields?: string; country: string };
  }
}

export function trackFormProgress(formId: string, fieldName: string, country: string): void {
  track("form_progress", { form_id: formId, field_name: fieldName, country });
}

export function trackFormSubmit(formId: string, country: string, enquiryType?: string): void {
  track("form_submit", { form_id: formId, enquiry_type: enquiryType, country });
}

export function trackFormError(formId: string, country: string, errorType: "validation" | "submit", fields?: readonly string[]): void {
  track("form_error", { form_id: formId, error_type: errorType, fields: fields?.join(","), country });
}
