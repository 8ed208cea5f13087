import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prepareHydration } from "~/blocks/runtime/loading";

declare global {
  interface Window {
    /** The blocks that hydrate on this page, written by the root layout (app/root.tsx). */
    __hydrateBlocks?: string[] | "all";
    /** The modulepreload links the server wrote for those blocks' chunks (app/root.tsx). */
    __blockPreloads?: string[];
  }
}

// The chunks of the blocks that need JavaScript load first, then React hydrates; blocks without
// behaviour keep the server's HTML and load nothing (ADR 020).
prepareHydration(window.__hydrateBlocks ?? [])
  .catch((error: unknown) => console.error("[blocks]", error))
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    });
  });
