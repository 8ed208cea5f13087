import { Suspense } from "react";
import { deferred } from "~/blocks/runtime/deferred";
import { ServerHtml } from "~/blocks/runtime/server-html";
import type { RichText as RichTextDoc, RichTextNode } from "./schema";

/** The rich-text renderer loads only when a shell text must render in the browser. */
const Nodes = deferred(() => import("./richtext").then((m) => m.RichTextNodes));

function holdsBloks(nodes: readonly RichTextNode[] | undefined): boolean {
  return (nodes ?? []).some((node) => node.type === "blok" || holdsBloks(node.content));
}

/**
 * Rich text of the site's shell (the footer's legal text, the cookie banner's text), rendered as
 * `<RichText>` renders it, in a `<div>` with `className`. The server renders it; the browser keeps
 * that HTML (an island: its links navigate in the app) and loads the renderer only when the text
 * changes, as with another country's globals (ADR 022). A text holding bloks hydrates like any
 * content, since a blok may need JavaScript.
 */
export function StaticRichText({ doc, className = "richtext" }: { doc: RichTextDoc | null | undefined; className?: string }) {
  if (!doc || !Array.isArray(doc.content) || doc.content.length === 0) return null;
  const island = !holdsBloks(doc.content);
  return (
    <ServerHtml content={doc} keep={island} className={className} data-island={island ? "" : undefined}>
      <Suspense fallback={null}>
        <Nodes.Component doc={doc} />
      </Suspense>
    </ServerHtml>
  );
}
