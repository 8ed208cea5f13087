import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prepareHydration } from "~/blocks/loading";

declare global {
  interface Window {
    __remixContext?: { state?: { loaderData?: Record<string, unknown> } };
  }
}

// The chunks of the blocks that need JavaScript load first, then React hydrates; blocks without
// behaviour keep the server's HTML and load nothing (ADR 020). In the visual editor's preview
// (root data `preview`) every block hydrates, since the content changes live.
const loaderData = window.__remixContext?.state?.loaderData ?? {};
const preview = Boolean((loaderData.root as { preview?: unknown } | undefined)?.preview);

prepareHydration(loaderData, { everything: preview })
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
