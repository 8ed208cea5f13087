import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useIslandLinks } from "~/blocks/runtime/island-links";
import { DocumentActions } from "~/components/document-actions";
import { blockPreloads, blocksToHydrate } from "~/blocks/runtime/loading";
import { hydrationFinished } from "~/blocks/runtime/hydration-state";
import { KEEP_SERVER_HTML } from "~/blocks/runtime/internals";
import { getPublicEnv } from "~/env.server";
import { getBuildId } from "~/features/shell/build-id.server";
import { previewClientInfo } from "~/features/preview/preview.server";
import { ErrorScreen, NotFoundScreen, isNotFoundPayload } from "~/features/errors/error-screen";
import { errorMeta } from "~/features/pages/route-meta";
import type { PageHandle } from "~/features/pages/route-data";
import { useNonce } from "~/features/security/nonce";
// The site's styles, bundled with the blocks' (app/blocks/index.ts) into the root's stylesheet:
// one render-blocking request for the CSS of every page.
import "~/styles/global.css";
import "~/styles/shell.css";

/** Found by its role, not its id, by routes that read the root's data (features/pages/route-data.ts). */
export const handle: PageHandle = { role: "root" };

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error, matches }) =>
  error ? errorMeta({ error, matches }) : [{ name: "format-detection", content: "telephone=no" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // `preview`: the bridge to load and the open story in a verified visual-editor preview, else null (no secret in it).
  // `buildId`: the build that rendered the document, for the browser's build freshness check.
  return { ENV: getPublicEnv(), preview: previewClientInfo(request), buildId: await getBuildId() };
}

export function Layout({ children }: { children: ReactNode }) {
  useHydratedMarker();
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const lang = useRouteLoaderData<{ country?: string }>("routes/$country")?.country === "nz" ? "en-NZ" : "en-AU";
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        {data ? (
          <script
            nonce={nonce}
            // Browsers hide the nonce after load, so the client renders "" here.
            suppressHydrationWarning
            // Only the public subset of the environment reaches the browser.
            dangerouslySetInnerHTML={{ __html: `window.ENV=${json(data.ENV)}` }}
          />
        ) : null}
        <Scripts nonce={nonce} />
        <HydrateBlocks preview={Boolean(data?.preview)} nonce={nonce} />
      </body>
    </html>
  );
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Tells the browser's entry which blocks hydrate on this page (every block in a preview), so it
 * loads their chunks before hydration (app/blocks/runtime/loading.ts, ADR 020). Only the server computes
 * it: the entry has read it before React starts, and hydration leaves a script's text as it is,
 * so the browser does not walk the route data again on every render.
 *
 * With it go `<link rel="modulepreload">`s for those chunks (ADR 022): the browser fetches them
 * alongside the framework instead of after the entry has run, and Vite's preload helper, finding
 * them, inserts none of its own just before hydration. The script carries their list too, so
 * that hydration renders the same links.
 */
function HydrateBlocks({ preview, nonce }: { preview: boolean; nonce: string | undefined }) {
  const matches = useMatches();
  // The browser keeps the server's text (runtime/internals.ts, technique 2).
  let script: { suppressHydrationWarning: true; dangerouslySetInnerHTML: { __html: string } } = KEEP_SERVER_HTML;
  let preloads: readonly string[];
  if (typeof document === "undefined") {
    const blocks = preview ? "all" : blocksToHydrate(matches.map((m) => m.data));
    preloads = blocks === "all" ? [] : blockPreloads(blocks);
    script = {
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: `window.__hydrateBlocks=${json(blocks)};window.__blockPreloads=${json(preloads)}` },
    };
  } else {
    preloads = window.__blockPreloads ?? [];
  }
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script nonce={nonce} {...script} />
    </>
  );
}

/** Marks the document once React has hydrated it (tests wait for it; CSS may use it). */
function useHydratedMarker() {
  useEffect(() => {
    // From now on, blocks that kept their server HTML render normally when their content changes.
    hydrationFinished();
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useIslandLinks();
  return (
    <>
      <Outlet />
      <DocumentActions />
    </>
  );
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
