import { useState, type HTMLAttributes, type ReactNode } from "react";
import { KEEP_SERVER_HTML } from "./internals";
import { isHydrating } from "./hydration-state";

type DivAttributes = Omit<HTMLAttributes<HTMLDivElement>, "content" | "children"> & { [data: `data-${string}`]: string | undefined };

/**
 * A `<div>` whose inside keeps the server's HTML during hydration: React leaves the inside of an
 * element with `dangerouslySetInnerHTML` alone, so a subtree without behaviour costs nothing to
 * hydrate and its code need not load (ADR 020). Once `content` changes (`same` says whether the
 * content at hydration and the current one render alike; by default, the same object), it renders
 * `children`. Outside hydration (client navigation, tests, the server), or with `keep` false, it
 * always renders `children`. Other props are the wrapper's attributes.
 */
export function ServerHtml<T>({
  content,
  same = Object.is,
  keep = true,
  children,
  ...attributes
}: { content: T; same?: (atHydration: T, now: T) => boolean; keep?: boolean; children: ReactNode } & DivAttributes) {
  const [kept] = useState(() => (keep && isHydrating() ? { content } : null));
  if (kept && same(kept.content, content)) {
    // React leaves the inside alone (runtime/internals.ts, technique 2).
    return <div key="server" {...attributes} {...KEEP_SERVER_HTML} />;
  }
  return (
    <div key="live" {...attributes}>
      {children}
    </div>
  );
}
