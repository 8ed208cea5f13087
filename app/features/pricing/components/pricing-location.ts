import { AU_STATE_NAMES, type AuState } from "~/lib/au-states";

/**
 * The "Configure your pricing" modal's contract: any link to `#configure-pricing` opens it
 * (a click with JavaScript, the `:target` rule without), so blocks only render the link.
 */
export const PRICING_MODAL_ID = "configure-pricing";
export const PRICING_MODAL_HASH = `#${PRICING_MODAL_ID}`;
/**
 * Marks the modal's island while the server's copy is shown for a tap made before the island ran
 * (pricing-opener.ts); modal.css shows the copy while it is there.
 */
export const SHOWN_EARLY_ATTRIBUTE = "data-modal-shown-early";

/** Spec transactional.md §2 "Configure your pricing modal", letter for letter. */
export const PRICING_TEXTS = {
  heading: "Configure your pricing",
  intro:
    "Driveaway prices depend on where you register your vehicle and on who is buying it. Choose your state and whether you are a private buyer or an ABN holder for an accurate price.",
  stateLabel: "Select your state",
  buyerLegend: "Show pricing for",
  private: "Private",
  abn: "ABN",
  viewVehicle: "View vehicle",
} as const;

/**
 * The page's main price (the configurator's price panel, a model page's range tabs): where the
 * no-JavaScript pricing form and the calculator's close return to, so the buyer lands at the price.
 */
export const PRICE_ANCHOR_ID = "price";

/** Where the no-JavaScript form posts the choice. */
export const BUYER_CHOICE_ACTION = "/api/buyer-choice";

/** "Victoria | ABN": the current pricing location, as the price-location link shows it. */
export function pricingLocationText(auState: AuState, isABN: boolean): string {
  return `${AU_STATE_NAMES[auState]} | ${isABN ? PRICING_TEXTS.abn : PRICING_TEXTS.private}`;
}

/** True for a link (href attribute) that opens the pricing modal: "#configure-pricing", with or without a path before it. */
export function opensPricingModal(href: string | null | undefined, currentPath?: string): boolean {
  if (!href) return false;
  const index = href.indexOf("#");
  if (index < 0 || href.slice(index) !== PRICING_MODAL_HASH) return false;
  const before = href.slice(0, index);
  return before === "" || (currentPath !== undefined && before === currentPath);
}
