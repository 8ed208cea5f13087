import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { BlokRenderScopeContext, createBlokRenderScope, takeRenderingBlok, type BlokRef, type BlokRenderScope } from "~/blocks/failures";
import { IslandRendererProvider, type IslandRenderer } from "~/islands/island";
import { islandAssets, islandChunkFiles } from "~/islands/assets.server";
import { islandSources } from "~/islands.server";
import { NonceProvider } from "~/server/security/nonce";
import { getContentCache } from "~/content/cache.server";
import { startBlocksOnServer } from "~/blocks/on-server.server";

/** The content version this instance serves: shows which instances a publish reached. */
const CONTENT_VERSION_HEADER = "X-Content-Version";

// The blocks on the server (a blok's way from story to screen): stories read with their bloks
// parsed by the blocks' schemas, and every block component loaded once.
const blocksLoaded = startBlocksOnServer();

/** How long a streamed render may take before React gives up on what is still pending. */
export const streamTimeout = 5_000;
/** Bloks that may fail to render on one page before the page is an error (renderDocument). */
const MAX_FAILED_BLOKS = 20;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseHeaders.set(CONTENT_VERSION_HEADER, String(getContentCache().version));
  // The response's CSP nonce (server.ts): React puts it on the scripts it streams, Remix on its own.
  const nonce = loadContext.nonce ?? "";
  // Bots and crawlers get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const app = (
    <NonceProvider nonce={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  return blocksLoaded.then(() => renderDocument(app, { request, status: responseStatusCode, headers: responseHeaders, nonce, waitForAll }));
}

export interface DocumentRender {
  request: Request;
  status: number;
  headers: Headers;
  nonce: string;
  /** Whole document at once (bots) instead of streamed. */
  waitForAll: boolean;
}

/**
 * Renders the document. A blok that throws while rendering fails alone (app/blocks/failures.tsx):
 * React 18 has no error boundaries on the server, so the error is traced to the innermost blok that
 * was rendering (`BlokTrack`), logged once with the story's slug, the blok's _uid and component,
 * and the document is rendered again with that blok failed (nothing for visitors, a notice for
 * editors). The response keeps its status. Errors outside any blok are the page's, as before.
 */
export function renderDocument(app: ReactElement, args: DocumentRender, scope: BlokRenderScope = createBlokRenderScope()): Promise<Response> {
  const { request, headers: responseHeaders, nonce, waitForAll } = args;
  let responseStatusCode = args.status;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failingBlok: BlokRef | undefined;
    // Each island renders apart, as the browser will hydrate it (app/islands/island.tsx).
    // The head announces the entry and React (app/root.tsx): an island names only what it adds.
    const announced = new Set<string>(islandAssets()?.preloads ?? []);
    const renderIsland: IslandRenderer = {
      render: (element, identifierPrefix) =>
        renderToString(
          <NonceProvider nonce={nonce}>
            <BlokRenderScopeContext.Provider value={scope}>{element}</BlokRenderScopeContext.Provider>
          </NonceProvider>,
          { identifierPrefix },
        ),
      preloads: (name, props) => {
        const files = islandChunkFiles(islandSources(name, props)).filter((file) => !announced.has(file));
        for (const file of files) announced.add(file);
        return files;
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <IslandRendererProvider value={renderIsland}>
        <BlokRenderScopeContext.Provider value={scope}>{app}</BlokRenderScopeContext.Provider>
      </IslandRendererProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          if (failingBlok && scope.failed.size < MAX_FAILED_BLOKS) {
            scope.failed.set(failingBlok.uid, failingBlok);
            resolve(renderDocument(app, args, scope));
            return;
          }
          reject(error);
        },
        onError(error: unknown) {
          const blok = takeRenderingBlok(scope);
          if (blok && !scope.failed.has(blok.uid)) {
            failingBlok = blok;
            const slug = blok.slug || new URL(request.url).pathname;
            console.error(`[blocks] Blok ${blok.component} (${blok.uid}) in story ${slug} failed to render and is not shown:`, error);
            return;
          }
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Unhandled loader/action/render errors are logged once, here; aborted requests are not errors. */
/** Client navigations' data answers carry the content version too. */
export function handleDataRequest(response: Response): Response {
  response.headers.set(CONTENT_VERSION_HEADER, String(getContentCache().version));
  return response;
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // A request Remix refused (a POST to a route without an action, an unknown route) is the client's error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const ua = request.headers.get("user-agent") ?? "";
  const tag = isbot(ua) ? "[bot] " : "";
  console.error(`${tag}Unhandled error for ${request.method} ${new URL(request.url).pathname}:`, error);
}
