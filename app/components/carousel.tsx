import {
  useKeenSlider,
  type KeenSliderInstance,
  type KeenSliderOptions,
} from "keen-slider/react.js";
import { BREAKPOINTS } from "./breakpoints";
import {
  Children,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from "react";
import { LABELS } from "./labels";
import { cx } from "./section";
import { useHydrated } from "~/islands/use-hydrated";
import { useNearViewport } from "./use-near-viewport";

/** A value per breakpoint (spec: sm 576, md 768, lg 992, xl 1200); `base` below sm. */
export interface Responsive<T> {
  base: T;
  sm?: T;
  md?: T;
  lg?: T;
  xl?: T;
}

export { BREAKPOINTS };
type Breakpoint = keyof typeof BREAKPOINTS;
const ORDER: Breakpoint[] = ["sm", "md", "lg", "xl"];

/** The value at every breakpoint, each falling back to the one below. */
export function resolveResponsive<T>(
  value: T | Responsive<T>
): Record<"base" | Breakpoint, T> {
  const r: Responsive<T> =
    typeof value === "object" && value !== null && "base" in (value as object)
      ? (value as Responsive<T>)
      : { base: value as T };
  const out = { base: r.base } as Record<"base" | Breakpoint, T>;
  let last = r.base;
  for (const bp of ORDER) {
    last = r[bp] ?? last;
    out[bp] = last;
  }
  return out;
}

/** keen-slider options for per-view and spacing values that change at the breakpoints. */
export function sliderOptions({
  perView,
  spacing,
  loop,
  speed,
}: {
  perView: number | Responsive<number>;
  spacing: number | Responsive<number>;
  loop: boolean;
  speed: number;
}): KeenSliderOptions {
  const pv = resolveResponsive(perView);
  const sp = resolveResponsive(spacing);
  const breakpoints: NonNullable<KeenSliderOptions["breakpoints"]> = {};
  for (const bp of ORDER) {
    breakpoints[`(min-width: ${BREAKPOINTS[bp]}px)`] = {
      slides: { perView: pv[bp], spacing: sp[bp] },
    };
  }
  return {
    loop,
    defaultAnimation: { duration: speed },
    slides: { perView: pv.base, spacing: sp.base },
    breakpoints,
  };
}

export interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  children: ReactNode;
  perView?: number | Responsive<number>;
  /** Gap between slides in px. */
  spacing?: number | Responsive<number>;
  loop?: boolean;
  /** Slide animation in ms. */
  speed?: number;
  /** Autoplay interval in ms; none when unset. */
  autoplay?: number;
  /** Outside reasons to hold the autoplay (mega menu open, reduced motion). */
  paused?: boolean;
  arrows?: boolean;
  dots?: boolean;
  className?: string;
  slideClassName?: string;
}

/**
 * The dots keen-slider gives a carousel at each breakpoint (its last index + 1; every slide when
 * it loops), or 0 where all slides fit and it shows no controls.
 */
export function dotsAt({
  count,
  perView,
  loop,
}: {
  count: number;
  perView: number | Responsive<number>;
  loop: boolean;
}): Record<"base" | Breakpoint, number> {
  const pv = resolveResponsive(perView);
  const out = {} as Record<"base" | Breakpoint, number>;
  for (const bp of ["base", ...ORDER] as const) {
    // The last start position is where the last slide ends at the track's end: the number of
    // slides that do not fit, rounded up (the tolerance absorbs per-view values like 1.66666).
    const maxIdx = Math.max(0, Math.ceil(count - pv[bp] - 1e-6));
    out[bp] = count < 2 || maxIdx === 0 ? 0 : loop ? count : maxIdx + 1;
  }
  return out;
}

/**
 * Invisible copies of the controls a carousel will show once it starts: they hold the controls'
 * space, so the page below does not move when the carousel starts (it may start after hydration,
 * when it comes near the viewport). The CSS hides them without JavaScript, where no controls
 * come, and per breakpoint where fewer dots or none come.
 */
