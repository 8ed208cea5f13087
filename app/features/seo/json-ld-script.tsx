import { useNonce } from "~/server/security/nonce";
import { serializeJsonLd, type JsonLdNode } from "./json-ld";

/**
 * Renders structured data as `<script type="application/ld+json">`, one script per node, with
 * the JSON escaped so it cannot end the script element (see serializeJsonLd).
 */
export function JsonLd({ data }: { data: readonly JsonLdNode[] | JsonLdNode | null | undefined }) {
  const nodes = (Array.isArray(data) ? data : data ? [data] : []) as readonly JsonLdNode[];
  // Data blocks do not run, but they carry the nonce like every inline script of the page.
  const nonce = useNonce();
  return (
    <>
      {nodes.map((node, index) => (
        <script
          key={`${String(node["@type"])}-${index}`}
          type="application/ld+json"
          nonce={nonce || undefined}
          suppressHydrationWarning
          // Escaped JSON only: serializeJsonLd turns <, >, & and U+2028/2029 into \u escapes.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(node) }}
        />
      ))}
    </>
  );
}

/** Every `structuredData` array of the matched routes' loader data, in route order. */
export function collectStructuredData(matches: readonly { data?: unknown }[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  for (const match of matches) {
    const data = match.data as { structuredData?: unknown } | null | undefined;
    const list = data && typeof data === "object" ? data.structuredData : undefined;
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      if (node && typeof node === "object" && typeof (node as JsonLdNode)["@type"] === "string") nodes.push(node as JsonLdNode);
    }
  }
  return nodes;
}
