import { ResponsiveImage } from "~/components/image";
import type { ListingItem } from "../listing";

/**
 * A news article or event in a listing or carousel: image, meta line, title (the link), summary.
 * `priority`: the image is the first view's largest (the first card of a listing that opens the
 * page), so it loads eagerly with high priority.
 */
export function ListingCard({ item, headingLevel = 3, priority = false }: { item: ListingItem; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const meta = [item.categories, item.date, item.place].filter(Boolean);
  return (
    <article className="listing-card">
      {item.image ? (
        <ResponsiveImage
          className="listing-card__image"
          asset={item.image}
          alt=""
          width={640}
          height={400}
          sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw"
          priority={priority}
        />
      ) : (
        <span className="listing-card__image listing-card__image--empty" aria-hidden="true" />
      )}
      <div className="listing-card__body">
        {meta.length ? (
          <p className="listing-card__meta">
            {meta.map((m) => (
              <span key={m}>{m}</span>
            ))}
          </p>
        ) : null}
        <Heading className="listing-card__title">
          <a href={item.href} className="listing-card__link">
            {item.title}
          </a>
        </Heading>
        {item.summary ? <p className="listing-card__summary">{item.summary}</p> : null}
      </div>
    </article>
  );
}
