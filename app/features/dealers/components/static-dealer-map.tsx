import { useId } from "react";
import { fullViewBox, type StaticMapModel } from "../static-map";
import type { Country } from "~/content/schema";

/** Marker radii in CSS pixels: the same size on screen at any zoom and page width. */
export const MARKER_RADIUS_PX = { other: 6, listed: 11, selected: 13, origin: 7 } as const;
/**
 * Radius of a marker's target, drawn unseen around it: 44 px for the listed and selected dealers
 * (a thumb), 24 px for the others (WCAG 2.2's minimum; they crowd in cities, and the dealer index
 * beside the map reaches each of them too).
 */
export const MARKER_TARGET_RADIUS_PX = { other: 12, listed: 22, selected: 22 } as const;

const pct = (n: number) => `${n}%`;

/**
 * The locator's map without any third-party script: the country's outline (a drawing with a
 * title, scaled to the view) under a layer of markers placed in percent of the view, so they keep
 * their size. Each marker is a link that selects its dealer and goes to its anchor; the selected
 * one is red, the listed ones the primary colour and numbered as in the results list, the others
 * grey.
 */
export function StaticDealerMap({
  country,
  model,
  title,
  markerHref,
}: {
  country: Country;
  model: StaticMapModel;
  /** The drawing's accessible name (content text). */
  title: string;
  /** Where a marker goes: the page with that dealer selected, at its anchor. */
  markerHref: (code: string) => string;
}) {
  const titleId = useId();
  const { viewBox } = model;
  const frame = fullViewBox(country);
  const aspect = frame.width / frame.height;
  return (
    <div
      className="static-map"
      style={{ aspectRatio: `${frame.width} / ${frame.height}`, maxWidth: `calc(72vh * ${aspect.toFixed(4)})` }}
      data-whole={model.whole ? "" : undefined}
      data-testid="static-map"
    >
      <svg className="static-map__drawing" viewBox={model.viewBoxAttr} preserveAspectRatio="none" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <rect className="static-map__sea" x={viewBox.x} y={viewBox.y} width={viewBox.width} height={viewBox.height} />
        {model.paths.map((path) => (
          <path key={path.name} className="static-map__land" d={path.d} vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <svg className="static-map__layer">
        {model.origin ? (
          <circle
            className="static-map__origin"
            cx={pct(model.origin.left)}
            cy={pct(model.origin.top)}
            r={MARKER_RADIUS_PX.origin}
            aria-hidden="true"
          />
        ) : null}
        {model.markers.map((marker) => {
          const name = [marker.name, [marker.city, marker.region].filter(Boolean).join(" ")].filter(Boolean).join(", ");
          const numbered = marker.number !== null && marker.state !== "other";
          return (
            <a
              key={marker.code}
              href={markerHref(marker.code)}
              className={`static-map__marker static-map__marker--${marker.state}`}
              aria-label={name}
              aria-current={marker.state === "selected" ? "true" : undefined}
              data-code={marker.code}
            >
              <title>{name}</title>
              <circle className="static-map__target" cx={pct(marker.left)} cy={pct(marker.top)} r={MARKER_TARGET_RADIUS_PX[marker.state]} />
              <circle className="static-map__dot" cx={pct(marker.left)} cy={pct(marker.top)} r={MARKER_RADIUS_PX[marker.state]} />
              {numbered ? (
                <text x={pct(marker.left)} y={pct(marker.top)} dy="0.35em" textAnchor="middle" aria-hidden="true">
                  {marker.number}
                </text>
              ) : null}
            </a>
          );
        })}
      </svg>
    </div>
  );
}
