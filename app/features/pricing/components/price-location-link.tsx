import { useSite, useSiteState } from "~/features/site-state/site-context";
import { PRICING_MODAL_HASH, PRICING_TEXTS, pricingLocationText } from "./pricing-location";

/**
 * The link next to AU prices that opens the "Configure your pricing" modal, showing the current
 * state and buyer type ("Victoria | ABN"). Renders nothing in NZ (no states or buyer types).
 */
export function PriceLocationLink({ className }: { className?: string }) {
  const { country } = useSite();
  const { auState, isABN } = useSiteState();
  if (country !== "au") return null;
  return (
    <a href={PRICING_MODAL_HASH} className={["price-location-link", className ?? ""].filter(Boolean).join(" ")} data-price-location="">
      <span className="visually-hidden">{PRICING_TEXTS.heading}: </span>
      {pricingLocationText(auState, isABN)}
    </a>
  );
}
