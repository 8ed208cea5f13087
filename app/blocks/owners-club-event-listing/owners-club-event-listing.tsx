import { useId } from "react";
import { Listing } from "~/features/news/components/listing";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import { useOpensPage } from "~/components/block-hooks";
import type { OwnersClubEventListingBlok } from "./owners-club-event-listing.schema";

/** Owners-club events, six at a time with Load more (spec site.md sections 2, 4 and 8). */
export function OwnersClubEventListing({ blok }: { blok: OwnersClubEventListingBlok }) {
  const { country } = useSite();
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const headingId = useId();
  const opensPage = useOpensPage();
  return (
    <Section blok={blok} className="event-listing" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Listing
        kind="events"
        country={country}
        initial={data}
        filterLabel=""
        loadMoreLabel={blok.load_more_label || "Load more"}
        idPrefix={`events-${blok._uid}`}
        opensPage={opensPage}
      />
    </Section>
  );
}

export default OwnersClubEventListing;
