import { useId } from "react";
import { z } from "zod";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { assetSchema, blokBase } from "~/content/schema";
import { VideoPlayer } from "~/features/media/components/video-player";
import { Section, SectionButtons, sectionFields } from "./shared";
import { defineBlock } from "./types";

if (import.meta.env) import.meta.glob("../styles/media.css", { eager: true });

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("video-banner"),
    ...sectionFields,
    video: assetSchema.nullish(),
    poster: assetSchema.nullish(),
    captions: assetSchema.nullish(),
    /** Plays by itself, muted and looping (never with sound); otherwise the visitor presses play. */
    autoplay: z.boolean().optional(),
    /** Text over a dark video ("light") or a light one ("dark"). */
    text_color: z.enum(["light", "dark", ""]).optional(),
  })
  .loose();
export type VideoBannerBlok = z.infer<typeof schema>;

/** A full-width video with a heading, text and buttons beside or over it. */
export function VideoBanner({ blok }: { blok: VideoBannerBlok }) {
  const headingId = useId();
  if (!blok.video?.filename) return null;
  return (
    <Section
      blok={blok}
      container={false}
      className={cx("video-banner", blok.text_color === "dark" ? "video-banner--dark" : "video-banner--light")}
      labelledBy={blok.heading ? headingId : undefined}
    >
      <VideoPlayer
        className="video-banner__video"
        video={blok.video}
        poster={blok.poster}
        captions={blok.captions}
        label={blok.heading || blok.video.alt || "Video"}
        background={Boolean(blok.autoplay)}
        width={1920}
        height={1080}
      />
      {blok.heading || blok.intro || blok.buttons?.length ? (
        <div className="container video-banner__content">
          {blok.heading ? (
            <h2 className="video-banner__heading" id={headingId}>
              {blok.heading}
            </h2>
          ) : null}
          <TextOrRichText value={blok.intro} className="richtext video-banner__intro" />
          <SectionButtons blok={blok} />
        </div>
      ) : null}
    </Section>
  );
}

export const videoBanner = defineBlock(schema, VideoBanner);
