import type { Country } from "~/content/schema";

/**
 * Simplified coastlines for the dealer locator's static map (drawn without any third-party
 * script). Hand-made from well-known coastal points (capes, heads, towns on the coast), as
 * [longitude, latitude] in decimal degrees, each ring in order around the land. Good enough to
 * place dealers at a glance; not for navigation. Every fixture dealer lies inside its ring
 * (tests/unit/dealers/locator-map.test.ts).
 */
export type Ring = readonly (readonly [number, number])[];

export interface CountryOutline {
  /** Shown as one path each: mainland and Tasmania; North, South and Stewart Islands. */
  rings: readonly { name: string; points: Ring }[];
}

const AU_MAINLAND: Ring = [
  [142.53, -10.69], // Cape York
  [143.25, -11.97], // Cape Grenville
  [144.5, -14.17], // Cape Melville
  [145.25, -15.47], // Cooktown
  [145.46, -16.48], // Port Douglas
  [145.72, -16.78], // Trinity Beach
  [145.8, -16.92], // Cairns
  [146.08, -17.5], // Innisfail
  [146.1, -17.87], // Mission Beach
  [146.84, -19.24], // Townsville
  [148.25, -20.0], // Bowen
  [148.75, -20.22], // Airlie Beach
  [149.0, -20.5], // Cape Conway
  [149.24, -21.14], // Mackay
  [150.3, -22.4], // Shoalwater Bay
  [150.77, -23.13], // Yeppoon
  [151.3, -23.84], // Gladstone
  [152.47, -24.85], // Bargara
  [152.85, -25.28], // Hervey Bay
  [153.26, -24.7], // Sandy Cape
  [153.05, -25.8], // Hook Point
  [153.19, -25.93], // Double Island Point
  [153.11, -26.39], // Noosa
  [153.15, -26.8], // Caloundra
  [153.43, -27.1], // Cape Moreton
  [153.43, -27.6], // North Stradbroke Island
  [153.55, -28.17], // Point Danger
  [153.64, -28.64], // Cape Byron
  [153.6, -28.87], // Ballina
  [153.36, -29.43], // Yamba
  [153.16, -30.3], // Coffs Harbour
  [153.06, -30.88], // South West Rocks
  [152.94, -31.43], // Port Macquarie
  [152.52, -32.18], // Forster
  [152.2, -32.72], // Port Stephens
  [151.8, -32.93], // Newcastle
  [151.46, -33.45], // Central Coast
  [151.29, -33.85], // Sydney Heads
  [151.26, -33.97], // Malabar
  [151.17, -34.06], // Cronulla
  [150.93, -34.42], // Wollongong
  [150.8, -35.09], // Point Perpendicular
  [150.48, -35.36], // Ulladulla
  [150.2, -35.72], // Batemans Bay
  [150.14, -36.22], // Narooma
  [149.92, -37.07], // Eden
  [149.98, -37.5], // Cape Howe
  [149.27, -37.8], // Point Hicks
  [148.5, -37.81], // Marlo
  [147.98, -37.89], // Lakes Entrance
  [147.3, -38.3], // Ninety Mile Beach
  [146.7, -38.67], // Port Albert
  [146.4, -39.13], // Wilsons Promontory
  [145.72, -38.63], // Inverloch
  [145.62, -38.67], // Cape Paterson
  [145.35, -38.56], // Cape Woolamai
  [145.02, -38.48], // Flinders
  [144.88, -38.5], // Cape Schanck
  [144.65, -38.31], // Point Nepean
  [144.9, -38.36], // Rosebud
  [145.03, -38.22], // Mornington
  [145.1, -38.14], // Frankston
  [145.07, -38.0], // Mordialloc
  [145.025, -37.995], // Beaumaris
  [144.99, -37.955], // Sandringham
  [144.985, -37.91], // Brighton
  [144.97, -37.87], // St Kilda
  [144.9, -37.87], // Williamstown
  [144.67, -37.98], // Werribee South
  [144.5, -38.06], // Point Wilson
  [144.36, -38.11], // Corio Bay
  [144.65, -38.11], // Portarlington
  [144.66, -38.27], // Queenscliff
  [144.3, -38.34], // Torquay
  [143.98, -38.55], // Lorne
  [143.51, -38.86], // Cape Otway
  [142.48, -38.4], // Warrnambool
  [141.6, -38.38], // Portland
  [140.97, -38.05], // Port MacDonnell
  [139.75, -37.16], // Robe
  [139.5, -36.3], // The Coorong
  [138.9, -35.56], // Murray Mouth
  [138.62, -35.575], // Victor Harbor
  [138.1, -35.63], // Cape Jervis
  [138.31, -35.45], // Normanville
  [138.46, -35.28], // Aldinga
  [138.46, -35.14], // Christies Beach
  [138.48, -34.93], // Henley Beach
  [138.475, -34.84], // Semaphore
  [138.47, -34.75], // Outer Harbor
  [138.15, -34.2], // Port Wakefield
  [137.92, -34.42], // Ardrossan
  [137.75, -35.09], // Edithburgh
  [136.88, -35.3], // Cape Spencer
  [137.0, -34.9], // Corny Point
  [137.48, -34.5], // Port Victoria
  [137.6, -33.93], // Wallaroo
  [138.0, -33.18], // Port Pirie
  [137.77, -32.5], // Port Augusta
  [137.6, -33.03], // Whyalla
  [136.92, -33.68], // Cowell
  [135.9, -34.73], // Port Lincoln
  [135.75, -34.92], // Sleaford Bay
  [135.45, -34.6], // Coffin Bay
  [134.89, -33.65], // Elliston
  [134.2, -32.8], // Streaky Bay
  [133.68, -32.12], // Ceduna
  [131.1, -31.48], // Head of Bight
  [128.88, -31.68], // Eucla
  [123.88, -33.62], // Israelite Bay
  [121.9, -33.86], // Esperance
  [119.38, -34.4], // Bremer Bay
  [117.9, -35.06], // Albany
  [116.0, -34.83], // Point D'Entrecasteaux
  [115.14, -34.37], // Cape Leeuwin
  [115.0, -33.53], // Cape Naturaliste
  [115.35, -33.65], // Busselton
  [115.62, -33.33], // Bunbury
  [115.7, -32.53], // Mandurah
  [115.7, -32.28], // Rockingham
  [115.73, -32.05], // Fremantle
  [115.63, -31.55], // Yanchep
  [115.33, -31.02], // Lancelin
  [115.04, -30.3], // Jurien Bay
  [114.58, -28.77], // Geraldton
  [114.16, -27.71], // Kalbarri
  [113.15, -26.15], // Steep Point
  [113.65, -24.88], // Carnarvon
  [113.4, -24.2], // Cape Cuvier
  [113.77, -23.14], // Coral Bay
  [114.15, -21.8], // North West Cape
  [114.4, -22.45], // Exmouth Gulf
  [115.1, -21.64], // Onslow
  [116.7, -20.62], // Dampier
  [118.6, -20.31], // Port Hedland
  [121.0, -19.5], // Eighty Mile Beach
  [122.2, -17.97], // Broome
  [122.93, -16.4], // Cape Leveque
  [123.63, -17.3], // King Sound
  [124.9, -15.5], // Kuri Bay
  [126.6, -13.74], // Cape Londonderry
  [128.12, -15.2], // Cambridge Gulf
  [129.5, -14.25], // Wadeye
  [130.8, -12.42], // Darwin
  [130.95, -12.33], // Shoal Bay
  [131.3, -12.05], // Cape Hotham
  [132.1, -11.35], // Cobourg Peninsula
  [134.23, -12.05], // Maningrida
  [135.9, -11.95], // Elcho Island
  [136.6, -11.95], // Gove Peninsula
  [136.82, -12.12], // Nhulunbuy
  [136.98, -12.35], // Cape Arnhem
  [135.9, -13.4], // Blue Mud Bay
  [135.4, -14.75], // Roper River mouth
  [136.4, -15.75], // Sir Edward Pellew Group
  [137.7, -16.4], // Calvert River
  [139.55, -17.6], // Burketown coast
  [140.84, -17.49], // Karumba
  [141.6, -15.2], // Mitchell River mouth
  [141.72, -13.35], // Aurukun
  [141.87, -12.66], // Weipa
];

