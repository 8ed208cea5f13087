import type { Country } from "~/content/schema";
import { COUNTRY_BOUNDS } from "./bounds";
import { COUNTRY_OUTLINES } from "./outlines";
import type { LatLng } from "./types";

/**
 * The dealer locator's map without a maps service: the country's outline and the dealers as dots
 * in an SVG. Equirectangular projection inside the country's search bounds (spec site.md section
 * 9), with x scaled by cos(middle latitude) so shapes keep their proportions. Pure: the same input
 * gives the same markup on the server and in the browser.
 */

/** Width of the country's frame in SVG units; the height follows from the bounds. */
export const MAP_FRAME_WIDTH = 1000;
/** Margin around the frame (SVG units), so capes just outside the search bounds still show. */
export const MAP_FRAME_MARGIN = 20;
/** A zoomed view is at least this many kilometres tall, so the place keeps some context. */
export const MIN_VIEW_SPAN_KM = 120;
/** Space around the focused points, as a share of the view on each side. */
export const VIEW_PADDING = 0.12;
const KM_PER_DEGREE_LAT = 111.2;

export interface Point {
  x: number;
  y: number;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Projection {
  /** The frame: the country's bounds projected, from (0, 0). */
  width: number;
  height: number;
  /** SVG units per degree of latitude. */
  unitsPerDegree: number;
  project(point: LatLng): Point;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const projections = new Map<Country, Projection>();

/** The country's projection: its bounds map to a frame MAP_FRAME_WIDTH wide. */
export function projectionFor(country: Country): Projection {
  const cached = projections.get(country);
  if (cached) return cached;
  const b = COUNTRY_BOUNDS[country];
  const cosMid = Math.cos((((b.north + b.south) / 2) * Math.PI) / 180);
  const unitsPerDegree = MAP_FRAME_WIDTH / ((b.east - b.west) * cosMid);
  const projection: Projection = {
    width: MAP_FRAME_WIDTH,
    height: round1((b.north - b.south) * unitsPerDegree),
    unitsPerDegree,
    project: (p) => ({ x: round1((p.lng - b.west) * cosMid * unitsPerDegree), y: round1((b.north - p.lat) * unitsPerDegree) }),
  };
  projections.set(country, projection);
  return projection;
}

const paths = new Map<Country, { name: string; d: string }[]>();

/** One SVG path per land mass ("M x y L x y … Z"). */
export function outlinePaths(country: Country): { name: string; d: string }[] {
  const cached = paths.get(country);
  if (cached) return cached;
  const { project } = projectionFor(country);
  const result = COUNTRY_OUTLINES[country].rings.map((ring) => ({
    name: ring.name,
    d:
      ring.points
        .map(([lng, lat], i) => {
          const p = project({ lat, lng });
          return `${i === 0 ? "M" : "L"}${p.x} ${p.y}`;
        })
        .join("") + "Z",
  }));
  paths.set(country, result);
  return result;
}

/** The whole country with its margin. */
export function fullViewBox(country: Country): ViewBox {
  const { width, height } = projectionFor(country);
  return { x: -MAP_FRAME_MARGIN, y: -MAP_FRAME_MARGIN, width: width + 2 * MAP_FRAME_MARGIN, height: height + 2 * MAP_FRAME_MARGIN };
}

/**
 * The view around the focused points: their box, at least MIN_VIEW_SPAN_KM tall, padded, with
 * the whole-country view's aspect ratio (so the drawing keeps its size on the page) and moved
 * inside the country's view. No points, or a box as large as the country: the whole country.
 */
export function fitViewBox(country: Country, focus: readonly LatLng[]): ViewBox {
  const full = fullViewBox(country);
  if (focus.length === 0) return full;
  const projection = projectionFor(country);
  const points = focus.map((p) => projection.project(p));
  const minX = Math.min(...points.map((p) => p.x));
  const maxX = Math.max(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxY = Math.max(...points.map((p) => p.y));
  const minSpan = (MIN_VIEW_SPAN_KM / KM_PER_DEGREE_LAT) * projection.unitsPerDegree;
  const aspect = full.width / full.height;
  let width = maxX - minX;
  let height = maxY - minY;
  width += 2 * VIEW_PADDING * width;
  height += 2 * VIEW_PADDING * height;
  height = Math.max(height, minSpan, width / aspect);
  width = height * aspect;
  if (width >= full.width || height >= full.height) return full;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const x = Math.min(Math.max(cx - width / 2, full.x), full.x + full.width - width);
  const y = Math.min(Math.max(cy - height / 2, full.y), full.y + full.height - height);
  return { x: round1(x), y: round1(y), width: round1(width), height: round1(height) };
}

export type MarkerState = "selected" | "listed" | "other";

export interface MapDealer extends LatLng {
  code: string;
  name: string;
  city: string;
  region: string;
}

export interface MapMarker {
  code: string;
  name: string;
  city: string;
  region: string;
  /** Position in the view, in percent of its width and height (markers keep their size on screen). */
  left: number;
  top: number;
  state: MarkerState;
  /** 1-based place in the results list; null for dealers not listed. */
  number: number | null;
}

export interface StaticMapModel {
  viewBox: ViewBox;
  /** "x y width height" for the drawing's viewBox attribute. */
  viewBoxAttr: string;
  /** True when the view is the whole country. */
  whole: boolean;
  paths: { name: string; d: string }[];
  /** Markers inside the view: others first, then listed, the selected one last (drawn on top). */
  markers: MapMarker[];
  /** The searched place or the visitor's location, in percent of the view. */
  origin: { left: number; top: number } | null;
}

export interface StaticMapInput {
  country: Country;
  /** Every dealer of the country. */
  dealers: readonly MapDealer[];
  /** Codes of the dealers in the results list, in its order (their markers are numbered). */
  listedCodes: readonly string[];
  selectedCode: string | null;
  /** The searched place or the visitor's location; the view zooms to it and its results. */
  origin: LatLng | null;
}

const STATE_ORDER: Record<MarkerState, number> = { other: 0, listed: 1, selected: 2 };
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the static map draws. With a selected dealer the view fits it (and the origin); with an
 * origin, the origin and the listed dealers; otherwise the whole country. Only markers inside the
 * view are kept (each is a link: fewer tab stops when zoomed).
 */
export function buildStaticMap(input: StaticMapInput): StaticMapModel {
  const { country, dealers, listedCodes, selectedCode, origin } = input;
  const projection = projectionFor(country);
  const numbers = new Map(listedCodes.map((code, i) => [code, i + 1]));
  const selected = selectedCode ? (dealers.find((d) => d.code === selectedCode) ?? null) : null;
  const focus: LatLng[] = [];
  if (selected) focus.push(selected);
  if (origin) focus.push(origin);
  if (!selected && origin) focus.push(...dealers.filter((d) => numbers.has(d.code)));
  const viewBox = focus.length > 0 ? fitViewBox(country, focus) : fullViewBox(country);
  const full = fullViewBox(country);
  const place = (p: LatLng) => {
    const { x, y } = projection.project(p);
    return { left: round2(((x - viewBox.x) / viewBox.width) * 100), top: round2(((y - viewBox.y) / viewBox.height) * 100) };
  };

  const markers: MapMarker[] = dealers
    .map((d): MapMarker => {
      const state: MarkerState = d.code === selected?.code ? "selected" : numbers.has(d.code) ? "listed" : "other";
      return { code: d.code, name: d.name, city: d.city, region: d.region, ...place(d), state, number: numbers.get(d.code) ?? null };
    })
    .filter((m) => m.left >= 0 && m.left <= 100 && m.top >= 0 && m.top <= 100)
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || (b.number ?? 0) - (a.number ?? 0));

  return {
    viewBox,
    viewBoxAttr: `${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`,
    whole: viewBox.width === full.width && viewBox.height === full.height,
    paths: outlinePaths(country),
    markers,
    origin: origin ? place(origin) : null,
  };
}
