/**
 * Australian states and territories, and the buyer-type default (spec transactional.md
 * sections 3 and 4, site.md sections 3 and 9). Kept free of zod so client code stays small.
 */

export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof AU_STATES)[number];

/** Full state names for the 'Select your state' options; ACT stays ACT. */
export const AU_STATE_NAMES: Readonly<Record<AuState, string>> = {
  ACT: "ACT",
  NSW: "New South Wales",
  NT: "Northern Territory",
  QLD: "Queensland",
  SA: "South Australia",
  TAS: "Tasmania",
  VIC: "Victoria",
  WA: "Western Australia",
};

/** Options for the state select, in AU_STATES order. */
export const AU_STATE_OPTIONS: readonly { value: AuState; text: string }[] = AU_STATES.map((value) => ({
  value,
  text: AU_STATE_NAMES[value],
}));

export const DEFAULT_AU_STATE: AuState = "VIC";
/** Buyers are treated as ABN (business) buyers until they choose otherwise. */
export const DEFAULT_IS_ABN = true;

export function isAuState(value: unknown): value is AuState {
  return typeof value === "string" && (AU_STATES as readonly string[]).includes(value);
}

/** A stored or submitted state code, or the default (VIC) when it is missing or unknown. */
export function parseAuState(value: unknown): AuState {
  return isAuState(value) ? value : DEFAULT_AU_STATE;
}

/**
 * A stored ABN flag: booleans as they are, the strings "true" / "false" as persisted in local
 * storage; anything else (unset, garbage) gives the default, true.
 */
export function parseIsABN(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return DEFAULT_IS_ABN;
}
