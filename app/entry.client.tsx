import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { APP_BLOCKS_ID, loadAppBlocks } from "~/blocks/runtime/loading";
import { reloadOnChunkErrors } from "~/islands/chunk-errors";

reloadOnChunkErrors();

// The documents that hydrate as one app (app/root.tsx: the editor's preview, pages that are one
// application) load the blocks they render before React hydrates them.
const listed: unknown = JSON.parse(document.getElementById(APP_BLOCKS_ID)?.textContent ?? "[]");
loadAppBlocks(listed)
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
