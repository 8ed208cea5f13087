import type { ReactNode } from "react";
import { LABELS } from "./labels";

/**
 * A popover overlay opened by a click on its (i) toggle. It is a `<details>` element, so it opens
 * and closes without JavaScript and from the keyboard; with JavaScript it also closes on Escape
 * and on a click outside it (document-wide, app/components/document-actions.tsx: a block with a
 * popover needs no JavaScript of its own).
 */
export function Popover({
  label = LABELS.moreInformation,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details suppressHydrationWarning
      data-popover=""
      className={["popover", className ?? ""].filter(Boolean).join(" ")}
    >
      <summary className="popover__toggle">
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      <div className="popover__content">{children}</div>
    </details>
  );
}