const TASMANIA: Ring = [
  [144.69, -40.68], // Cape Grim
  [145.3, -40.76], // Stanley
  [146.36, -41.15], // Devonport
  [147.4, -41.0], // Bridport
  [148.0, -40.75], // Cape Portland
  [148.35, -41.0], // Eddystone Point
  [148.3, -41.33], // St Helens
  [148.3, -41.87], // Bicheno
  [148.3, -42.2], // Freycinet
  [147.95, -43.15], // Tasman Peninsula
  [147.4, -42.95], // Derwent mouth
  [147.36, -42.89], // Hobart
  [147.34, -42.99], // Kingston Beach
  [147.1, -43.25], // D'Entrecasteaux Channel
  [146.83, -43.64], // South East Cape
  [146.0, -43.57], // South West Cape
  [145.9, -43.33], // Port Davey
  [145.2, -42.15], // Strahan
  [144.75, -41.4], // Sandy Cape
];

const NZ_NORTH: Ring = [
  [172.68, -34.43], // Cape Reinga
  [173.01, -34.41], // North Cape
  [173.5, -34.95], // Doubtless Bay
  [174.33, -35.17], // Cape Brett
  [174.5, -35.85], // Whangārei Heads
  [174.6, -36.1], // Mangawhai
  [174.82, -36.28], // Cape Rodney
  [174.8, -36.63], // Whangaparāoa
  [174.9, -36.85], // Tāmaki
  [175.4, -37.2], // Firth of Thames
  [175.5, -36.76], // Coromandel
  [175.35, -36.47], // Cape Colville
  [175.7, -36.83], // Whitianga
  [175.9, -37.4], // Waihī Beach
  [176.2, -37.63], // Tauranga
  [176.99, -37.95], // Whakatāne
  [177.3, -38.0], // Ōpōtiki
  [178.0, -37.53], // Cape Runaway
  [178.55, -37.69], // East Cape
  [178.3, -38.37], // Tolaga Bay
  [178.02, -38.67], // Gisborne
  [177.9, -39.15], // Māhia
  [177.4, -39.05], // Wairoa
  [176.93, -39.48], // Napier
  [177.1, -39.64], // Cape Kidnappers
  [176.6, -40.3], // Porangahau
  [176.23, -40.9], // Castlepoint
  [175.29, -41.61], // Cape Palliser
  [174.92, -41.43], // Turakirae Head
  [174.78, -41.35], // Wellington south coast
  [174.62, -41.24], // Makara
  [174.83, -41.1], // Titahi Bay
  [174.95, -40.98], // Paekākāriki
  [175.2, -40.47], // Foxton
  [175.0, -39.95], // Whanganui
  [174.48, -39.76], // Pātea
  [173.76, -39.28], // Cape Egmont
  [174.05, -39.04], // New Plymouth
  [174.62, -38.7], // Mōkau
  [174.8, -38.07], // Kāwhia
  [174.87, -37.8], // Raglan
  [174.7, -37.39], // Port Waikato
  [174.55, -37.05], // Manukau Heads
  [174.42, -36.83], // Muriwai
  [174.2, -36.4], // Kaipara Heads
  [173.7, -35.85], // Dargaville coast
  [173.35, -35.53], // Hokianga
  [173.15, -35.17], // Ahipara
  [172.8, -34.6], // Ninety Mile Beach
];

