import type { ReactNode } from "react";
import { ButtonGroup, type ButtonBlok } from "~/components/button";
import { anchorId, cx } from "~/components/section";
import { TextOrRichText, type TextOrRich } from "~/components/text-or-rich";

export interface SectionFields {
  heading?: string;
  intro?: TextOrRich;
  buttons?: ButtonBlok[];
  background_color?: string;
  scroll_to_id?: string;
}

/** The section wrapper of a block: anchor id, background colour and the block's class names. */
export function Section({
  blok,
  className,
  container = true,
  labelledBy,
  children,
}: {
  blok: SectionFields;
  className: string;
  container?: boolean;
  labelledBy?: string;
  children: ReactNode;
}) {
  const style = blok.background_color
    ? { backgroundColor: blok.background_color }
    : undefined;
  return (
    <section
      id={anchorId(blok.scroll_to_id)}
      className={cx(
        "block",
        className,
        blok.background_color && "block--background"
      )}
      style={style}
      aria-labelledby={labelledBy}
    >
      {container ? <div className="container">{children}</div> : children}
    </section>
  );
}

/** A block's heading and intro; nothing when both are empty. */
export function SectionHeader({
  blok,
  id,
  className,
}: {
  blok: SectionFields;
  id?: string;
  className?: string;
}) {
  if (!blok.heading && !blok.intro) return null;
  return (
    <header className={cx("block__header", className)}>
      {blok.heading ? (
        <h2 className="block__heading" id={id}>
          {blok.heading}
        </h2>
      ) : null}
      <TextOrRichText value={blok.intro} className="richtext block__intro" />
    </header>
  );
}

/** The block's buttons. */
export function SectionButtons({ blok }: { blok: SectionFields }) {
  return <ButtonGroup buttons={blok.buttons} className="block__buttons" />;
}
