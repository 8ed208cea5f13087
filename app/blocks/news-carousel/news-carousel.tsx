import { useId } from "react";
import { Carousel } from "~/components/carousel";
import { ListingCard } from "~/features/news/components/listing-card";
import { LISTING_MESSAGES } from "~/features/news/listing";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import type { NewsCarouselBlok } from "./news-carousel.schema";

/** The newest news articles in a carousel (data from the block loader). */
export function NewsCarousel({ blok }: { blok: NewsCarouselBlok }) {
  const items = useBlockData<BlockDataOf<typeof loader>>(blok);
  const headingId = useId();
  return (
    <Section blok={blok} className="news-carousel" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      {items === null ? (
        <p className="listing__status listing__status--error" role="status">
          {LISTING_MESSAGES.news.error}
        </p>
      ) : items.length === 0 ? (
        <p className="listing__status" role="status">
          {LISTING_MESSAGES.news.empty}
        </p>
      ) : (
        <Carousel label={blok.heading || "News"} perView={{ base: 1.15, sm: 2, lg: 3 }} spacing={{ base: 16, md: 24 }} speed={800}>
          {items.map((item) => (
            <ListingCard key={item.uuid} item={item} />
          ))}
        </Carousel>
      )}
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default NewsCarousel;
