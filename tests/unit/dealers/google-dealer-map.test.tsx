// @vitest-environment happy-dom
// The Google map of the locator (GOOGLE_MAPS_API_KEY set). Google's servers cannot be reached
// here, so @vis.gl/react-google-maps is replaced by recording stand-ins: the test checks what our
// component asks of the library (centre, zoom, markers, colours, clicks, camera moves).
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface Recorded {
  provider: Record<string, unknown>[];
  map: Record<string, unknown>[];
  pins: Record<string, unknown>[];
  panTo: { lat: number; lng: number }[];
  setZoom: number[];
}

const recorded: Recorded = { provider: [], map: [], pins: [], panTo: [], setZoom: [] };
const fakeMap = {
  panTo: (p: { lat: number; lng: number }) => recorded.panTo.push(p),
  setZoom: (z: number) => recorded.setZoom.push(z),
};

vi.mock("@vis.gl/react-google-maps", () => ({
  APIProvider: ({ children, ...props }: { children: ReactNode }) => {
    recorded.provider.push(props);
    return <div data-testid="provider">{children}</div>;
  },
  Map: ({ children, ...props }: { children: ReactNode }) => {
    recorded.map.push(props);
    return <div data-testid="map">{children}</div>;
  },
  AdvancedMarker: ({ children, title, zIndex, onClick }: { children: ReactNode; title?: string; zIndex?: number; onClick?: () => void }) => (
    <button type="button" data-z={zIndex} aria-label={title ?? "origin"} onClick={onClick}>
      {children}
    </button>
  ),
  Pin: (props: Record<string, unknown>) => {
    recorded.pins.push(props);
    return <span data-background={String(props.background)} />;
  },
  useMap: () => fakeMap,
}));

const { default: GoogleDealerMap, MARKER_COLOURS } = await import("~/features/dealers/components/google-dealer-map");
const { DEFAULT_MAP_CENTRES, DEFAULT_MAP_ZOOM, PLACE_SEARCH_ZOOM, ADDRESS_SEARCH_LANGUAGE } = await import("~/features/dealers/bounds");

const DEALERS = [
  { code: "A1", name: "Kestrel Richmond", city: "Richmond", region: "VIC", lat: -37.82, lng: 145.0 },
  { code: "A2", name: "Kestrel Geelong", city: "Geelong", region: "VIC", lat: -38.15, lng: 144.36 },
  { code: "A3", name: "Kestrel Ballarat", city: "Ballarat", region: "VIC", lat: -37.56, lng: 143.85 },
];

function renderMap(props: Partial<Parameters<typeof GoogleDealerMap>[0]> = {}) {
  const onSelect = vi.fn();
  render(
    <GoogleDealerMap
      apiKey="browser-key"
      mapId="map-id"
      country="au"
      dealers={DEALERS}
      listedCodes={[]}
      selectedCode={null}
      origin={null}
      onSelect={onSelect}
      {...props}
    />,
  );
  return onSelect;
}

beforeEach(() => {
  recorded.provider = [];
  recorded.map = [];
  recorded.pins = [];
  recorded.panTo = [];
  recorded.setZoom = [];
});
afterEach(() => cleanup());

describe("the Google dealer map", () => {
  it("loads the API with the key, language en-AU, the country's region and the marker and places libraries", () => {
    renderMap({ country: "nz" });
    expect(recorded.provider[0]).toMatchObject({ apiKey: "browser-key", language: ADDRESS_SEARCH_LANGUAGE, region: "NZ" });
    expect(recorded.provider[0].libraries).toEqual(["marker", "places"]);
    expect(ADDRESS_SEARCH_LANGUAGE).toBe("en-AU");
  });

  it.each(["au", "nz"] as const)("centres on the country's default centre at zoom 12 before a search (%s)", (country) => {
    renderMap({ country });
    expect(recorded.map[0]).toMatchObject({ defaultCenter: DEFAULT_MAP_CENTRES[country], defaultZoom: 12, mapId: "map-id" });
    expect(DEFAULT_MAP_ZOOM).toBe(12);
    expect(recorded.panTo.at(-1)).toEqual(DEFAULT_MAP_CENTRES[country]);
    expect(recorded.setZoom.at(-1)).toBe(12);
  });

  it("moves to the searched place at zoom 14 and marks it", () => {
    const origin = { lat: -37.81, lng: 144.96 };
    renderMap({ origin, listedCodes: ["A1", "A2"] });
    expect(PLACE_SEARCH_ZOOM).toBe(14);
    expect(recorded.panTo.at(-1)).toEqual(origin);
    expect(recorded.setZoom.at(-1)).toBe(14);
    expect(screen.getByRole("button", { name: "origin" })).toBeTruthy();
  });

  it("draws a marker per dealer: the selected one red and on top, listed ones in the primary colour, the rest grey", () => {
    renderMap({ listedCodes: ["A1", "A2"], selectedCode: "A2" });
    const marker = (name: string) => screen.getByRole("button", { name });
    expect(marker("Kestrel Geelong, Geelong").getAttribute("data-z")).toBe("3");
    expect(marker("Kestrel Richmond, Richmond").getAttribute("data-z")).toBe("2");
    expect(marker("Kestrel Ballarat, Ballarat").getAttribute("data-z")).toBe("1");
    const backgrounds = recorded.pins.slice(-3).map((p) => p.background);
    expect(backgrounds).toEqual([MARKER_COLOURS.listed.background, MARKER_COLOURS.selected.background, MARKER_COLOURS.other.background]);
    expect(MARKER_COLOURS.selected.background).toBe("#c8102e");
    // The camera follows the selected dealer at zoom 14.
    expect(recorded.panTo.at(-1)).toEqual({ lat: -38.15, lng: 144.36 });
    expect(recorded.setZoom.at(-1)).toBe(14);
  });

  it("selects a dealer when its marker is clicked", () => {
    const onSelect = renderMap();
    fireEvent.click(screen.getByRole("button", { name: "Kestrel Ballarat, Ballarat" }));
    expect(onSelect).toHaveBeenCalledWith("A3");
  });
});
