import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { useHydrated } from "~/islands/use-hydrated";
import type { CardQuote } from "~/features/finance/components/card-quote";
import { FinancePanel } from "~/features/finance/components/finance-panel";
import { offerText, standardOfferText } from "~/features/pricing/driveaway";
import { formatPrice } from "~/features/pricing/format";
import { parsePrice } from "~/features/pricing/validity";
import { PriceDisclaimers, VehiclePrice, useBuyer } from "~/features/vehicles/components/parts";
import { vehiclePrice } from "~/features/vehicles/logic";
import { BUILD_YOUR_OWN, FINANCE_TAB, OFFER_TAB, financeTabFirst, offerFeatures, type OfferModel } from "../offers";

export interface OfferCardSettings {
  showSpecialOffer: boolean;
  showFinanceTab: boolean;
  showFinanceTabFirst: boolean;
  standardOfferHeader: string;
  specialOfferHeading: string;
  priceDisclaimerLabel: string;
  financeDisclaimerLabel: string;
}

type TabKey = "offer" | "finance";

/**
 * An offer card (spec site.md section 2): the model's image, name and price, an Offer tab (the
 * special offer, or the standard header with the standard offer text) and a Finance tab (special
 * finance offers, the finance offer text and the finance quote panel), price and finance
 * disclaimers that toggle, at most 4 features and Build Your Own. Without JavaScript both tab
 * panels show one after the other under their names; with it they are tabs. `priority`: the
 * first card of a listing that opens the page, whose image loads eagerly with high priority.
 */
export function OfferCard({
  model,
  settings,
  quote,
  priority = false,
}: {
  model: OfferModel;
  settings: OfferCardSettings;
  quote: CardQuote | undefined;
  priority?: boolean;
}) {
  const buyer = useBuyer();
  const hydrated = useHydrated();
  const baseId = useId();
  const special = settings.showSpecialOffer ? offerText(model.pricing, buyer) : "";
  const standard = settings.standardOfferHeader ? standardOfferText(model.pricing, buyer) : "";
  const hasSpecialOffer = Boolean(special);
  const hasStandardHeader = Boolean(settings.standardOfferHeader);
  const price = vehiclePrice(model, buyer).amount;
  const hasFinance = settings.showFinanceTab && (model.financeOffers.length > 0 || Boolean(model.financeOfferText) || quote !== undefined);
  const order: TabKey[] = [];
  if (hasSpecialOffer || hasStandardHeader) order.push("offer");
  if (hasFinance) {
    if (financeTabFirst({ showFinanceTabFirst: settings.showFinanceTabFirst, hasSpecialOffer, hasStandardHeader })) order.unshift("finance");
    else order.push("finance");
  }
  const [selected, setSelected] = useState<TabKey | null>(null);
  const current = selected && order.includes(selected) ? selected : order[0];
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const financeDisclaimers = model.financeOffers.map((f) => f.disclaimer).filter(Boolean);
  const features = offerFeatures(model.featureList);
  const tabs = hydrated && order.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const i = order.indexOf(current ?? "offer");
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (i + 1) % order.length;
    if (event.key === "ArrowLeft") next = (i - 1 + order.length) % order.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = order.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = order[next]!;
    setSelected(key);
    tabRefs.current[key]?.focus();
  };

  const panel = (key: TabKey) => {
    const body =
      key === "offer" ? (
        <>
          {hasSpecialOffer ? (
            <>
              {settings.specialOfferHeading ? <p className="offer-card__panel-heading">{settings.specialOfferHeading}</p> : null}
              <p className="offer-card__offer-text">{special}</p>
            </>
          ) : (
            <>
              <p className="offer-card__panel-heading">{settings.standardOfferHeader}</p>
              {standard ? <p className="offer-card__offer-text">{standard}</p> : null}
            </>
          )}
        </>
      ) : (
        <>
          {model.financeOffers.map((f, i) => {
            const amount = parsePrice(f.driveawayPrice);
            return (
              <div key={i} className="offer-card__finance-offer">
                {f.text ? <p className="offer-card__offer-text">{f.text}</p> : null}
                {amount !== null ? <p className="offer-card__finance-price">{formatPrice(amount, buyer.country)}</p> : null}
              </div>
            );
          })}
          {model.financeOfferText ? <p className="offer-card__finance-text">{model.financeOfferText}</p> : null}
          <FinancePanel quote={quote} price={price} vehicle={model.quoteVehicle} className="offer-card__finance-panel" />
          {financeDisclaimers.length ? (
            <details className="price-disclaimers offer-card__finance-disclaimers">
              <summary className="price-disclaimers__toggle">{settings.financeDisclaimerLabel}</summary>
              <div className="price-disclaimers__overlay">
                {financeDisclaimers.map((d) => (
                  <p key={d}>{d}</p>
                ))}
              </div>
            </details>
          ) : null}
        </>
      );
    const label = key === "offer" ? OFFER_TAB : FINANCE_TAB;
    if (!tabs) {
      return (
        <section key={key} className={`offer-card__panel offer-card__panel--${key}`} aria-label={label}>
          {order.length > 1 ? <p className="offer-card__panel-name">{label}</p> : null}
          {body}
        </section>
      );
    }
    return (
      <div
        key={key}
        id={`${baseId}-${key}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${key}-tab`}
        hidden={current !== key}
        tabIndex={0}
        className={`offer-card__panel offer-card__panel--${key}`}
      >
        {body}
      </div>
    );
  };

  return (
    <article className="offer-card" data-model={model.shortName || model.name}>
      {model.image ? (
        <ResponsiveImage
          className="offer-card__image"
          asset={model.image}
          alt=""
          width={640}
          height={360}
          sizes="(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw"
          priority={priority}
        />
      ) : null}
      <div className="offer-card__body">
        <h3 className="offer-card__name">{model.name}</h3>
        <VehiclePrice model={model} className="offer-card__price" />
        <PriceDisclaimers disclaimers={model.priceDisclaimers} label={settings.priceDisclaimerLabel} />
        {tabs ? (
          <div className="offer-card__tabs" role="tablist" aria-label={model.name}>
            {order.map((key) => (
              <button
                key={key}
                ref={(el) => {
                  tabRefs.current[key] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-${key}-tab`}
                aria-selected={current === key}
                aria-controls={`${baseId}-${key}-panel`}
                tabIndex={current === key ? 0 : -1}
                className="offer-card__tab"
                onClick={() => setSelected(key)}
                onKeyDown={onKeyDown}
              >
                {key === "offer" ? OFFER_TAB : FINANCE_TAB}
              </button>
            ))}
          </div>
        ) : null}
        {order.map(panel)}
        {features.length ? (
          <ul className="offer-card__features">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
        <p className="offer-card__actions">
          <a className="button button--sm button--primary" href={model.configPath}>
            {BUILD_YOUR_OWN}
            <span className="visually-hidden"> {model.name}</span>
          </a>
        </p>
      </div>
    </article>
  );
}
