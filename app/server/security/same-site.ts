/**
 * Same-site writes: a request that changes state (a lead, a quote, a download, a cookie) is
 * refused with 403 when another site's page made the browser send it (cross-site request
 * forgery). Decided from what browsers send and pages cannot forge:
 * - `Sec-Fetch-Site` (Fetch Metadata, every current browser): `cross-site` is refused;
 *   `same-origin`, `same-site` (our own subdomains) and `none` (typed, bookmarked) are allowed;
 *   any other value is refused.
 * - Without it, `Origin`: allowed only when its host is the request's own (Host or
 *   X-Forwarded-Host) or SITE_URL's; `null` (sandboxed frames, data: pages) is refused.
 * - With neither header the request is not from a browser page (curl, the CRM, a server-side
 *   client; every browser sends Origin on a cross-site POST): allowed. Such a client carries no
 *   visitor's cookies, so it can forge nothing the visitor did not.
 * A page's action (a no-JavaScript form post) is refused the same way, and also when its Origin
 * names another host (a sibling subdomain): Remix refuses that itself with a 500 and an error log.
 */
import { CacheControl } from "~/server/http/cache-control";

export type SameSiteVerdict = "allowed" | "cross-site";

export interface SameSiteInput {
  method: string;
  headers: { get(name: string): string | null };
  /** The origin(s) this site is served at (SITE_URL's), besides the request's own Host. */
  siteOrigins: readonly string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "same-site", "none"]);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts the request names as its own: Host and the first X-Forwarded-Host (as Remix reads them). */
function ownHosts(headers: SameSiteInput["headers"]): string[] {
  const hosts: string[] = [];
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (forwarded) hosts.push(forwarded.toLowerCase());
  const host = headers.get("host")?.trim();
  if (host) hosts.push(host.toLowerCase());
  return hosts;
}

/** Whether a browser on another site sent this request (pure; see the module comment). */
export function sameSiteVerdict({ headers, siteOrigins }: SameSiteInput): SameSiteVerdict {
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite) return ALLOWED_FETCH_SITES.has(fetchSite) ? "allowed" : "cross-site";
  const origin = headers.get("origin")?.trim();
  if (origin === undefined || origin === "") return "allowed";
  const host = origin === "null" ? null : hostOf(origin);
  if (!host) return "cross-site";
  const own = [...ownHosts(headers), ...siteOrigins.map(hostOf).filter((h): h is string => h !== null)];
  return own.includes(host) ? "allowed" : "cross-site";
}

/**
 * Remix's own check for page actions (`throwIfPotentialCSRFAttack`): an Origin whose host is not
 * the request's X-Forwarded-Host or Host. Refused here first, so the answer is a 403, not a 500.
 */
export function originMismatchesHost(headers: SameSiteInput["headers"]): boolean {
  const origin = headers.get("origin");
  if (origin === null || origin === "null") return false;
  const host = hostOf(origin);
  const hosts = ownHosts(headers);
  return host === null || hosts.length === 0 || host !== hosts[0];
}

/** Requests this check applies to: every write, and reads of the download endpoints (they spend our bandwidth). */
export function changesState(method: string, path: string): boolean {
  if (!SAFE_METHODS.has(method.toUpperCase())) return true;
  return /^\/api\/download\//i.test(path);
}

/**
 * Writes a server sends, not a browser: signed by their sender, checked by their route. The
 * Storyblok webhook comes from Storyblok's servers (no Origin, normally; never a visitor's cookies).
 */
const SERVER_TO_SERVER = /^\/api\/storyblok-webhook\/?$/i;

export const CROSS_SITE_MESSAGE = "Cross-site request refused";

const CROSS_SITE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Forbidden</title></head>' +
  '<body><h1>403</h1><p>This form can only be sent from this website. Please go back to the page and try again.</p></body></html>';

interface SameSiteRequest {
  method: string;
  path: string;
  get(name: string): string | undefined;
}
interface SameSiteResponse {
  status(code: number): SameSiteResponse;
  set(field: string, value: string): SameSiteResponse;
  json(body: unknown): unknown;
  send(body: string): unknown;
}

/**
 * Express middleware: a cross-site write is answered 403 before any limit counts it or any route
 * reads it: JSON `{ error }` for the APIs, a short HTML page for a page's form post.
 */
export function sameSiteWrites(siteUrl: string) {
  let siteOrigins: string[] = [];
  try {
    siteOrigins = [new URL(siteUrl).origin];
  } catch {
    // SITE_URL is validated at start; without it only the request's own host counts.
  }
  return (req: SameSiteRequest, res: SameSiteResponse, next: () => void) => {
    if (!changesState(req.method, req.path) || SERVER_TO_SERVER.test(req.path)) return next();
    const headers = { get: (name: string) => req.get(name) ?? null };
    const page = !/^\/api\//i.test(req.path);
    const refused = sameSiteVerdict({ method: req.method, headers, siteOrigins }) === "cross-site" || (page && originMismatchesHost(headers));
    if (!refused) return next();
    res.status(403).set("Cache-Control", CacheControl.noStore).set("Vary", "Origin, Sec-Fetch-Site");
    if (page) return res.set("Content-Type", "text/html; charset=utf-8").send(CROSS_SITE_HTML);
    return res.json({ error: CROSS_SITE_MESSAGE });
  };
}

/** The media type of a Content-Type header: its type/subtype, lowercased, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** True only for `application/json` (parameters such as charset allowed), never for a type that merely mentions it. */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return mediaType(contentType) === "application/json";
}

/** The two form encodings a browser posts without JavaScript. */
export function isFormContentType(contentType: string | null | undefined): boolean {
  const type = mediaType(contentType);
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}
