import { useState } from "react";
import { ServerHtml } from "~/blocks/runtime/server-html";
import type { Blok } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import { blockRegistry } from "./index";
import { editableAttributes } from "./editable";
import { BlokBoundary, BlokTrack, FailedBlok, useFailedOnServer } from "./failures";
import { isInvalidBlok } from "./invalid";
import { blokDigest } from "./runtime/island-view";
import { blockComponent, hydratesEverything, needsHydration } from "./runtime/loading";
import { BlockPositionContext, isVisibleIn, openingIndex, useBlockPosition, type BlockPosition } from "./visibility";

export { isVisibleIn, useBlockPosition } from "./visibility";

/**
 * Renders a list of bloks: applies the locale filter, the bottom-spacing wrapper and the
 * unknown-block message once, for every block.
 */
export function Blocks({ bloks, spacing = true }: { bloks: readonly Blok[] | null | undefined; spacing?: boolean }) {
  const { country } = useSite();
  const parent = useBlockPosition();
  if (!bloks || bloks.length === 0) return null;
  const visible = bloks.filter((b) => b && isVisibleIn(b.locale, country));
  const opening = parent === null ? openingIndex(visible) : -1;
  return (
    <>
      {visible.map((blok, index) => (
        <BlokSlot
          key={blok._uid}
          blok={blok}
          position={{ index, topLevel: parent === null, opensPage: index === opening }}
          className={spacing && blok.bottom_spacing !== false ? "blok-spacing" : "blok-contents"}
        />
      ))}
    </>
  );
}

/**
 * A revalidation brings new objects: the blok renders alike when its content is equal. A
 * document's data carries islands as views without their content: their digest stands for it.
 */
const sameBlok = (a: Blok, b: Blok) => a === b || blokDigest(a) === blokDigest(b);

/**
 * One blok in its wrapper. A blok that needs no JavaScript (no behaviour in it or inside it:
 * `data-island`) keeps the server's HTML during hydration and its chunk is never loaded; if its
 * content changes later (a revalidation with other data), it renders like any other blok. In the
 * visual editor's preview every blok renders, since content changes live (ADR 020).
 *
 * Each blok renders inside its own boundary (app/blocks/failures.tsx): one that failed its schema
 * at content read, or failed to render on the server or in the browser, shows nothing to visitors
 * and a notice to editors; the rest of the page renders.
 */
function BlokSlot({ blok, position, className }: { blok: Blok; position: BlockPosition | null; className: string }) {
  const failedOnServer = useFailedOnServer(blok._uid);
  // The server's failure stands while the content is the one it rendered (a new version renders).
  const [failedContent] = useState(() => (failedOnServer ? blok : null));
  if (isInvalidBlok(blok)) return <FailedBlok blok={blok} className={className} />;
  if (failedContent && sameBlok(failedContent, blok)) return <FailedBlok blok={blok} className={className} />;
  const island = !needsHydration(blok);
  const block = (
    <BlokBoundary blok={blok} same={sameBlok}>
      <BlokTrack blok={blok}>
        <Block blok={blok} />
      </BlokTrack>
    </BlokBoundary>
  );
  return (
    <ServerHtml
      content={blok}
      same={sameBlok}
      keep={island && !hydratesEverything()}
      className={className}
      {...editableAttributes(blok)}
      data-island={island ? "" : undefined}
    >
      {position ? <BlockPositionContext.Provider value={position}>{block}</BlockPositionContext.Provider> : block}
    </ServerHtml>
  );
}

/**
 * A story's root blok (a page, a news article, the error story) in its `blok-root` wrapper, which
 * carries the visual editor's attributes in drafts. Like any blok, a root without behaviour in it
 * keeps the server's HTML during hydration (then nothing of the page's content loads).
 */
export function RootBlock({ blok }: { blok: Blok }) {
  return <BlokSlot blok={blok} position={null} className="blok-root" />;
}

/** Renders one blok through the registry, or the unknown-component message. */
export function Block({ blok }: { blok: Blok }) {
  if (!blockRegistry[blok.component]) {
    return (
      <div className="unknown-blok container" role="note">
        Component could not be found for blok <strong>{blok.component}</strong>! Is it configured correctly?
      </div>
    );
  }
  const Component = blockComponent(blok.component);
  return <Component blok={blok} />;
}
