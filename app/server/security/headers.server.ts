import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { contentSecurityPolicy, cspDirectives, PERMISSIONS_POLICY, type CspOptions } from "./csp";

/**
 * The security headers of every response (server.ts mounts `securityHeaders` first): helmet with
 * the CSP of csp.ts and a fresh nonce per request (kept in `res.locals.nonce` for the Remix load
 * context), HSTS in production, Referrer-Policy, Permissions-Policy, X-Content-Type-Options.
 * X-Frame-Options is left out on purpose: it cannot name Storyblok's editor, and CSP
 * frame-ancestors (which browsers prefer) does.
 */

export interface SecurityHeaderOptions {
  production: boolean;
  /** The site's public URL is https (upgrade-insecure-requests). */
  https: boolean;
  /** Origins of the content's media (csp.ts `assetOrigins`; default: Storyblok EU's). */
  assetOrigins?: readonly string[];
  /** Google Tag Manager is configured (GTM_ID): csp.ts allows its hosts. */
  tagManager?: boolean;
}

type Locals = { nonce?: string; preview?: boolean };
type WithLocals = ServerResponse & { locals?: Locals };

const NONCE_PLACEHOLDER = "__nonce__";

/** 128 random bits, base64: a nonce that cannot be guessed. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

function localsOf(res: ServerResponse): Locals {
  const r = res as WithLocals;
  r.locals ??= {};
  return r.locals;
}

/** The nonce of this response (made on first use). */
export function nonceOf(res: ServerResponse): string {
  const locals = localsOf(res);
  locals.nonce ??= createNonce();
  return locals.nonce;
}

export function securityHeaders(options: SecurityHeaderOptions) {
  const base: CspOptions = { nonce: NONCE_PLACEHOLDER, dev: !options.production, https: options.https, assetOrigins: options.assetOrigins, tagManager: options.tagManager };
  // helmet takes one function per per-request value: the nonce.
  const directives: Record<string, (string | ((req: IncomingMessage, res: ServerResponse) => string))[]> = {};
  for (const [name, values] of Object.entries(cspDirectives(base))) {
    directives[name] = values.map((v) => (v === `'nonce-${NONCE_PLACEHOLDER}'` ? (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'` : v));
  }
  const helmetMiddleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    nonceOf(res);
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetMiddleware(req, res, next);
  };
}

/**
 * The headers `securityHeaders` sets, once, for answers without scripts that are written before
 * Express (a client's fast 503): its Content-Security-Policy names no nonce (and so allows no
 * inline script), the others are the same on every response.
 */
export function staticSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    locals: {},
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
    getHeader(name: string) {
      return headers[name];
    },
  } as unknown as ServerResponse;
  securityHeaders(options)({ headers: {} } as IncomingMessage, recorder, () => undefined);
  const csp = Object.keys(headers).find((name) => name.toLowerCase() === "content-security-policy");
  if (csp) headers[csp] = contentSecurityPolicy({ scriptHashes: [], dev: !options.production, https: options.https, assetOrigins: options.assetOrigins, tagManager: options.tagManager });
  return headers;
}

/**
 * On a verified Storyblok preview response (`res.locals.preview`, set by the preview middleware
 * before the Remix handler) the CSP also admits the editor's bridge: its script, API calls and
 * frames, for that response only. Called from the Remix load context, after every middleware.
 */
export function applyPreviewPolicy(res: ServerResponse, options: SecurityHeaderOptions): void {
  const locals = localsOf(res);
  if (locals.preview !== true || res.headersSent) return;
  res.setHeader(
    "Content-Security-Policy",
    contentSecurityPolicy({ nonce: nonceOf(res), dev: !options.production, https: options.https, preview: true, assetOrigins: options.assetOrigins, tagManager: options.tagManager }),
  );
}

/**
 * The policy of a page a shared cache may store: the site's policy with the hashes of the page's
 * inline scripts in place of a nonce (the page cache computes them when it stores the page).
 */
export function shareablePagePolicy(options: SecurityHeaderOptions): (scriptHashes: string[]) => string {
  return (scriptHashes) => contentSecurityPolicy({ scriptHashes, dev: !options.production, https: options.https, tagManager: options.tagManager });
}
