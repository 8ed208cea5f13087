import { lazy, useState, type ComponentType, type ReactNode } from "react";
import { BlokRendererProvider, type BlokRenderer } from "~/components/blok-renderer";
import { blockDataIn, BlockDataProvider, useBlockDataMap, type BlockDataMap } from "~/components/block-data";
import type { Blok } from "~/content/schema";
import { StoryProvider, useStoryMeta, type StoryMeta } from "~/content/story-context";
import { defineIsland, Island } from "~/islands/island";
import { PageFormProvider, usePageForm, type PageForm } from "~/islands/page-form";
import { useSite } from "~/features/site-state/site-context";
import { blockRegistry } from "./index";
import { editable } from "~/components/editable";
import { BlokBoundary, BlokTrack, FailedBlok, useFailedOnServer } from "./failures";
import { isInvalidBlok } from "./invalid";
import { blockComponent, islandWhen, loadBlock, needsHydration } from "./runtime/loading";
import { BlockPositionContext, isVisibleIn, openingIndex, useBlockPosition, type BlockPosition } from "../components/visibility";

export { isVisibleIn, useBlockPosition } from "../components/visibility";

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

const lazyBlocks = new Map<string, ComponentType<{ blok: unknown }>>();

/** A block not loaded yet, as a lazy component (one per block). */
function lazyBlock(name: string): ComponentType<{ blok: unknown }> {
  let component = lazyBlocks.get(name);
  if (!component) {
    component = lazy(() => loadBlock(name).then((loaded) => ({ default: loaded })));
    lazyBlocks.set(name, component);
  }
  return component;
}

/** New content (the editor's live preview) renders alike when it is equal. */
const sameBlok = (a: Blok, b: Blok) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Rich text renders the bloks embedded in it through the blocks (app/components/blok-renderer.tsx). */
const renderBloks: BlokRenderer = (bloks) => <Blocks bloks={bloks as Blok[]} />;

/** Makes embedded bloks renderable below: page content, an island, the shell's texts (routes). */
export function BlocksInRichText({ children }: { children: ReactNode }) {
  return <BlokRendererProvider value={renderBloks}>{children}</BlokRendererProvider>;
}

/** Where a blok renders, inside its boundary: the same on the server and in an island's root. */
function BlockInPlace({ blok, position }: { blok: Blok; position: BlockPosition | null }) {
  const block = (
    <BlocksInRichText>
      <BlokBoundary blok={blok} same={sameBlok}>
        <BlokTrack blok={blok}>
          <Block blok={blok} />
        </BlokTrack>
      </BlokBoundary>
    </BlocksInRichText>
  );
  return position ? <BlockPositionContext.Provider value={position}>{block}</BlockPositionContext.Provider> : block;
}

interface BlockIslandProps {
  blok: Blok;
  position: BlockPosition | null;
  story: StoryMeta | null;
  blockData: BlockDataMap;
  form: PageForm | null;
}

/**
 * A blok that needs JavaScript, as an island: its content, its place, its story's metadata and
 * the block data of the bloks inside it are its props; the browser loads the blocks it renders
 * before it hydrates (app/entry.islands.ts), when its registry entry says (`when`).
 */
export const blockIsland = defineIsland("block", ({ blok, position, story, blockData, form }: BlockIslandProps) => {
  const inner = (
    <PageFormProvider value={form}>
      <BlockDataProvider value={blockData}>
        <BlockInPlace blok={blok} position={position} />
      </BlockDataProvider>
    </PageFormProvider>
  );
  return story ? <StoryProvider story={story}>{inner}</StoryProvider> : inner;
});

/**
 * One blok in its wrapper. A blok that needs JavaScript (`needsHydration`) is an island with
 * everything inside it; any other stays the server's HTML and its code never loads.
 *
 * Each blok renders inside its own boundary (app/blocks/failures.tsx): one that failed its schema
 * at content read, or failed to render on the server or in the browser, shows nothing to visitors
 * and a notice to editors; the rest of the page renders.
 */
function BlokSlot({ blok, position, className }: { blok: Blok; position: BlockPosition | null; className: string }) {
  const failedOnServer = useFailedOnServer(blok._uid);
  // The server's failure stands while the content is the one it rendered (a new version renders).
  const [failedContent] = useState(() => (failedOnServer ? blok : null));
  const story = useStoryMeta();
  const blockData = useBlockDataMap();
  const form = usePageForm();
  if (isInvalidBlok(blok)) return <FailedBlok blok={blok} className={className} />;
  if (failedContent && sameBlok(failedContent, blok)) return <FailedBlok blok={blok} className={className} />;
  if (needsHydration(blok)) {
    const props: BlockIslandProps = { blok, position, story, blockData: blockDataIn(blok, blockData), form };
    return <Island island={blockIsland} props={props} when={islandWhen(blok)} {...editable(blok, className)} />;
  }
  return (
    <div {...editable(blok, className)}>
      <BlockInPlace blok={blok} position={position} />
    </div>
  );
}

/**
 * A story's root blok (a page, a news article, the error story) in its `blok-root` wrapper, which
 * carries the visual editor's attributes in drafts.
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
  // The server loads every block at start-up and an island its blocks before it hydrates; a page
  // reached by a client navigation inside an app-mode document loads a missing one lazily.
  const Component = blockComponent(blok.component) ?? lazyBlock(blok.component);
  return <Component blok={blok} />;
}
