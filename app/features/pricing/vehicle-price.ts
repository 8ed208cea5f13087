/**
 * Resolving a model's `driveaway_state_prices` reference to the `vehicle-price` content.
 */
import type { StatePriceInput, VehiclePriceInput } from "./types";
import type { AuState } from "~/lib/au-states";
import { parsePrice } from "./validity";
import { isRecord } from "~/lib/object";

/** A story object as the content API returns it (uuid and content are what we read). */
interface StoryLike {
  uuid?: unknown;
  content?: unknown;
}

/**
 * The vehicle-price content behind a reference:
 * - a resolved story `{ uuid, content }` gives its content;
 * - vehicle-price content itself (component "vehicle-price", or any object without `content`)
 *   is returned as is;
 * - a UUID string is looked up in `rels` (the stories the content API returned under `rels`, or
 *   any list of stories the caller loaded); without a match it cannot be resolved.
 * Anything else gives undefined, which means "no state prices".
 */
export function resolveVehiclePrice(ref: unknown, rels: readonly unknown[] = []): VehiclePriceInput | undefined {
  if (typeof ref === "string") {
    if (ref === "") return undefined;
    const story = rels.find((r): r is StoryLike => isRecord(r) && r.uuid === ref);
    return story ? resolveVehiclePrice(story) : undefined;
  }
  if (!isRecord(ref)) return undefined;
  if ("content" in ref) return isRecord(ref.content) ? (ref.content as VehiclePriceInput) : undefined;
  return ref as VehiclePriceInput;
}

/**
 * The amount for the state from a state-price list: the first entry for that state with a valid
 * price. Entries with another state, an empty state or an invalid price are skipped.
 */
export function statePrice(list: readonly StatePriceInput[] | null | undefined, state: AuState): number | null {
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    if (!isRecord(entry) || entry.au_state !== state) continue;
    const amount = parsePrice(entry.price);
    if (amount !== null) return amount;
  }
  return null;
}
