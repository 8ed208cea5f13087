import { createContext, useContext, type ReactNode } from "react";

/**
 * How content embedded in rich text (a blok inside a text) is rendered: the blocks layer provides
 * it (app/blocks/blocks.tsx), so rich text, a component, needs no import of the blocks above it.
 * Without a provider (a shell text outside any page content) embedded bloks render nothing.
 */
export type BlokRenderer = (bloks: readonly unknown[]) => ReactNode;

const BlokRendererContext = createContext<BlokRenderer | null>(null);

export const BlokRendererProvider = BlokRendererContext.Provider;

export function useBlokRenderer(): BlokRenderer | null {
  return useContext(BlokRendererContext);
}
