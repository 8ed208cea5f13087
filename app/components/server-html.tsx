import { useState, type ReactNode } from "react";
import { isHydrating } from "~/blocks/loading";

const KEEP = { __html: "" };

/**
 * A `<div>` whose inside keeps the server's HTML during hydration: React leaves the inside of an
 * element with `dangerouslySetInnerHTML` alone, so a large subtree without behaviour costs nothing
 * to hydrate. Once `content` changes (another object than at hydration), it renders `children`.
 * Outside hydration (client navigation, tests, the server) it always renders `children`.
 */
export function ServerHtml({ content, id, className, children }: { content: unknown; id?: string; className?: string; children: ReactNode }) {
  const [kept] = useState(() => (isHydrating() ? { content } : null));
  if (kept && kept.content === content) {
    return <div key="server" id={id} className={className} suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />;
  }
  return (
    <div key="live" id={id} className={className}>
      {children}
    </div>
  );
}
