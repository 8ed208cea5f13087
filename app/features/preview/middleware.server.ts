/**
 * Express middleware for preview mode (server.ts, before the Remix handler): verifies the editor's
 * parameters once per request and records the result on `res.locals.preview` (boolean; the CSP
 * reads it to allow Storyblok's editor for that response only). A preview response is never
 * cached nor indexed, whatever the route: its Cache-Control and X-Robots-Tag are fixed as the
 * headers go out. A preview in the other country's language goes to that country's page, and the
 * editor's release is noted for the request's draft reads.
 */
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Env } from "~/server/env.server";
import { currentRequestContext } from "~/server/observability/request-context.server";
import { hasPreviewParams, previewLanguageTarget, readPreviewRelease } from "./params";
import { PREVIEW_HEADERS, previewSecret, previewTokenAllowedFrom } from "./preview.server";
import { verifyPreviewSearch } from "./token.server";

/** The countries, which are the space's languages (CONTENT_MODEL.md). */
const LANGUAGE_COUNTRIES = ["au", "nz"] as const;

/** Sets the preview headers just before the status line is written (after any route set its own). */
function forcePreviewHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithPreviewHeaders(this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    for (const [name, value] of Object.entries(PREVIEW_HEADERS)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

export function previewMiddleware(env: Env, now: () => number = Date.now): RequestHandler {
  const secret = previewSecret(env);
  return (req, res, next) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const verified = hasPreviewParams(query) && verifyPreviewSearch(query, secret, now()) === "valid";
    const preview = verified && previewTokenAllowedFrom(env, req.ip);
    const context = currentRequestContext();
    if (verified && !preview && context) context.previewRefused = true;
    res.locals.preview = preview;
    if (!preview) return next();
    forcePreviewHeaders(res);
    const target = req.method === "GET" || req.method === "HEAD" ? previewLanguageTarget(req.originalUrl, LANGUAGE_COUNTRIES) : null;
    if (target) return res.redirect(302, target);
    const release = readPreviewRelease(query);
    if (release && context) context.previewRelease = release;
    next();
  };
}
