import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { loadAllBlocks } from "~/blocks/loading";
import { loadAllDeferred } from "~/components/deferred";
import { NonceProvider } from "~/features/security/nonce";
import { getContentCache } from "~/content/cache.server";

/** The content version this instance serves (issue 27): shows which instances a publish reached. */
const CONTENT_VERSION_HEADER = "X-Content-Version";

// Every block component and every deferred component (components/deferred.ts), loaded once: the
// server renders them synchronously (ADR 020, 022). Deferred components register when their
// modules are evaluated, which is after this module's: they load on the first request.
const blocksLoaded = loadAllBlocks();
let everythingLoaded: Promise<unknown> | undefined;

const ABORT_DELAY = 5_000;

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
  everythingLoaded ??= Promise.all([blocksLoaded, loadAllDeferred()]);
  return everythingLoaded.then(() => render(request, responseStatusCode, responseHeaders, remixContext, nonce, waitForAll));
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  nonce: string,
  waitForAll: boolean,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
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
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
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
