import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTRY_BOUNDS, DEFAULT_MAP_CENTRES, parseDealersCsv, parseGazetteerCsv } from "~/features/dealers";
import { COUNTRY_OUTLINES, isInRing, isOnLand } from "~/features/dealers/outlines";
import {
  MAP_FRAME_MARGIN,
  MAP_FRAME_WIDTH,
  MIN_VIEW_SPAN_KM,
  buildStaticMap,
  fitViewBox,
  fullViewBox,
  outlinePaths,
  projectionFor,
  type MapDealer,
} from "~/features/dealers/static-map";
import { AUCKLAND, MELBOURNE, SYDNEY } from "./fixtures";

const assets = path.resolve("content-fixtures/assets");
const fixtureDealers = parseDealersCsv(readFileSync(path.join(assets, "dealers.csv"), "utf8")).dealers;
const gazetteer = parseGazetteerCsv(readFileSync(path.join(assets, "postcodes.csv"), "utf8")).gazetteer;

const mapDealer = (code: string, lat: number, lng: number): MapDealer => ({ code, name: `Kestrel ${code}`, city: code, region: "", lat, lng });

describe("projection (equirectangular inside the country's bounds)", () => {
  it("maps the bounds' corners to the frame's corners, MAP_FRAME_WIDTH wide", () => {
    for (const country of ["au", "nz"] as const) {
      const b = COUNTRY_BOUNDS[country];
      const p = projectionFor(country);
      expect(p.width).toBe(MAP_FRAME_WIDTH);
      expect(p.project({ lat: b.north, lng: b.west })).toEqual({ x: 0, y: 0 });
      const se = p.project({ lat: b.south, lng: b.east });
      expect(se.x).toBeCloseTo(MAP_FRAME_WIDTH, 0);
      expect(se.y).toBeCloseTo(p.height, 0);
    }
  });

  it("keeps proportions: a degree of longitude is cos(latitude) of a degree of latitude", () => {
    // Australia's bounds span 40.7° of longitude and 33° of latitude; centred on 27°S the frame is
    // about 1.1 times as wide as it is tall (not 1.23, as unscaled degrees would draw it).
    expect(MAP_FRAME_WIDTH / projectionFor("au").height).toBeCloseTo(1.1, 1);
    // New Zealand is taller than wide.
    expect(MAP_FRAME_WIDTH / projectionFor("nz").height).toBeCloseTo(0.71, 1);
  });

  it("places Melbourne south-east of centre in Australia, Auckland in the north of New Zealand", () => {
    const au = projectionFor("au");
    const melbourne = au.project(MELBOURNE);
    expect(melbourne.x / au.width).toBeGreaterThan(0.75);
    expect(melbourne.y / au.height).toBeGreaterThan(0.8);
    const nz = projectionFor("nz");
    const auckland = nz.project(AUCKLAND);
    expect(auckland.y / nz.height).toBeLessThan(0.25);
  });
});

describe("outlines", () => {
  it("has the mainland and Tasmania, and New Zealand's North, South and Stewart Islands as separate closed paths", () => {
    expect(COUNTRY_OUTLINES.au.rings.map((r) => r.name)).toEqual(["Mainland", "Tasmania"]);
    expect(COUNTRY_OUTLINES.nz.rings.map((r) => r.name)).toEqual(["North Island", "South Island", "Stewart Island"]);
    for (const country of ["au", "nz"] as const) {
      const paths = outlinePaths(country);
      expect(paths).toHaveLength(COUNTRY_OUTLINES[country].rings.length);
      for (const p of paths) expect(p.d).toMatch(/^M[\d.-]+ [\d.-]+(L[\d.-]+ [\d.-]+)+Z$/);
    }
  });

  it("lies within the search bounds (give or take capes a few kilometres beyond them)", () => {
    for (const country of ["au", "nz"] as const) {
      const b = COUNTRY_BOUNDS[country];
      for (const ring of COUNTRY_OUTLINES[country].rings) {
        for (const [lng, lat] of ring.points) {
          expect(lat).toBeLessThanOrEqual(b.north + 0.1);
          expect(lat).toBeGreaterThanOrEqual(b.south - 0.1);
          expect(lng).toBeGreaterThanOrEqual(b.west - 0.1);
          expect(lng).toBeLessThanOrEqual(b.east + 0.1);
        }
      }
    }
  });

  it("draws every fixture dealer on land, in the right land mass", () => {
    expect(fixtureDealers.length).toBeGreaterThan(80);
    const offshore = fixtureDealers.filter((d) => !isOnLand(d, d.country)).map((d) => d.code);
    expect(offshore).toEqual([]);
    const hobart = fixtureDealers.find((d) => d.region === "TAS")!;
    expect(isInRing(hobart, COUNTRY_OUTLINES.au.rings[1].points)).toBe(true);
    const christchurch = fixtureDealers.find((d) => d.region === "Canterbury")!;
    expect(isInRing(christchurch, COUNTRY_OUTLINES.nz.rings[1].points)).toBe(true);
  });

  it("draws almost every gazetteer locality on land (the outline is simplified)", () => {
    const offshore = gazetteer.filter((g) => !isOnLand(g, g.country));
    expect(offshore.length / gazetteer.length).toBeLessThan(0.01);
  });

  it("puts the map centres on land and the sea off the coast", () => {
    expect(isOnLand(DEFAULT_MAP_CENTRES.au, "au")).toBe(true);
    expect(isOnLand(DEFAULT_MAP_CENTRES.nz, "nz")).toBe(true);
    expect(isOnLand({ lat: -38.1, lng: 144.9 }, "au")).toBe(false); // Port Phillip Bay
    expect(isOnLand({ lat: -40.0, lng: 146.0 }, "au")).toBe(false); // Bass Strait
    expect(isOnLand({ lat: -41.0, lng: 174.5 }, "nz")).toBe(false); // Cook Strait
  });
});