function ControlsReserve({
  at,
  arrows,
  dots,
}: {
  at: Record<"base" | Breakpoint, number>;
  arrows: boolean;
  dots: boolean;
}) {
  const bps = ["base", ...ORDER] as const;
  const most = Math.max(...bps.map((bp) => at[bp]));
  if (most === 0) return null;
  const none = (under: number, prefix: string) =>
    bps
      .filter((bp) => at[bp] <= under)
      .map((bp) => `${prefix}--none-${bp}`)
      .join(" ");
  return (
    <div
      className={cx("carousel__reserve", none(0, "carousel__reserve"))}
      aria-hidden="true"
    >
      {arrows ? (
        <div className="carousel__arrows">
          <span className="carousel__arrow" />
          <span className="carousel__arrow" />
        </div>
      ) : null}
      {dots ? (
        <div className="carousel__dots">
          {Array.from({ length: most }, (_, i) => (
            <span
              key={i}
              className={cx("carousel__dot", none(i, "carousel__dot"))}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Brings the slide holding `target` into view (keen-slider moves slides by transform). */
function showSlide(slider: KeenSliderInstance, target: HTMLElement) {
  const slide = target.closest<HTMLElement>("[data-slide-index]");
  if (!slide) return;
  slider.container.scrollLeft = 0;
  const idx = Number(slide.dataset.slideIndex);
  const portion = slider.track.details?.slides[idx]?.portion ?? 1;
  if (portion < 0.99)
    slider.moveToIdx(Math.min(idx, slider.track.details?.maxIdx ?? idx));
}

/** The slider's state as keen-slider reports it, and the track element it runs on. */
interface CarouselSlider {
  /** keen-slider has started (the controls may show). */
  ready: boolean;
  /** The slide at the start of the view. */
  current: number;
  /** The last index a view may start at. */
  maxIdx: number;
  instanceRef: { current: KeenSliderInstance | null };
  /** The ref callback of the track. */
  setTrack: (track: HTMLDivElement | null) => void;
}

/**
 * Runs keen-slider on the track and follows its slide and last index. keen-slider measures the
 * track and its slides when it starts, which forces their layout: a carousel far down the page
 * starts when it comes near the viewport, not during hydration.
 */
function useCarouselSlider({
  perView,
  spacing,
  loop,
  speed,
  count,
}: {
  perView: number | Responsive<number>;
  spacing: number | Responsive<number>;
  loop: boolean;
  speed: number;
  count: number;
}): CarouselSlider {
  const [ready, setReady] = useState(false);
  const [current, setCurrent] = useState(0);
  const [maxIdx, setMaxIdx] = useState(Math.max(0, count - 1));
  const [track, setTrack] = useState<HTMLDivElement | null>(null);

  const options = useMemo(
    () => ({
      ...sliderOptions({ perView, spacing, loop, speed }),
      created(s: KeenSliderInstance) {
        setReady(true);
        setCurrent(s.track.details?.rel ?? 0);
        setMaxIdx(s.track.details?.maxIdx ?? 0);
        // The focus may have reached a slide before the slider started (the track was a
        // scrollable list until then).
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && s.container.contains(focused))
          showSlide(s, focused);
      },
      updated(s: { track: { details: { maxIdx: number } | null } }) {
        setMaxIdx(s.track.details?.maxIdx ?? 0);
      },
      optionsChanged(s: { track: { details: { maxIdx: number } | null } }) {
        setMaxIdx(s.track.details?.maxIdx ?? 0);
      },
      slideChanged(s: { track: { details: { rel: number } | null } }) {
        setCurrent(s.track.details?.rel ?? 0);
      },
    }),
    // The options are data; re-create them only when the data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify({ perView, spacing, loop, speed })]
  );
  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>(
    options as KeenSliderOptions
  );
  const near = useNearViewport(track);
  useEffect(() => {
    if (!near || !track) return;
    sliderRef(track);
    return () => sliderRef(null);
  }, [near, track, sliderRef]);

  // keen-slider measures its slides once; tell it when the slide list changes.
  useEffect(() => {
    instanceRef.current?.update();
  }, [count, instanceRef]);

  return { ready, current, maxIdx, instanceRef, setTrack };
}

/** Moves to the next slide every `autoplay` ms while running (back to the first at the end). */
function useAutoplay({
  running,
  autoplay,
  current,
  loop,
  instanceRef,
}: {
  running: boolean;
  autoplay: number | undefined;
  current: number;
  loop: boolean;
  instanceRef: CarouselSlider["instanceRef"];
}) {
  useEffect(() => {
    if (!running || !autoplay) return;
    const timer = window.setTimeout(() => {
      const slider = instanceRef.current;
      if (!slider) return;
      const details = slider.track.details;
      if (!loop && details && details.rel >= details.maxIdx)
        slider.moveToIdx(0);
      else slider.next();
    }, autoplay);
    return () => window.clearTimeout(timer);
  }, [running, autoplay, current, loop, instanceRef]);
}

/**
 * Whether the focus is inside the carousel (autoplay holds while it is), with the root's ref and
 * its focus handlers. Focus reaching a slide out of view brings that slide into view.
 */
function useFocusWithin(instanceRef: CarouselSlider["instanceRef"]) {
  const [focused, setFocused] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const onFocus = useCallback(
    (event: FocusEvent) => {
      setFocused(true);
      const slider = instanceRef.current;
      if (slider) showSlide(slider, event.target as HTMLElement);
    },
    [instanceRef]
  );
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null))
      setFocused(false);
  };
  return { focused, rootRef, onFocus, onBlur };
}

/** The per-view and spacing values at each breakpoint, as the CSS of the track reads them. */
function trackStyle(
  perView: number | Responsive<number>,
  spacing: number | Responsive<number>
): CSSProperties {
  const pv = resolveResponsive(perView);
  const sp = resolveResponsive(spacing);
  return {
    "--pv": pv.base,
    "--pv-sm": pv.sm,
    "--pv-md": pv.md,
    "--pv-lg": pv.lg,
    "--pv-xl": pv.xl,
    "--sp": `${sp.base}px`,
    "--sp-sm": `${sp.sm}px`,
    "--sp-md": `${sp.md}px`,
    "--sp-lg": `${sp.lg}px`,
    "--sp-xl": `${sp.xl}px`,
  } as CSSProperties;
}

function PauseButton({
  paused,
  onToggle,
}: {
  paused: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="carousel__pause"
      aria-pressed={paused}
      aria-label={paused ? LABELS.play : LABELS.pause}
      onClick={onToggle}
      data-state={paused ? "paused" : "playing"}
    >
      <span
        aria-hidden="true"
        className={paused ? "icon-play" : "icon-pause"}
      />
    </button>
  );
}

function CarouselArrows({
  slider,
  loop,
}: {
  slider: CarouselSlider;
  loop: boolean;
}) {
  const { current, maxIdx, instanceRef } = slider;
  return (
    <div className="carousel__arrows">
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label={LABELS.previous}
        disabled={!loop && current <= 0}
        onClick={() => instanceRef.current?.prev()}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={LABELS.next}
        disabled={!loop && current >= maxIdx}
        onClick={() => instanceRef.current?.next()}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

function CarouselDots({
  slider,
  dotCount,
}: {
  slider: CarouselSlider;
  dotCount: number;
}) {
  const { current, instanceRef } = slider;
  return (
    <div className="carousel__dots">
      {Array.from({ length: dotCount }, (_, i) => (
        <button
          key={i}
          type="button"
          className="carousel__dot"
          aria-label={LABELS.goToSlide(i + 1, dotCount)}
          aria-current={i === current ? "true" : undefined}
          onClick={() => instanceRef.current?.moveToIdx(i)}
        />
      ))}
    </div>
  );
}

/**
 * A keen-slider carousel. The server markup is a horizontally scrollable list (scroll snap), so
 * every slide is readable and every link usable without JavaScript; once hydrated keen-slider
 * takes over and the previous/next, dot and (with autoplay) pause controls appear. Autoplay holds
 * while the pointer is over the carousel, while it has focus, when paused from outside and when
 * the visitor presses pause. Focus moving into a slide out of view brings it into view.
 */
export function Carousel({
  label,
  children,
  perView = 1,
  spacing = 0,
  loop = false,
  speed = 800,
  autoplay,
  paused = false,
  arrows = true,
  dots = true,
  className,
  slideClassName,
}: CarouselProps) {
  const slides = Children.toArray(children).filter(Boolean);
  const count = slides.length;
  const hydrated = useHydrated();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const slider = useCarouselSlider({ perView, spacing, loop, speed, count });
  const { ready, maxIdx } = slider;
  const focusWithin = useFocusWithin(slider.instanceRef);

  const running =
    Boolean(autoplay) &&
    ready &&
    count > 1 &&
    !paused &&
    !userPaused &&
    !hovered &&
    !focusWithin.focused;
  useAutoplay({
    running,
    autoplay,
    current: slider.current,
    loop,
    instanceRef: slider.instanceRef,
  });

  const enhanced = hydrated && ready;
  const showControls = enhanced && count > 1 && maxIdx > 0;
  const dotCount = loop ? count : maxIdx + 1;
  const classes = [
    "carousel",
    enhanced ? "carousel--ready" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div
      ref={focusWithin.rootRef}
      className={classes}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={focusWithin.onFocus}
      onBlur={focusWithin.onBlur}
    >
      {autoplay && showControls ? (
        <PauseButton
          paused={userPaused}
          onToggle={() => setUserPaused((v) => !v)}
        />
      ) : null}
      <div
        ref={slider.setTrack}
        className="carousel__track keen-slider"
        style={trackStyle(perView, spacing)}
        aria-live={running ? "off" : "polite"}
        // Without JavaScript the track is a scrollable list; keyboard users scroll it with focus.
        tabIndex={enhanced ? undefined : 0}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            className={[
              "carousel__slide keen-slider__slide",
              slideClassName ?? "",
            ]
              .filter(Boolean)
              .join(" ")}
            role="group"
            aria-roledescription="slide"
            aria-label={LABELS.slide(i + 1, count)}
            data-slide-index={i}
          >
            {slide}
          </div>
        ))}
      </div>
      {enhanced || !(arrows || dots) ? null : (
        <ControlsReserve
          at={dotsAt({ count, perView, loop })}
          arrows={arrows}
          dots={dots}
        />
      )}
      {showControls && arrows ? (
        <CarouselArrows slider={slider} loop={loop} />
      ) : null}
      {showControls && dots && dotCount > 1 ? (
        <CarouselDots slider={slider} dotCount={dotCount} />
      ) : null}
    </div>
  );
}
