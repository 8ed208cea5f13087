/**
 * What server.ts passes to every Remix loader and action (`context`), and to entry.server.tsx:
 * the response's CSP nonce and the request id. Optional, so loaders called directly (tests) may
 * pass `{}`.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The CSP nonce of this response: every inline script carries it. */
    nonce?: string;
    /** The request's id (X-Request-Id), for logs. */
    requestId?: string;
    /** Set when this form post is over the client's limit (rate-limit.server.ts): the action answers 429. */
    formRateLimited?: { retryAfterSeconds: number; message: string };
  }
}

export {};
