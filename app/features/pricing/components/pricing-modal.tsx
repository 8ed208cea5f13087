import { usePageLocation } from "~/islands/page-location";
import { useId, type FormEvent } from "react";
import { BREAKPOINTS } from "~/components/breakpoints";
import { Modal } from "~/components/modal";
import { useHydrated } from "~/islands/use-hydrated";
import { useMediaQuery } from "~/components/use-media-query";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setAuState, setIsABN } from "~/features/site-state/store";
import { AU_STATE_OPTIONS, isAuState } from "~/lib/au-states";
import { BUYER_CHOICE_ACTION, PRICE_ANCHOR_ID, PRICING_MODAL_ID, PRICING_TEXTS } from "./pricing-location";

/**
 * "Configure your pricing" (spec transactional.md §2, issue 6), rendered once on AU pages by
 * the shell's `PricingModalSlot` (an island), which opens it. With
 * JavaScript every change sets auState / isABN at once (store, localStorage and cookies), so every
 * price on the page follows; 'View vehicle' closes it. Without JavaScript the `#configure-pricing`
 * anchor shows it (:target) and it is a form that posts the choice to /api/buyer-choice, which
 * sets the cookies and sends the visitor back to the page.
 */
export function PricingModal({ open, onClose: close }: { open: boolean; onClose: () => void }) {
  const store = useSiteStore();
  const { auState, isABN } = useSiteState();
  const hydrated = useHydrated();
  const location = usePageLocation();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`, true);
  const headingId = useId();
  const stateId = useId();
  // Back at the price the buyer came to change (a page without one opens at its top).
  const returnTo = `${location.pathname}${location.search}#${PRICE_ANCHOR_ID}`;

  const onSubmit = (event: FormEvent) => {
    // The choice is already stored: 'View vehicle' only closes.
    event.preventDefault();
    close();
  };

  return (
    // The id is the :target fallback and the pricing links' anchor. With JavaScript the links open
    // the dialog without changing the hash (PricingModalSlot), so :target never shows the closed copy.
    <Modal open={open} onClose={close} size={wide ? "md" : "sm"} labelledBy={headingId} id={PRICING_MODAL_ID} className="pricing-modal">
      <form method="post" action={BUYER_CHOICE_ACTION} onSubmit={hydrated ? onSubmit : undefined} className="pricing-modal__form">
        <h2 id={headingId} className="pricing-modal__heading">
          {PRICING_TEXTS.heading}
        </h2>
        <p className="pricing-modal__intro">{PRICING_TEXTS.intro}</p>
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="pricing-modal__field">
          <label htmlFor={stateId} className="pricing-modal__label">
            {PRICING_TEXTS.stateLabel}
          </label>
          <select
            id={stateId}
            name="auState"
            className="pricing-modal__select"
            value={auState}
            onChange={(event) => {
              if (isAuState(event.target.value)) setAuState(store, event.target.value);
            }}
          >
            {AU_STATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="pricing-modal__field pricing-switch">
          <legend className="pricing-modal__label">{PRICING_TEXTS.buyerLegend}</legend>
          <div className="pricing-switch__options">
            {(
              [
                [false, PRICING_TEXTS.private],
                [true, PRICING_TEXTS.abn],
              ] as const
            ).map(([value, label]) => (
              <label key={label} className="pricing-switch__option">
                <input
                  type="radio"
                  name="isABN"
                  value={String(value)}
                  checked={isABN === value}
                  onChange={() => setIsABN(store, value)}
                  className="pricing-switch__input"
                />
                <span className="pricing-switch__label">{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button button--primary pricing-modal__submit">
          {PRICING_TEXTS.viewVehicle}
        </button>
      </form>
    </Modal>
  );
}
