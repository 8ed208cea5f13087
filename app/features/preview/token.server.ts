/**
 * Verification of the visual editor's preview token (pure: the clock is an argument). The editor
 * signs `space_id:previewToken:timestamp` with sha1; a request is a preview only when that hash
 * matches `_storyblok_tk[token]` and the timestamp is under an hour old.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readPreviewParams, type PreviewParams } from "./params";

/** How long a signed editor URL stays valid (seconds). */
export const PREVIEW_TOKEN_MAX_AGE_SECONDS = 3600;
/** Clock skew tolerated for a timestamp slightly in the future (seconds). */
export const PREVIEW_TOKEN_MAX_SKEW_SECONDS = 300;

export type PreviewVerdict =
  /** The token matches and is fresh: preview mode. */
  | "valid"
  /** No preview secret is configured: preview is off. */
  | "disabled"
  /** One of the parameters is absent. */
  | "missing"
  /** A parameter has the wrong shape (non-numeric ids or timestamp, token not 40 hex digits). */
  | "malformed"
  /** The token does not match the secret. */
  | "wrong"
  /** The timestamp is older than an hour, or too far in the future. */
  | "expired";

/** sha1 hex of `space_id:secret:timestamp`, the token Storyblok's editor puts in the URL. */
export function previewTokenFor(spaceId: string, secret: string, timestamp: string | number): string {
  return createHash("sha1").update(`${spaceId}:${secret}:${timestamp}`).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), "utf8");
  const right = Buffer.from(b.toLowerCase(), "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Verifies already-read parameters against the secret at `nowMs`. */
export function verifyPreviewParams(params: PreviewParams | null, secret: string | undefined, nowMs: number): PreviewVerdict {
  if (!secret) return "disabled";
  if (!params) return "missing";
  const { storyId, spaceId, timestamp, token } = params;
  if (!/^\d{1,20}$/.test(storyId) || !/^\d{1,20}$/.test(spaceId) || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{40}$/i.test(token)) {
    return "malformed";
  }
  if (!sameHex(previewTokenFor(spaceId, secret, timestamp), token)) return "wrong";
  const age = Math.floor(nowMs / 1000) - Number(timestamp);
  if (age >= PREVIEW_TOKEN_MAX_AGE_SECONDS || age < -PREVIEW_TOKEN_MAX_SKEW_SECONDS) return "expired";
  return "valid";
}

/** Verifies the editor's parameters of a query string or URL. */
export function verifyPreviewSearch(search: URLSearchParams | URL | string, secret: string | undefined, nowMs: number): PreviewVerdict {
  return verifyPreviewParams(readPreviewParams(search), secret, nowMs);
}
