import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * A small content set of its own for the SEO loader tests, and helpers to run loaders. Call
 * `useSeoContentSet()` before importing any app module (the env is read once).
 */
export function useSeoContentSet(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "seo-content-"));
  let nextId = 1;
  const story = (fullSlug: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const id = nextId++;
    const file = path.join(dir, "stories", `${fullSlug}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        id,
        uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
        name: fullSlug,
        slug: fullSlug.split("/").pop(),
        full_slug: fullSlug,
        content: { _uid: `uid-${id}`, ...content },
        published_at: "2026-03-05T01:00:00.000Z",
        first_published_at: "2025-03-05T01:00:00.000Z",
        ...extra,
      }),
    );
    return `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`;
  };
  const link = (url: string) => ({ url, linktype: "url", fieldtype: "multilink", cached_url: url });

  story("home", { component: "page", title: "Home", meta_description: "Welcome" });
  story("error", { component: "page", title: "Error", noindex: true });
  story("global/header", {
    component: "header",
    brand_name: "Kestrel",
    brand_full_name: "Kestrel Motors",
    logo: { filename: "/media/brand-logo.svg", alt: "Kestrel Motors" },
    customer_service_phone: "1300 000 000",
    customer_service_phone__i18n__nz: "0800 000 000",
    social_links: [{ _uid: "s1", component: "social-link", platform: "facebook", link: link("https://facebook.example/au"), link__i18n__nz: link("https://facebook.example/nz") }],
  });
  story("global/navigation", { component: "navigation" });
  story("global/footer", { component: "footer", social_links: [{ _uid: "s2", component: "social-link", platform: "youtube", link: link("https://youtube.example/k") }] });
  story("global/finance", { component: "finance-settings" });
  story("models/suv/brolga", { component: "page", title: "Kestrel Brolga", meta_image: { filename: "/media/brolga-hero.jpg", alt: "Brolga" } });
  story("models/suv/ghost", { component: "page", title: "No line of this slug" });
  story("car-configurator/models/brolga", { component: "model-line", name: "Brolga", slug: "brolga", vehicle_category: "SUV", vehicle_type: "Medium SUV", seating_capacity: "5" });
  const vp = story("vehicle-prices/brolga-base-au", {
    component: "vehicle-price",
    driveaway_state_abn_prices: [{ _uid: "p1", component: "state-price", au_state: "VIC", price: "39990" }],
  });
  story("car-configurator/models/brolga/au/base", { component: "model-au", name: "Brolga Base", short_name: "Base", driveaway_abn_price: "40990", driveaway_state_prices: vp });
  story("car-configurator/models/brolga/au/sport", { component: "model-au", name: "Brolga Sport", short_name: "Sport", driveaway_abn_price: "49990", clearance: true });
  story("car-configurator/models/brolga/nz/base", { component: "model-nz", name: "Brolga Base", short_name: "Base", driveaway_price: "45990", clearance: true });
  story("offers", {
    component: "page",
    title: "Current offers",
    offers_valid_until: "2026-12-31",
    body: [{ _uid: "ol", component: "offers-listing", show_all_models: false }],
  });
  story("news", { component: "page", title: "News" }, { is_startpage: true });
  story("news/launch", { component: "news-detail", title: "Brolga launch", banner_image: { filename: "/media/launch.jpg" }, news_categories: ["launches"] }, {
    first_published_at: "2025-04-01T00:00:00.000Z",
    published_at: "2025-05-01T00:00:00.000Z",
  });
  story("news/nz-only", { component: "news-detail", title: "NZ only", locale: "nz" });
  story("test/page", { component: "page", title: "Test" });
  story("hidden", { component: "page", title: "Hidden", noindex: true });
  mkdirSync(path.join(dir, "datasources"), { recursive: true });
  writeFileSync(path.join(dir, "datasources", "news-categories.json"), JSON.stringify([{ id: 1, name: "Launches", value: "launches", dimension_value: null }]));

  process.env.CONTENT_DIR = dir;
  process.env.STORYBLOK_TOKEN = "";
  process.env.SITE_URL = "https://www.kestrel.example";
  return dir;
}

export type Loader = (args: LoaderFunctionArgs) => unknown;

/** Runs a loader; returns its data (or the Response it returned) and its status. */
export async function run(loader: Loader, url: string, params: Record<string, string>) {
  try {
    const result = (await loader({ request: new Request(`http://localhost${url}`), params, context: {} })) as
      | { data?: unknown; init?: { status?: number } }
      | Response;
    if (result instanceof Response) return { status: result.status, response: result, data: null };
    return { status: result.init?.status ?? 200, response: null, data: (result.data ?? result) as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown, data: null };
    const t = thrown as { data?: Record<string, unknown>; init?: { status?: number } };
    return { status: t.init?.status ?? 500, response: null, data: t.data ?? null };
  }
}

export type Node = Record<string, unknown> & { "@type": string };
export const nodes = (data: Record<string, unknown> | null): Node[] => (data?.structuredData as Node[] | undefined) ?? [];
export const types = (data: Record<string, unknown> | null): string[] => nodes(data).map((n) => n["@type"]);
