import { useEffect, useRef, type ReactNode } from "react";
import { LABELS } from "./labels";

/**
 * A popover overlay opened by a click on its (i) toggle. It is a `<details>` element, so it opens
 * and closes without JavaScript and from the keyboard; with JavaScript it also closes on Escape
 * and on a click outside it.
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
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const onPointer = (event: MouseEvent) => {
      if (node.open && !node.contains(event.target as Node)) node.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && node.open) {
        node.open = false;
        node.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onPointer);
    node.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      node.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details
      ref={ref}
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
