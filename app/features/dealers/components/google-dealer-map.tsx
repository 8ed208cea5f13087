import { APIProvider, AdvancedMarker, Map as GoogleMap, Pin, useMap } from "@vis.gl/react-google-maps";
import { useEffect } from "react";
import type { Country } from "~/content/schema";
import { ADDRESS_SEARCH_LANGUAGE, DEFAULT_MAP_CENTRES, DEFAULT_MAP_ZOOM, PLACE_SEARCH_ZOOM } from "../bounds";
import type { MapDealer } from "../static-map";
import type { LatLng } from "../types";

/**
 * The Google map of the locator (only with GOOGLE_MAPS_API_KEY, loaded lazily in the browser
 * after the Maps API script): centred on Melbourne (au) or Auckland (nz) at zoom 12, or on the
 * searched place / selected dealer at zoom 14; a marker per dealer, the selected one red, the
 * listed ones the primary colour; clicking a marker selects its dealer.
 */

export const MARKER_COLOURS = {
  selected: { background: "#c8102e", border: "#8a0b20" },
  listed: { background: "#0b4f6c", border: "#083a50" },
  other: { background: "#7b8794", border: "#52606d" },
} as const;

export interface GoogleDealerMapProps {
  apiKey: string;
  mapId: string;
  country: Country;
  dealers: readonly MapDealer[];
  listedCodes: readonly string[];
  selectedCode: string | null;
  origin: LatLng | null;
  onSelect: (code: string) => void;
}

function Camera({ centre, zoom }: { centre: LatLng; zoom: number }) {
  const map = useMap();
  const { lat, lng } = centre;
  useEffect(() => {
    if (!map) return;
    map.panTo({ lat, lng });
    map.setZoom(zoom);
  }, [map, lat, lng, zoom]);
  return null;
}

export default function GoogleDealerMap(props: GoogleDealerMapProps) {
  const { apiKey, mapId, country, dealers, listedCodes, selectedCode, origin, onSelect } = props;
  const listed = new Set(listedCodes);
  const selected = selectedCode ? dealers.find((d) => d.code === selectedCode) : undefined;
  const centre: LatLng = selected ?? origin ?? DEFAULT_MAP_CENTRES[country];
  const zoom = selected || origin ? PLACE_SEARCH_ZOOM : DEFAULT_MAP_ZOOM;
  return (
    <APIProvider apiKey={apiKey} language={ADDRESS_SEARCH_LANGUAGE} region={country.toUpperCase()} libraries={["marker", "places"]}>
      <GoogleMap
        className="store-locator__google-map"
        mapId={mapId}
        defaultCenter={{ lat: centre.lat, lng: centre.lng }}
        defaultZoom={zoom}
        gestureHandling="cooperative"
        clickableIcons={false}
        reuseMaps
      >
        {dealers.map((dealer) => {
          const state = dealer.code === selected?.code ? "selected" : listed.has(dealer.code) ? "listed" : "other";
          const colours = MARKER_COLOURS[state];
          return (
            <AdvancedMarker
              key={dealer.code}
              position={{ lat: dealer.lat, lng: dealer.lng }}
              title={[dealer.name, dealer.city].filter(Boolean).join(", ")}
              zIndex={state === "selected" ? 3 : state === "listed" ? 2 : 1}
              onClick={() => onSelect(dealer.code)}
            >
              <Pin
                background={colours.background}
                borderColor={colours.border}
                glyphColor="#ffffff"
                scale={state === "selected" ? 1.3 : 1}
              />
            </AdvancedMarker>
          );
        })}
        {origin ? (
          <AdvancedMarker position={{ lat: origin.lat, lng: origin.lng }} zIndex={0}>
            <span className="store-locator__origin-dot" />
          </AdvancedMarker>
        ) : null}
      </GoogleMap>
      <Camera centre={centre} zoom={zoom} />
    </APIProvider>
  );
}
