/** Pure dealer logic shared by the dealer locator and the enquiry forms (I/O: dealers.server.ts). */
export {
  WEEKDAYS,
  type CsvRowError,
  type Dealer,
  type DealerData,
  type DealerHours,
  type GazetteerEntry,
  type LatLng,
  type PmaMap,
  type Weekday,
} from "./types";
export {
  ADDRESS_SEARCH_LANGUAGE,
  COUNTRY_BOUNDS,
  DEFAULT_MAP_CENTRES,
  DEFAULT_MAP_ZOOM,
  PLACE_SEARCH_ZOOM,
  isInBounds,
  isInCountry,
  type Bounds,
} from "./bounds";
export {
  EARTH_RADIUS_KM,
  NEARBY_RADIUS_KM,
  distanceKm,
  nearbyDealers,
  sortByDistance,
  type WithDistance,
} from "./distance";
export { inputPostcode, normalisePostcode } from "./postcode";
export {
  COORDINATE_MARGIN_DEG,
  DEALER_REQUIRED_COLUMNS,
  GAZETTEER_REQUIRED_COLUMNS,
  PMA_REQUIRED_COLUMNS,
  parseDealersCsv,
  parseGazetteerCsv,
  parsePmaCsv,
  type DealersCsvResult,
  type GazetteerCsvResult,
  type PmaCsvResult,
} from "./csv";
export {
  MAX_SUGGESTIONS,
  MIN_NAME_QUERY_LENGTH,
  geocodePostcode,
  normaliseSearchText,
  resolvePlace,
  searchPlaces,
  type PlaceSearchData,
  type PlaceSuggestion,
} from "./search";
export {
  DEALER_SELECTOR_NOT_GEOCODED,
  DEALER_SELECTOR_PROMPT,
  dealersForPostcode,
  type DealerChoice,
  type DealersForPostcode,
  type DealersForPostcodeData,
} from "./dealers-for-postcode";
export { directionsUrl, testDrivePath } from "./maps-links";
export { openingHoursSpecification, parseHoursText, type OpeningHoursSpecification, type TimeRange } from "./hours";