const NZ_SOUTH: Ring = [
  [172.68, -40.5], // Cape Farewell
  [172.68, -40.68], // Collingwood
  [173.0, -40.78], // Separation Point
  [173.0, -41.1], // Motueka
  [173.24, -41.25], // Nelson
  [173.85, -40.93], // French Pass
  [174.3, -40.99], // Cape Jackson
  [174.27, -41.73], // Cape Campbell
  [173.7, -42.42], // Kaikōura
  [173.1, -43.0], // Motunau
  [172.7, -43.3], // Pegasus Bay
  [172.74, -43.53], // Christchurch
  [173.1, -43.82], // Banks Peninsula
  [172.0, -43.9], // Rakaia mouth
  [171.27, -44.4], // Timaru
  [170.98, -45.1], // Ōamaru
  [170.7, -45.85], // Otago Peninsula
  [169.81, -46.45], // Nugget Point
  [168.85, -46.66], // Waipapa Point
  [168.34, -46.64], // Bluff
  [168.0, -46.36], // Riverton
  [166.62, -46.16], // Puysegur Point
  [166.5, -45.75], // Dusky Sound
  [166.85, -45.3], // Doubtful Sound
  [167.9, -44.6], // Milford Sound
  [168.6, -43.97], // Jackson Bay
  [169.05, -43.88], // Haast
  [169.6, -43.6], // Bruce Bay
  [170.95, -42.72], // Hokitika
  [171.2, -42.45], // Greymouth
  [171.45, -41.74], // Cape Foulwind
  [172.1, -41.25], // Karamea
  [172.2, -40.78], // Kahurangi Point
];

const NZ_STEWART: Ring = [
  [167.6, -46.7],
  [168.2, -46.75],
  [168.2, -47.05],
  [167.75, -47.25],
  [167.5, -47.2],
  [167.55, -46.9],
];

export const COUNTRY_OUTLINES: Readonly<Record<Country, CountryOutline>> = {
  au: {
    rings: [
      { name: "Mainland", points: AU_MAINLAND },
      { name: "Tasmania", points: TASMANIA },
    ],
  },
  nz: {
    rings: [
      { name: "North Island", points: NZ_NORTH },
      { name: "South Island", points: NZ_SOUTH },
      { name: "Stewart Island", points: NZ_STEWART },
    ],
  },
};

/** True when the point lies inside the ring (ray casting; a point on an edge may go either way). */
export function isInRing(point: { lat: number; lng: number }, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when the point lies on the country's land as the outline draws it. */
export function isOnLand(point: { lat: number; lng: number }, country: Country): boolean {
  return COUNTRY_OUTLINES[country].rings.some((ring) => isInRing(point, ring.points));
}
