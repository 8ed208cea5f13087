import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useLocation,
  useMatches,
} from "@remix-run/react";
import { useEffect, useMemo, type ReactNode } from "react";
import { BlokNoticesContext } from "~/blocks/failures";
import { APP_BLOCKS_ALL, APP_BLOCKS_ID, blockNamesIn } from "~/blocks/runtime/loading";
import { getPublicEnv } from "~/server/env.server";
import { EARLY_CLICKS_SCRIPT } from "~/islands/early-clicks";
import { islandAssets, type IslandAssets } from "~/islands/assets.server";
import { HydrationModeContext } from "~/islands/hydration-mode";
import { PageLocationProvider } from "~/islands/page-location";
import { SPECULATION_RULES } from "~/islands/speculation-rules";
import { previewClientInfo } from "~/features/preview/preview.server";
import { ErrorScreen, NotFoundScreen } from "~/pages/error-screen";
import { isNotFoundPayload } from "~/features/routing/not-found-payload";
import { errorMeta } from "~/features/routing/route-meta";
import { layoutDataIn, rootDataIn, type PageHandle } from "~/features/routing/route-data";
import { useNonce } from "~/server/security/nonce";
// The site's styles, bundled with the blocks' (app/blocks/index.ts) into the root's stylesheet:
// one render-blocking request for the CSS of every page.
import "~/styles/global.css";
import "~/styles/shell.css";

/** Found by its role, not its id, by routes that read the root's data (features/routing/route-data.ts). */
export const handle: PageHandle = { role: "root" };

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error, matches }) =>
  error ? errorMeta({ error, matches }) : [{ name: "format-detection", content: "telephone=no" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // `preview`: the bridge to load and the open story in a verified visual-editor preview, else null (no secret in it).
  // `islands`: the islands' entry and its chunks (production builds); null where the app hydrates whole.
  return { ENV: getPublicEnv(), preview: previewClientInfo(request), islands: islandAssets() };
}

/**
 * How the browser runs the page. A published page is server HTML whose interactive parts are
 * islands (app/islands/), each hydrated on its own; the framework's runtime does not load. So it
 * is on the dev server too (Vite serves the same entry). The whole document hydrates as one app
 * only where the router is needed: the editor's preview (content changes live) and pages that are
 * one application (`handle.hydrate`).
 */
function useHydrationMode(data: Awaited<ReturnType<typeof loader>> | undefined): "islands" | "app" {
  const matches = useMatches();
  if (!data?.islands || data.preview) return "app";
  return matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === "app") ? "app" : "islands";
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const data = rootDataIn(matches) as Awaited<ReturnType<typeof loader>> | undefined;
  const nonce = useNonce();
  const lang = layoutDataIn(matches)?.country === "nz" ? "en-NZ" : "en-AU";
  const mode = useHydrationMode(data);
  useAppHydratedMarker(mode);
  const islands = mode === "islands" ? data?.islands : null;
  const location = useLocation();
  const pageLocation = useMemo(() => ({ pathname: location.pathname, search: location.search }), [location.pathname, location.search]);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {islands ? <IslandHead assets={islands} nonce={nonce} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <HydrationModeContext.Provider value={mode}>
          <PageLocationProvider value={pageLocation}>
            <BlokNoticesContext.Provider value={Boolean(data?.preview)}>{children}</BlokNoticesContext.Provider>
          </PageLocationProvider>
        </HydrationModeContext.Provider>
        {data ? (
          <script
            nonce={nonce}
            // Browsers hide the nonce after load, so the client renders "" here.
            suppressHydrationWarning
            // Only the public subset of the environment reaches the browser.
            dangerouslySetInnerHTML={{ __html: `window.ENV=${json(data.ENV)}` }}
          />
        ) : null}
        {mode === "app" ? (
          <>
            <AppBlocks preview={Boolean(data?.preview)} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : islands ? (
          <script type="module" nonce={nonce} src={islands.entry} />
        ) : null}
      </body>
    </html>
  );
}

/**
 * The blocks a document that hydrates as one app renders (every block in a preview, where content
 * changes live), for the browser's entry to load before React hydrates. Worked out from the route
 * data, the same on the server and in the browser.
 */
function AppBlocks({ preview }: { preview: boolean }) {
  const matches = useMatches();
  const names = useMemo(() => (preview ? APP_BLOCKS_ALL : [...blockNamesIn(matches.map((match) => match.data))].sort()), [preview, matches]);
  return <script type="application/json" id={APP_BLOCKS_ID} dangerouslySetInnerHTML={{ __html: json(names) }} />;
}

/** Marks a document that hydrated as one app (tests wait for it; the islands' runtime marks the others). */
function useAppHydratedMarker(mode: "islands" | "app") {
  useEffect(() => {
    if (mode === "app") document.documentElement.dataset.hydrated = "true";
  }, [mode]);
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The islands' entry and its chunks, preloaded from the head; the early-clicks script, which
 * queues taps on islands that have not hydrated yet; and Speculation Rules, which prefetch a page
 * on a link's hover or touch, so document navigations between pages start early.
 */
function IslandHead({ assets, nonce }: { assets: IslandAssets; nonce: string | undefined }) {
  return (
    <>
      {assets.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />
      <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors outside a country (unknown country, broken root): the error story or the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && isNotFoundPayload(error.data)) {
    return <NotFoundScreen payload={error.data} />;
  }
  return (
    <main id="main">
      <ErrorScreen error={error} />
    </main>
  );
}
