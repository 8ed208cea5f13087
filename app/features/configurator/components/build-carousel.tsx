import { Fragment, useState } from "react";
import { useHydrated } from "~/islands/use-hydrated";
import { carouselSources, pageLabel, type CarouselContent } from "../images";

/**
 * The configurator's image carousel: one image per slide with its alt text; previous and next
 * only with more than one image (disabled at the ends); page buttons 'Navigate to image N of M'
 * hidden for one image; optional disclaimer; the no-image message when there is none. Without
 * JavaScript the slides are a horizontally scrollable, snapping list.
 */
export function BuildCarousel({ content, label, disclaimer }: { content: CarouselContent; label: string; disclaimer?: string }) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const { images } = content;
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  if (count === 0) {
    return (
      <div className="build-carousel build-carousel--empty">
        <p className="build-carousel__empty">{content.emptyMessage}</p>
      </div>
    );
  }
  const enhanced = hydrated && count > 1;
  return (
    <div className="build-carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul
        className={["build-carousel__track", enhanced ? "build-carousel__track--enhanced" : ""].filter(Boolean).join(" ")}
        // Without JavaScript the list scrolls; focus lets keyboard users scroll it.
        tabIndex={!hydrated && count > 1 ? 0 : undefined}
        aria-label={!hydrated && count > 1 ? label : undefined}
      >
        {images.map((image, i) => {
          const [large, medium, small] = carouselSources(image);
          const hidden = enhanced && i !== current;
          return (
            <li
              key={`${image.filename}-${i}`}
              className="build-carousel__slide"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              hidden={hidden}
            >
              <picture>
                {/* The first matching source wins: per size AVIF, WebP, then the original. */}
                {[large, medium].map((size) =>
                  size.media ? (
                    <Fragment key={size.media}>
                      {size.modern.map((m) => (
                        <source key={m.type} type={m.type} media={size.media!} srcSet={m.srcSet} />
                      ))}
                      <source media={size.media} srcSet={size.srcSet} />
                    </Fragment>
                  ) : null,
                )}
                {small.modern.map((m) => (
                  <source key={m.type} type={m.type} srcSet={m.srcSet} />
                ))}
                <img
                  src={small.srcSet.split(" ")[0]}
                  srcSet={small.srcSet}
                  alt={image.alt}
                  width={large.width}
                  height={large.height}
                  loading={i === 0 ? "eager" : "lazy"}
                  // The first image is the page's largest paint: fetched first (React 18 passes the
                  // lowercase attribute through as is).
                  {...(i === 0 ? { fetchpriority: "high" } : {})}
                  data-file={image.filename.split("/").pop()}
                />
              </picture>
            </li>
          );
        })}
      </ul>
      {enhanced ? (
        <div className="build-carousel__controls">
          <button
            type="button"
            className="build-carousel__arrow"
            aria-label="Previous image"
            disabled={current === 0}
            onClick={() => setIndex(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="build-carousel__pages">
            {images.map((image, i) => (
              <button
                key={`${image.filename}-${i}`}
                type="button"
                className="build-carousel__page"
                aria-label={pageLabel(i + 1, count)}
                aria-current={i === current ? "true" : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="build-carousel__arrow"
            aria-label="Next image"
            disabled={current === count - 1}
            onClick={() => setIndex(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : count > 1 ? (
        // Until it hydrates, invisible copies hold the controls' room, so that the page below does
        // not move when they come (hidden without JavaScript, where none come).
        <div className="build-carousel__controls build-carousel__controls--reserve" aria-hidden="true">
          <span className="build-carousel__arrow" />
          <div className="build-carousel__pages">
            {images.map((image, i) => (
              <span key={`${image.filename}-${i}`} className="build-carousel__page" />
            ))}
          </div>
          <span className="build-carousel__arrow" />
        </div>
      ) : null}
      {disclaimer ? <p className="build-carousel__disclaimer">{disclaimer}</p> : null}
    </div>
  );
}
