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
    /** The lead limits of this request's client (rate-limit.server.ts), asked where a lead is accepted. */
    leadLimit?: import("~/features/forms/rate-limit.server").LeadLimitCheck;
    /** The byte budget of this request's client for the download endpoints (downloads/budget.server.ts). */
    downloadBudget?: import("~/features/downloads/downloads.server").ByteBudget;
  }
}

export {};
