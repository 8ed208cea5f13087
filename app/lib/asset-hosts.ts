/**
 * Storyblok's asset hosts (pure, browser-safe). A space's assets live on its region's hosts
 * (https://www.storyblok.com/docs/concepts/assets): EU `a`/`a2.storyblok.com`, US `a-us`/`a2-us`,
 * AP `a-ap`/`a2-ap`, CA `a-ca`, CN `a.storyblokchina.cn`; a space may also serve them from a custom
 * asset domain (STORYBLOK_ASSET_HOST). The CSP, the image URLs and the download allow-list all ask here.
 */

export type StoryblokRegion = "eu" | "us" | "ap" | "ca" | "cn";

export const REGION_ASSET_HOSTS: Readonly<Record<StoryblokRegion, readonly string[]>> = {
  eu: ["a.storyblok.com", "a2.storyblok.com"],
  us: ["a-us.storyblok.com", "a2-us.storyblok.com"],
  ap: ["a-ap.storyblok.com", "a2-ap.storyblok.com"],
  ca: ["a-ca.storyblok.com", "a2-ca.storyblok.com"],
  cn: ["a.storyblokchina.cn"],
};

/** Every Storyblok asset host name form: `a`, `a2`, `a-<region>`, `a2-<region>` on storyblok.com, and China's. */
const STORYBLOK_HOST = /^a2?(?:-[a-z]{2})?\.storyblok\.com$|^a2?\.storyblokchina\.cn$/;

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A custom asset domain as a bare, lower-case host name: `assets.example.com` or
 * `https://assets.example.com[/]`; null for anything else (paths, ports, credentials, IPs, http).
 */
export function parseAssetHost(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase().replace(/^https:\/\//, "").replace(/\/$/, "");
  return HOST_NAME.test(text) ? text : null;
}

/** Whether a host name serves Storyblok assets: any Storyblok asset host, or the custom one. */
export function isStoryblokAssetHost(host: string, customHost?: string | null): boolean {
  const name = host.toLowerCase();
  return STORYBLOK_HOST.test(name) || (!!customHost && name === customHost);
}

/** The https origins assets of a space come from: its region's hosts and the custom domain. */
export function assetOrigins(region: StoryblokRegion = "eu", customHost?: string | null): string[] {
  const hosts = [...REGION_ASSET_HOSTS[region], ...(customHost ? [customHost] : [])];
  return [...new Set(hosts)].map((host) => `https://${host}`);
}
