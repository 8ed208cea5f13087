import { isRouteErrorResponse } from "@remix-run/react";
import { useHydrationMode } from "~/islands/hydration-mode";
import { IslandHostProvider, IslandPageScript, useIslandHost } from "~/islands/island";
import { usePageLocation } from "~/islands/page-location";
import { islandHost } from "~/features/routing/page-providers";
import { RootBlock } from "~/blocks/blocks";
import { type NotFoundPayload } from "~/features/routing/not-found-payload";
import { SiteProvider } from "~/features/site-state/site-context";
import type { Globals } from "~/features/shell/globals";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { SiteLayout } from "~/features/shell/site-layout";

/** The 404 screen: the CMS page of the story with slug `error`, inside the layout. */
export function NotFoundScreen({ payload, globals }: { payload: NotFoundPayload; globals?: Globals | null }) {
  const shell = globals ?? payload.globals;
  const host = useIslandHost();
  const mode = useHydrationMode();
  const location = usePageLocation();
  const content = (
    <div className="error-page">
      <p className="error-page__status container" role="status">
        {payload.message}
      </p>
      {payload.errorStory ? (
        <RootBlock blok={payload.errorStory} />
      ) : (
        <div className="container">
          <h1>Page Not Found</h1>
          <p>
            <a href={`/${payload.country}`}>Go home</a>
          </p>
        </div>
      )}
    </div>
  );
  const screen = (
    <SiteProvider value={{ country: payload.country }}>
      {shell ? (
        <SiteLayout globals={shell} settings={NOT_FOUND_SETTINGS}>
          {content}
        </SiteLayout>
      ) : (
        <main id="main">{content}</main>
      )}
    </SiteProvider>
  );
  if (host || !shell) return screen;
  // Outside a country's layout (an unknown country) the screen hosts its own islands.
  return (
    <IslandHostProvider value={islandHost(mode, { site: { country: payload.country }, settings: NOT_FOUND_SETTINGS, location })}>
      {screen}
      <IslandPageScript />
    </IslandHostProvider>
  );
}

const NOT_FOUND_SETTINGS = { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true };

/** Any other error: the status code, the message and a Go home link to /. Finance logo off. */
export function ErrorScreen({ error }: { error: unknown }) {
  let status = 500;
  let message = "Something went wrong. Please try again later.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      typeof error.data === "string" && error.data ? error.data : error.statusText || (status === 404 ? "Page Not Found" : message);
  } else if (error instanceof Error && import.meta.env.DEV) {
    message = error.message;
  }
  return (
    <div className="error-screen container">
      <h1 className="error-screen__code">{status}</h1>
      <p className="error-screen__message">{message}</p>
      <a href="/" className="button button--lg button--primary">
        Go home
      </a>
    </div>
  );
}
