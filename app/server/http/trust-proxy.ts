import { isIP } from "node:net";

/**
 * TRUST_PROXY: which proxies in front of the server may name the client (X-Forwarded-For), so
 * that req.ip (rate limits) is the visitor's address and not the balancer's. Either a hop
 * count (`1`: one balancer in front; the address it saw is the client) or a comma-separated list
 * of addresses, CIDR ranges and Express's names (`loopback`, `linklocal`, `uniquelocal`). Default:
 * `loopback` (a proxy on the same machine). `true` (trust every hop) is refused: any client could
 * then pick its own address and escape its limit.
 */
export type TrustProxy = number | string[];

export const DEFAULT_TRUST_PROXY: TrustProxy = ["loopback"];
const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** The Express `trust proxy` setting of a TRUST_PROXY value, or null when the value is not valid. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_TRUST_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : null;
  }
  const entries = text.split(",").map((e) => e.trim()).filter(Boolean);
  return entries.length > 0 && entries.every(validEntry) ? entries : null;
}
