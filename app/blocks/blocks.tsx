import type { Blok } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import { blockRegistry } from "./index";
import { editableAttributes } from "./editable";
import { BlockPositionContext, isVisibleIn, useBlockPosition } from "./visibility";

export { isVisibleIn, useBlockPosition } from "./visibility";

/**
 * Renders a list of bloks: applies the locale filter, the bottom-spacing wrapper and the
 * unknown-block message once, for every block.
 */
export function Blocks({ bloks, spacing = true }: { bloks: readonly Blok[] | null | undefined; spacing?: boolean }) {
  const { country } = useSite();
  const parent = useBlockPosition();
  if (!bloks || bloks.length === 0) return null;
  return (
    <>
      {bloks
        .filter((b) => b && isVisibleIn(b.locale, country))
        .map((blok, index) => {
          const content = (
            <BlockPositionContext.Provider value={{ index, topLevel: parent === null }}>
              <Block blok={blok} />
            </BlockPositionContext.Provider>
          );
          const attrs = editableAttributes(blok);
          if (spacing && blok.bottom_spacing !== false) {
            return (
              <div key={blok._uid} className="blok-spacing" {...attrs}>
                {content}
              </div>
            );
          }
          return (
            <div key={blok._uid} className="blok-contents" {...attrs}>
              {content}
            </div>
          );
        })}
    </>
  );
}

/** Renders one blok through the registry, or the unknown-component message. */
export function Block({ blok }: { blok: Blok }) {
  const definition = blockRegistry[blok.component];
  if (!definition) {
    return (
      <div className="unknown-blok container" role="note">
        Component could not be found for blok <strong>{blok.component}</strong>! Is it configured correctly?
      </div>
    );
  }
  const parsed = definition.schema.safeParse(blok);
  if (!parsed.success && import.meta.env.DEV) {
    console.warn(`Blok ${blok.component} (${blok._uid}) does not match its schema`, parsed.error.issues);
  }
  const { Component } = definition;
  return <Component blok={parsed.success ? parsed.data : blok} />;
}
