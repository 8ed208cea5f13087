import { useId } from "react";
import type { Country } from "~/content/schema";
import { dealerAnchorId, fillTemplate, formatDistance, type LocatorDealer } from "../locator";
import { directionsUrl, testDrivePath } from "../maps-links";

/** Spec texts (site.md section 2), letter for letter. */
export const GET_DIRECTIONS = "Get Directions";
export const BOOK_A_TEST_DRIVE = "Book a Test Drive";
export const MORE_INFO = "More Info";

/** Content texts the card shows (store-locator block fields). */
export interface DealerCardTexts {
  /** "{distance} km away" */
  distance: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
}

function streetAddress(d: LocatorDealer): string {
  const locality = [d.city, d.region, d.postcode].filter(Boolean).join(" ");
  return [d.address, locality].filter(Boolean).join(", ");
}

/** "(03) 5550 4000" → "+61355504000" for the tel: link; the text stays as the dealer file has it. */
export function telHref(phone: string, country: Country): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  const prefix = country === "au" ? "61" : "64";
  return `tel:+${prefix}${digits.replace(/^0/, "")}`;
}

/**
 * One dealer of the results: name (a link that selects it, in the results list), distance,
 * address, Get Directions (a maps link), Book a Test Drive (test-drive?dealer={code}) and More
 * Info (address, contact, hours Monday to Sunday) as a details element that toggles without
 * JavaScript. The article carries the dealer's anchor.
 */
export function DealerCard({
  dealer,
  country,
  texts,
  selectHref,
  selected = false,
  headingLevel = 3,
  number,
}: {
  dealer: LocatorDealer;
  country: Country;
  texts: DealerCardTexts;
  /** The link that selects this dealer; none in results mode. */
  selectHref?: string;
  selected?: boolean;
  headingLevel?: 2 | 3;
  /** Its number on the map (the results' order); the list itself is ordered for assistive technology. */
  number?: number;
}) {
  const nameId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const address = streetAddress(dealer);
  return (
    <article
      id={dealerAnchorId(dealer.code)}
      className={selected ? "dealer-card dealer-card--selected" : "dealer-card"}
      aria-labelledby={nameId}
      data-code={dealer.code}
    >
      {/* The selected dealer's name takes focus when it replaces the link pressed to select it. */}
      <Heading className="dealer-card__name" id={nameId} tabIndex={selected ? -1 : undefined}>
        {number !== undefined ? (
          <span className="dealer-card__number" aria-hidden="true">
            {number}
          </span>
        ) : null}
        {selectHref ? (
          <a href={selectHref}>
            {dealer.name}
          </a>
        ) : (
          dealer.name
        )}
      </Heading>
      {dealer.distanceKm !== null ? (
        <p className="dealer-card__distance">{fillTemplate(texts.distance, { distance: formatDistance(dealer.distanceKm) })}</p>
      ) : null}
      {address ? <p className="dealer-card__address">{address}</p> : null}
      <div className="dealer-card__actions">
        <a className="button button--sm button--outline" href={directionsUrl(dealer)}>
          {GET_DIRECTIONS}
        </a>
        <a className="button button--sm button--primary" href={testDrivePath(country, dealer.code)}>
          {BOOK_A_TEST_DRIVE}
        </a>
      </div>
      <details suppressHydrationWarning className="dealer-card__more">
        <summary>{MORE_INFO}</summary>
        <div className="dealer-card__info">
          <dl className="dealer-card__contact">
            {address ? (
              <div>
                <dt>{texts.address}</dt>
                <dd>{address}</dd>
              </div>
            ) : null}
            {dealer.phone ? (
              <div>
                <dt>{texts.phone}</dt>
                <dd>
                  <a href={telHref(dealer.phone, country)}>{dealer.phone}</a>
                </dd>
              </div>
            ) : null}
            {dealer.email ? (
              <div>
                <dt>{texts.email}</dt>
                <dd>
                  <a href={`mailto:${dealer.email}`}>{dealer.email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
          <table className="dealer-hours">
            <caption>{texts.hours}</caption>
            <tbody>
              {dealer.hours.map((h) => (
                <tr key={h.day}>
                  <th scope="row">{h.day}</th>
                  <td>{h.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </article>
  );
}
