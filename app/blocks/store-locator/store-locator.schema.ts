import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { blokBase, field } from "~/content/schema";

const { text } = field;

/**
 * Store locator (spec site.md sections 2 and 4): map plus search panel. Texts the spec does not
 * give come from these fields; placeholders: {place}, {query}, {distance}.
 */
export const schema = z
  .object({
    ...blokBase,
    component: z.literal("store-locator"),
    heading: text,
    intro: textOrRichSchema.optional(),
    ...scrollToIdField,
    /** Label of the address search ("Suburb, town or postcode"). */
    search_label: text,
    search_placeholder: text,
    search_button_text: text,
    /** Accessible name of the suggestions list. */
    suggestions_label: text,
    /** Heading of the list of every dealer, shown before any search. */
    all_dealers_heading: text,
    /** Heading of the results: "Dealers near {place}". */
    results_heading: text,
    /** {place} for a search by the visitor's location ("your location"). */
    my_location_label: text,
    /** Shown when no dealer is within 100 km: "... within 100 km of {place} ..."; the nearest follow. */
    no_nearby_text: text,
    /** Shown when the place is unknown: "We couldn't find {query} ...". */
    not_found_text: text,
    /** Before links to other places matching the search ("Did you mean"). */
    alternatives_label: text,
    /** "{distance} km away". */
    distance_text: text,
    address_label: text,
    phone_label: text,
    email_label: text,
    hours_label: text,
    /** Accessible name of the map drawing. */
    map_title: text,
  })
  .loose();
export type StoreLocatorBlok = z.infer<typeof schema>;

export const queryParams = ["q", "lat", "lng", "dealer"] as const;
