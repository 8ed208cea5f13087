import { Fragment, useId } from "react";
import { ResponsiveImage } from "~/components/image";
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
 * disclaimers that toggle, at most 4 features and Build Your Own. The tabs are a radio group
 * whose checked choice shows its panel by CSS alone: they work the same with JavaScript or
 * without, so the listing's island need not run to show them (it hydrates on interaction).
 * `priority`: the first card of a listing that opens the page, whose image loads eagerly with
 * high priority.
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
  const financeDisclaimers = model.financeOffers.map((f) => f.disclaimer).filter(Boolean);
  const features = offerFeatures(model.featureList);
  const tabs = order.length > 1;

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
            <details suppressHydrationWarning className="price-disclaimers offer-card__finance-disclaimers">
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
    return (
      <div key={key} className={`offer-card__panel offer-card__panel--${key}`}>
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
          <div className="offer-card__tabs" role="radiogroup" aria-label={model.name}>
            {order.map((key, i) => (
              <Fragment key={key}>
                <input type="radio" className="offer-card__tab-input" name={baseId} id={`${baseId}-${key}`} value={key} defaultChecked={i === 0} />
                <label className="offer-card__tab" htmlFor={`${baseId}-${key}`}>
                  {key === "offer" ? OFFER_TAB : FINANCE_TAB}
                </label>
              </Fragment>
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
