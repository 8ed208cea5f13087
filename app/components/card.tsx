import { useEffect, useId, useRef, useState, type CSSProperties, type MouseEvent } from "react";
import { resolveLink } from "~/content/links";
import { useSite } from "~/components/site-country";
import { editable } from "./editable";
import { Button } from "./button";
import { videoLinkAttributes } from "./document-actions";
import type { CardBlok } from "./card.schema";
import { LABELS } from "./labels";
import { mediaKind } from "../lib/media-kind";
import { Media } from "./media";
import { Popover } from "./popover";
import { cx } from "./section";
import { ResolvedAnchor } from "./smart-link";
import { hasText, TextOrRichText } from "./text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";

export type { CardBlok } from "./card.schema";

/** What handles its own clicks inside a card: a click there does not flip the card. */
const INTERACTIVE = "a, button, summary, details, input, select, textarea, label, video, audio, iframe, [role='button']";

const LIGHT = new Set(["light", "white", "#fff", "#ffffff"]);
const DARK = new Set(["dark", "black", "#000", "#000000"]);

function textColour(value: string | undefined): {
  className?: string;
  style?: CSSProperties;
} {
  const v = (value ?? "").trim().toLowerCase();
  if (!v) return {};
  if (LIGHT.has(v)) return { className: "card--text-light" };
  if (DARK.has(v)) return { className: "card--text-dark" };
  if (/^#[0-9a-f]{3,8}$|^rgba?\(|^[a-z]+$/.test(v))
    return { style: { color: v } };
  return {};
}

export interface CardProps {
  blok: CardBlok;
  /** Image box at 1x; the media covers the card, so this sets the crop. */
  mediaWidth?: number;
  mediaHeight?: number;
  sizes?: string;
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** The card sits in a slider (showBelowSlider applies). */
  inSlider?: boolean;
  className?: string;
}

/**
 * A card: media (image, video or embedded video) with heading, sub-heading, buttons, an optional
 * link over the whole card (a link to a video file opens it in a modal), an optional popover and
 * an optional back face (showFlippedContent) that flips on click and from the keyboard. Without
 * JavaScript the back face is shown below the front and the popover is a details element. The
 * hidden face is `visibility: hidden` (CSS), so it leaves the tab order and the accessibility tree.
 */
export function Card({
  blok,
  mediaWidth = 800,
  mediaHeight = 600,
  sizes = "(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw",
  priority,
  headingLevel = 3,
  inSlider = false,
  className,
}: CardProps) {
  const { country } = useSite();
  const hydrated = useHydrated();
  const [flipped, setFlipped] = useState(false);
  const frontToggle = useRef<HTMLButtonElement>(null);
  const backToggle = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const backId = useId();

  useEffect(() => {
    if (!moved.current) return;
    (flipped ? backToggle : frontToggle).current?.focus();
  }, [flipped]);

  const link = resolveLink(blok.cardLink, country);
  // A card's link plays in the video modal when it is a video by the media rule (mp4, webm, ogg,
  // mov: spec site.md section 5); a button's own rule (button.tsx) differs.
  const linkPlaysVideo = Boolean(link && mediaKind(link.href) === "video");
  const below = inSlider ? Boolean(blok.showBelowSlider) : false;
  const hasMedia = Boolean(blok.media?.filename);
  // Text sits over images; a video keeps its controls clear, so its text goes below.
  const overlay =
    hasMedia && !below && mediaKind(blok.media?.filename) === "image";
  const flippable =
    Boolean(blok.showFlippedContent) && hasText(blok.flippedContent);
  const colour = textColour(blok.textColor);
  const Heading = `h${headingLevel}` as "h3";
  const span = blok.span ?? 1;

  const flip = (value: boolean) => {
    moved.current = true;
    setFlipped(value);
  };
  // A click anywhere on a flippable tile flips it (spec site.md section 4), except on its own
  // controls (links, buttons, the popover, a video's controls) and at the end of a text selection.
  // The keyboard uses the flip buttons, which stay in the tab order.
  const flipOnTileClick =
    flippable && hydrated
      ? (event: MouseEvent<HTMLElement>) => {
          if (event.defaultPrevented || event.button !== 0) return;
          if ((event.target as Element).closest?.(INTERACTIVE)) return;
          if (window.getSelection?.()?.toString()) return;
          flip(!flipped);
        }
      : undefined;

  return (
    // The tile click is a pointer shortcut; the keyboard has the flip buttons (in the tab order).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      {...editable(
        blok,
        cx(
        "card",
        overlay ? "card--overlay" : "card--stacked",
        below && "card--below",
        blok.applyGradient && "card--gradient",
        blok.zoomOnHover && "card--zoom",
        link && "card--linked",
        flippable && "card--flippable",
        flippable && hydrated && "card--flip-ready",
        flipped && "card--flipped",
        colour.className,
        className
        )
      )}
      style={{ ...colour.style, ...({ "--span": span } as CSSProperties) }}
      data-span={span}
      onClick={flipOnTileClick}
    >
      <div className="card__front">
        {hasMedia ? (
          <div className="card__media">
            <Media
              asset={blok.media}
              captions={blok.mediaCaptions}
              title={blok.heading}
              width={mediaWidth}
              height={mediaHeight}
              sizes={sizes}
              priority={priority}
            />
          </div>
        ) : null}
        <div className="card__body">
          {blok.heading ? (
            <Heading className="card__heading">
              {link ? (
                <ResolvedAnchor
                  resolved={link}
                  className="card__link"
                  {...(linkPlaysVideo ? videoLinkAttributes(blok.heading, blok.mediaCaptions?.filename) : {})}
                >
                  {blok.heading}
                </ResolvedAnchor>
              ) : (
                blok.heading
              )}
            </Heading>
          ) : null}
          {blok.subHeading ? (
            <p className="card__subheading">{blok.subHeading}</p>
          ) : null}
          {blok.ctaButton && blok.ctaButton.length > 0 ? (
            <div className="card__buttons">
              {blok.ctaButton.map((b) => (
                <Button key={b._uid} blok={b} />
              ))}
            </div>
          ) : null}
        </div>
        {hasText(blok.popoverText) ? (
          <Popover className="card__popover">
            <TextOrRichText value={blok.popoverText} />
          </Popover>
        ) : null}
        {flippable && hydrated ? (
          <button
            ref={frontToggle}
            type="button"
            className="card__flip"
            aria-expanded={flipped}
            aria-controls={backId}
            onClick={() => flip(true)}
          >
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">
              {LABELS.flip}
              {blok.heading ? `: ${blok.heading}` : ""}
            </span>
          </button>
        ) : null}
      </div>
      {flippable ? (
        <div id={backId} className="card__back">
          <TextOrRichText
            value={blok.flippedContent}
            className="richtext card__back-content"
          />
          {hydrated ? (
            <button
              ref={backToggle}
              type="button"
              className="card__flip card__flip--back"
              onClick={() => flip(false)}
            >
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">
                {LABELS.flipBack}
                {blok.heading ? `: ${blok.heading}` : ""}
              </span>
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
