import { useId } from "react";
import { Carousel } from "~/components/carousel";
import { useSite } from "~/features/site-state/site-context";
import { AccessoryCard } from "~/features/vehicles/components/accessory-card";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import type { AccessoriesCarouselBlok } from "./accessories-carousel.schema";

/** The model line's accessories in a carousel (a scrollable list without JavaScript). */
export function AccessoriesCarousel({ blok }: { blok: AccessoriesCarouselBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const { country } = useSite();
  const headingId = useId();
  const accessories = data?.accessories ?? [];
  if (accessories.length === 0) return null;
  return (
    <Section blok={blok} className="accessories-carousel" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel label={blok.heading || `${data?.line?.name ?? ""} accessories`} perView={{ base: 1.2, sm: 1.6, md: 2.5, lg: 3.2 }} spacing={{ base: 16, md: 24 }}>
        {accessories.map((accessory) => (
          <AccessoryCard key={accessory.uuid} accessory={accessory} country={country} headingLevel={blok.heading ? 3 : 2} />
        ))}
      </Carousel>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default AccessoriesCarousel;
