import { useSite, useSiteState } from "~/features/site-state/site-context";
import { PRICING_MODAL_HASH, PRICING_TEXTS, pricingLocationText } from "./pricing-location";

/**
 * The link next to AU prices that opens the "Configure your pricing" modal, showing the current
 * state and buyer type ("Victoria | ABN"). Renders nothing in NZ (no states or buyer types).
 */
export function PriceLocationLink({ className, isABN: priceIsABN }: { className?: string; isABN?: boolean }) {
  const { country } = useSite();
  const { auState, isABN: storedIsABN } = useSiteState();
  // The buyer type of the price shown beside the link, when the page knows it better than the
  // stored choice (the configurator after a no-JS calculator submit, whose cookie arrives with it).
  const isABN = priceIsABN ?? storedIsABN;
  if (country !== "au") return null;
  return (
    <a href={PRICING_MODAL_HASH} className={["price-location-link", className ?? ""].filter(Boolean).join(" ")} data-price-location="">
      <span className="visually-hidden">{PRICING_TEXTS.heading}: </span>
      {pricingLocationText(auState, isABN)}
    </a>
  );
}
