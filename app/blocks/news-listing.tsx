import { useId } from "react";
import { z } from "zod";
import { blokBase } from "~/content/schema";
import type { NewsListingData } from "~/features/news/block-loaders.server";
import { Listing } from "~/features/news/components/listing";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "./block-data";
import { Section, SectionHeader, sectionFields } from "./shared";
import { defineBlock } from "./types";

if (import.meta.env) import.meta.glob("../styles/listings.css", { eager: true });

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("news-listing"),
    ...sectionFields,
    /** Label of the filter's first option, which shows every category ("All news"). */
    all_label: z.string().optional(),
    /** Accessible name of the category filter ("Filter news by category"). */
    filter_label: z.string().optional(),
    load_more_label: z.string().optional(),
  })
  .loose();
export type NewsListingBlok = z.infer<typeof schema>;

/**
 * News listing (spec site.md sections 2, 4 and 8): the newest articles six at a time with Load
 * more and a category filter. Its data comes from the block loader (the page URL's
 * `?category=&page=`); see features/news/components/listing.tsx.
 */
export function NewsListing({ blok }: { blok: NewsListingBlok }) {
  const { country } = useSite();
  const data = useBlockData<NewsListingData | null>(blok._uid);
  const headingId = useId();
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
      />
    </Section>
  );
}

export const newsListing = defineBlock(schema, NewsListing);
