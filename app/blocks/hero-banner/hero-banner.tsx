import { ButtonGroup } from "~/components/button";
import { Carousel } from "~/components/carousel";
import { Picture } from "~/components/image";
import { anchorId, cx } from "~/components/section";
import { usePrefersReducedMotion } from "~/components/use-media-query";
import { useMegaMenuOpen } from "~/components/use-mega-menu-open";
import { useOpensPage, useVisibleItems } from "~/components/block-hooks";
import type { HeroBannerBlok, HeroSlideBlok } from "./hero-banner.schema";
import { editable } from "~/components/editable";

/** Spec: hero autoplay 4000 ms, slide animation 800 ms. */
export const HERO_AUTOPLAY_MS = 4000;
export const HERO_SPEED_MS = 800;
/** Image boxes: 16:9 from md up, a taller crop on phones. */
export const HERO_IMAGE = { width: 1920, height: 1080, mobileWidth: 768, mobileHeight: 960 } as const;

export function HeroSlide({ slide, priority, headingLevel }: { slide: HeroSlideBlok; priority: boolean; headingLevel: "h1" | "h2" }) {
  const Heading = headingLevel;
  return (
    <div {...editable(slide, cx("hero", slide.textColor === "dark" ? "hero--dark" : "hero--light", slide.applyGradient && "hero--gradient"))}>
      {slide.image?.filename ? (
        <Picture
          className="hero__media"
          asset={slide.image}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          mobile={slide.mobileImage}
          mobileWidth={HERO_IMAGE.mobileWidth}
          mobileHeight={HERO_IMAGE.mobileHeight}
          priority={priority}
        />
      ) : null}
      <div className="hero__content container">
        {slide.heading ? <Heading className="hero__heading">{slide.heading}</Heading> : null}
        {slide.subHeading ? <p className="hero__subheading">{slide.subHeading}</p> : null}
        <ButtonGroup buttons={slide.buttons} className="hero__buttons" />
        {slide.disclaimer ? <p className="hero__disclaimer">{slide.disclaimer}</p> : null}
      </div>
    </div>
  );
}

/**
 * Hero banner: full-width slides with heading, text and buttons. Several slides autoplay every
 * 4000 ms (800 ms transition) and hold while the mega menu is open, while hovered or focused,
 * for prefers-reduced-motion and after the pause control. The first slide of a hero at the top
 * of the page loads eagerly with high priority. Without JavaScript the slides are a scrollable row.
 */
export function HeroBanner({ blok }: { blok: HeroBannerBlok }) {
  const slides = useVisibleItems(blok.slides);
  const first = useOpensPage();
  const menuOpen = useMegaMenuOpen();
  const reducedMotion = usePrefersReducedMotion();
  const headingLevel = blok.heading_level === "h1" ? "h1" : "h2";
  if (slides.length === 0) return null;
  const label = blok.label || slides[0]?.heading || "";
  return (
    <section id={anchorId(blok.scroll_to_id)} className="block hero-banner">
      {slides.length === 1 ? (
        <HeroSlide slide={slides[0]} priority={first} headingLevel={headingLevel} />
      ) : (
        <Carousel
            label={label}
            loop
            speed={reducedMotion ? 0 : HERO_SPEED_MS}
            autoplay={blok.autoplay === false ? undefined : HERO_AUTOPLAY_MS}
            paused={menuOpen || reducedMotion}
            className="hero-banner__carousel"
          >
            {slides.map((slide, i) => (
              <HeroSlide key={slide._uid} slide={slide} priority={first && i === 0} headingLevel={i === 0 ? headingLevel : "h2"} />
            ))}
        </Carousel>
      )}
    </section>
  );
}

export default HeroBanner;
