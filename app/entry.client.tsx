import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadAllBlocks } from "~/blocks/runtime/loading";
import { reloadOnChunkErrors } from "~/islands/chunk-errors";

reloadOnChunkErrors();

// The documents that hydrate as one app (app/root.tsx: the editor's preview, the dev server,
// pages that are one application) load every block before React renders them.
loadAllBlocks()
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
