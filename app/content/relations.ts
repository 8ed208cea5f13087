/** Relations the site resolves wherever models appear (spec site.md section 7). */
export const MODEL_RELATIONS = [
  "model-au.price_disclaimers",
  "model-nz.price_disclaimers",
  "model-au.driveaway_state_prices",
  "model-au.model_line",
  "model-nz.model_line",
] as const;

/** The finance page also resolves model-line options and enquiry-type options of its forms. */
export const FINANCE_RELATIONS = [...MODEL_RELATIONS, "form-field.options", "form-field.model_lines"] as const;
