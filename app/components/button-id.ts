/**
 * The tracking identifier a call-to-action button carries (`data-button-id`, read by the tag
 * manager with each click event), from the page's path and the button's label (spec
 * transactional.md section 2): under a path containing /finance, the enquiry-tracking identifier,
 * except on a button labelled 'View offers'; on the configurator's path, the finance calculator's
 * (the configurator's own 'View finance calculator' button carries the same).
 */
export const FINANCE_ENQUIRY_BUTTON_ID = "finance-enquiry";
export const FINANCE_CALCULATOR_BUTTON_ID = "finance-calculator";

const VIEW_OFFERS = "view offers";

export function buttonTrackingId(pathname: string, label: string | null | undefined): string | undefined {
  const path = pathname.toLowerCase();
  if (/\/config(\/|$)/.test(path)) return FINANCE_CALCULATOR_BUTTON_ID;
  if (path.includes("/finance")) {
    return (label ?? "").trim().toLowerCase() === VIEW_OFFERS ? undefined : FINANCE_ENQUIRY_BUTTON_ID;
  }
  return undefined;
}