describe("fitViewBox", () => {
  const aspect = (v: { width: number; height: number }) => v.width / v.height;

  it("is the whole country (with its margin) without points", () => {
    expect(fitViewBox("au", [])).toEqual(fullViewBox("au"));
    expect(fullViewBox("au")).toMatchObject({ x: -MAP_FRAME_MARGIN, y: -MAP_FRAME_MARGIN, width: MAP_FRAME_WIDTH + 2 * MAP_FRAME_MARGIN });
  });

  it("zooms to the points with the country view's proportions, at least MIN_VIEW_SPAN_KM tall", () => {
    const view = fitViewBox("au", [MELBOURNE]);
    expect(aspect(view)).toBeCloseTo(aspect(fullViewBox("au")), 1);
    const kmTall = (view.height / projectionFor("au").unitsPerDegree) * 111.2;
    expect(kmTall).toBeCloseTo(MIN_VIEW_SPAN_KM, 0);
    const p = projectionFor("au").project(MELBOURNE);
    expect(p.x).toBeGreaterThan(view.x);
    expect(p.x).toBeLessThan(view.x + view.width);
    expect(p.y).toBeGreaterThan(view.y);
    expect(p.y).toBeLessThan(view.y + view.height);
  });

  it("keeps all the points inside, padded", () => {
    const view = fitViewBox("au", [MELBOURNE, SYDNEY]);
    const proj = projectionFor("au");
    for (const point of [MELBOURNE, SYDNEY]) {
      const p = proj.project(point);
      expect(p.x).toBeGreaterThan(view.x + view.width * 0.05);
      expect(p.x).toBeLessThan(view.x + view.width * 0.95);
      expect(p.y).toBeGreaterThan(view.y + view.height * 0.05);
      expect(p.y).toBeLessThan(view.y + view.height * 0.95);
    }
  });

  it("stays inside the country's view near its edge, and falls back to the whole country for far-apart points", () => {
    const view = fitViewBox("nz", [{ lat: -34.43, lng: 172.68 }]); // Cape Reinga
    const full = fullViewBox("nz");
    expect(view.x).toBeGreaterThanOrEqual(full.x);
    expect(view.y).toBeGreaterThanOrEqual(full.y);
    expect(fitViewBox("au", [{ lat: -12.46, lng: 130.84 }, { lat: -42.88, lng: 147.33 }, { lat: -31.95, lng: 115.86 }])).toEqual(fullViewBox("au"));
  });
});

describe("buildStaticMap", () => {
  const dealers = [mapDealer("A", -37.82, 145.0), mapDealer("B", -37.99, 145.22), mapDealer("C", -33.9, 151.2), mapDealer("D", -12.43, 130.88)];

  it("shows the whole country with every marker grey before a search", () => {
    const model = buildStaticMap({ country: "au", dealers, listedCodes: [], selectedCode: null, origin: null });
    expect(model.whole).toBe(true);
    expect(model.markers.map((m) => m.state)).toEqual(["other", "other", "other", "other"]);
    expect(model.origin).toBeNull();
    for (const m of model.markers) {
      expect(m.left).toBeGreaterThanOrEqual(0);
      expect(m.left).toBeLessThanOrEqual(100);
    }
  });

  it("zooms to the search with numbered results, keeping only the markers in view", () => {
    const model = buildStaticMap({ country: "au", dealers, listedCodes: ["A", "B"], selectedCode: null, origin: MELBOURNE });
    expect(model.whole).toBe(false);
    expect(model.markers.map((m) => [m.code, m.state, m.number])).toEqual([
      ["B", "listed", 2],
      ["A", "listed", 1],
    ]);
    expect(model.origin!.left).toBeGreaterThan(0);
    expect(model.origin!.left).toBeLessThan(100);
    // A is east of Melbourne's centre: further right on the map.
    expect(model.markers.find((m) => m.code === "A")!.left).toBeGreaterThan(model.origin!.left);
  });

  it("highlights the selected dealer, drawn last (on top), and fits the view to it", () => {
    const model = buildStaticMap({ country: "au", dealers, listedCodes: ["A", "B"], selectedCode: "B", origin: MELBOURNE });
    expect(model.markers.at(-1)).toMatchObject({ code: "B", state: "selected", number: 2 });
    const far = buildStaticMap({ country: "au", dealers, listedCodes: [], selectedCode: "D", origin: null });
    expect(far.markers.map((m) => m.code)).toEqual(["D"]);
    expect(far.markers[0].left).toBeCloseTo(50, 0);
    expect(far.markers[0].top).toBeCloseTo(50, 0);
  });

  it("gives the same model for the same input (server and browser render the same markup)", () => {
    const input = { country: "nz" as const, dealers: [mapDealer("N", AUCKLAND.lat, AUCKLAND.lng)], listedCodes: ["N"], selectedCode: null, origin: AUCKLAND };
    expect(buildStaticMap(input)).toEqual(buildStaticMap(input));
  });
});
