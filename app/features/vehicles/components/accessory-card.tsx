import { ResponsiveImage } from "~/components/image";
import type { Country } from "~/content/schema";
import { ACCESSORY_PRICE_LABEL, accessoryPriceText } from "~/features/pricing/format";
import { DEFAULT_ACCESSORY_IMAGE_ALT } from "../logic";
import type { VehicleAccessory } from "../types";

/** Shown for an accessory without an image (alt 'Default accessory image', spec §2). */
export const DEFAULT_ACCESSORY_IMAGE = { filename: "/accessory-default.svg", alt: DEFAULT_ACCESSORY_IMAGE_ALT };

/**
 * An accessory: image (or the default), name, description and price: AU '$' with 2 decimals and
 * 'Fitted RRP'; NZ 'Contact your Dealer to confirm Pricing and Compatibility'.
 */
export function AccessoryCard({ accessory, country, headingLevel = 3 }: { accessory: VehicleAccessory; country: Country; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = accessory.image ?? DEFAULT_ACCESSORY_IMAGE;
  const price = accessoryPriceText(accessory.price, country);
  return (
    <article className="accessory-card" data-accessory={accessory.name}>
      <div className="accessory-card__media">
        {accessory.image ? (
          <ResponsiveImage asset={image} width={480} height={320} sizes="(min-width: 992px) 30vw, 85vw" />
        ) : (
          <img src={image.filename} alt={image.alt} width={480} height={320} loading="lazy" />
        )}
      </div>
      <div className="accessory-card__body">
        <Heading className="accessory-card__name">{accessory.name}</Heading>
        {accessory.description ? <p className="accessory-card__description">{accessory.description}</p> : null}
        <p className="accessory-card__price">
          <strong>{price}</strong>
          {country === "au" && accessory.price && price.startsWith("$") ? <span className="accessory-card__label"> {ACCESSORY_PRICE_LABEL}</span> : null}
        </p>
      </div>
    </article>
  );
}
