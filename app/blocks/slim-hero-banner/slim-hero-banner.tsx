import { ButtonGroup } from "~/components/button";
import { Picture } from "~/components/image";
import { anchorId, cx } from "~/components/section";
import { useOpensPage } from "~/components/block-hooks";
import type { SlimHeroBannerBlok } from "./slim-hero-banner.schema";

/** Spec: slim hero image height 480. */
export const SLIM_HERO_HEIGHT = 480;

/** A one-slide hero whose image is 480 px high at every width. */
export function SlimHeroBanner({ blok }: { blok: SlimHeroBannerBlok }) {
  const first = useOpensPage();
  const Heading = blok.heading_level === "h1" ? "h1" : "h2";
  return (
    <section
      id={anchorId(blok.scroll_to_id)}
      className={cx("block slim-hero", blok.textColor === "dark" ? "hero--dark" : "hero--light", blok.applyGradient && "hero--gradient")}
    >
      {blok.image?.filename ? (
        <Picture
          className="slim-hero__media"
          asset={blok.image}
          width={1920}
          height={SLIM_HERO_HEIGHT}
          mobile={blok.mobileImage}
          mobileWidth={768}
          mobileHeight={SLIM_HERO_HEIGHT}
          priority={first}
        />
      ) : null}
      <div className="slim-hero__content container">
        {blok.heading ? <Heading className="hero__heading">{blok.heading}</Heading> : null}
        {blok.subHeading ? <p className="hero__subheading">{blok.subHeading}</p> : null}
        <ButtonGroup buttons={blok.buttons} className="hero__buttons" />
      </div>
    </section>
  );
}

export default SlimHeroBanner;
