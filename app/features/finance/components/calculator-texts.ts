/**
 * The finance calculator modal's wording (spec transactional.md sections 2, 5, 8), letter for
 * letter where the spec gives it; the rest is ours and kept here so it can move to content.
 */
export const CALCULATOR_TEXTS = {
  title: (modelLineName: string) => `Calculate your loan repayments for your ${modelLineName}`,
  open: "View finance calculator",
  driveawayPrice: "Driveaway price",
  deposit: "Deposit",
  loanTerm: "Loan term",
  balloon: "Balloon payment",
  use: "Primary vehicle use",
  individual: "Individual",
  business: "Business",
  frequency: "Repayment frequency",
  repayment: "Estimated repayment",
  indicativeRate: "Indicative rate",
  comparisonRate: "Comparison rate",
  contactUs: "Contact Us",
  calculate: "Calculate",
  close: "Close calculator",
  disclaimerLink: "Read the disclaimer",
  balloonTable: "Balloon Rate Table",
  businessUse: "About business use",
  businessUseText:
    "Choose Business if the vehicle will be used mainly for business purposes and financed in the name of a business with an ABN. Business loans are quoted with monthly repayments and without a comparison rate.",
  comparisonFootnote:
    "* The comparison rate is based on a secured consumer fixed-rate loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.",
  indicativeDefinition:
    "The indicative rate is a rate at or below which at least half of approved applicants were accepted. Your rate may differ.",
  approvedApplicants: "Finance is available to approved applicants only, excluding government, fleet and rental buyers.",
  loading: "Calculating…",
} as const;

/** Element id of the calculator modal: the no-JS link opens it with `#finance-calculator`. */
export const CALCULATOR_MODAL_ID = "finance-calculator";
export const CALCULATOR_DISCLAIMER_ID = "finance-calculator-disclaimer";
