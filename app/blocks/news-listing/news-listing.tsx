import { useId } from "react";
import { Listing } from "~/features/news/components/listing";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import { useOpensPage } from "~/components/block-hooks";
import type { NewsListingBlok } from "./news-listing.schema";

/**
 * News listing (spec site.md sections 2, 4 and 8): the newest articles six at a time with Load
 * more and a category filter. Its data comes from the block loader (the page URL's
 * `?category=&page=`); see features/news/components/listing.tsx.
 */
export function NewsListing({ blok }: { blok: NewsListingBlok }) {
  const { country } = useSite();
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const headingId = useId();
  const opensPage = useOpensPage();
  const categories = data?.categories.length
    ? [{ label: blok.all_label || "All", value: "" }, ...data.categories.map((c) => ({ label: c.name, value: c.value }))]
    : [];
  return (
    <Section blok={blok} className="news-listing" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Listing
        kind="news"
        country={country}
        initial={data?.listing}
        categories={categories}
        filterLabel={blok.filter_label || "News categories"}
        loadMoreLabel={blok.load_more_label || "Load more"}
        idPrefix={`news-${blok._uid}`}
        opensPage={opensPage}
      />
    </Section>
  );
}

export default NewsListing;
