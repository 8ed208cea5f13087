import type { PageMemo } from "~/lib/page-memo";
import type { BlockLoaderArgs } from "./types";
import type { Country } from "~/content/schema";
import type { CardQuote } from "~/features/finance/components/card-quote";
import type { FinanceConfig } from "~/features/finance/config";
import { cardQuoteForModel, financeSettings, loadFinanceConfig, quoteEngineKind } from "~/features/finance/quote-service.server";
import type { BuyerContext } from "~/features/pricing/types";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";
import { accessoryCategories, listAccessories, parseAccessoryQuery, vehiclePrice } from "~/features/vehicles/logic";
import type { AccessoriesBlockData, VehicleBlockData, VehicleLine, VehicleModel } from "~/features/vehicles/types";

export type { AccessoriesBlockData, VehicleBlockData };
import { loadAllLineRefs, loadLineAccessories, loadVehicleLine } from "~/features/vehicles/vehicles.server";

/**
 * The server loaders the vehicle blocks share (each block's loader.server.ts exports one). Prices are
 * rendered for the visitor's state and buyer type from the cookies, so the first paint is right
 * with JavaScript on or off; card finance quotes are computed here when the engine is local.
 */

type Rec = Record<string, unknown>;

/** The model lines a blok names: `model_lines` (list), else `model_line`, else every line. */
function lineRefs(blok: Rec): unknown[] {
  if (Array.isArray(blok.model_lines) && blok.model_lines.length > 0) return blok.model_lines;
  if (blok.model_line && (typeof blok.model_line !== "string" || blok.model_line.trim() !== "")) return [blok.model_line];
  return [];
}

function lineKey(ref: unknown): string {
  if (ref && typeof ref === "object" && typeof (ref as { uuid?: unknown }).uuid === "string") return (ref as { uuid: string }).uuid;
  return JSON.stringify(ref) ?? "";
}

/**
 * The lines a blok shows, loaded once per page and buyer (`once`): blocks of one page that show
 * the same line (a model page's car detail and colour selector) get the very same objects, which
 * the page's data then carries once.
 */
async function loadLines(blok: Rec, country: Country, buyer: BuyerContext, once: PageMemo): Promise<VehicleLine[]> {
  let refs = lineRefs(blok);
  if (refs.length === 0) refs = await loadAllLineRefs(country);
  const lines = await Promise.all(
    refs.map((ref) => once(`vehicle-line|${country}|${buyer.auState}|${buyer.isABN}|${lineKey(ref)}`, () => loadVehicleLine(ref, country, buyer))),
  );
  return lines.filter((l): l is VehicleLine => l !== null);
}

/** Finance panels are on when the block's finance-from option and global/finance use_angle_api are both on (AU). */
export async function financePanelsEnabled(blok: Rec, country: Country): Promise<boolean> {
  if (country !== "au" || blok.show_finance_from_text !== true) return false;
  const settings = await financeSettings({ country });
  return settings?.use_angle_api === true;
}

/** The card quotes of models at their default colour for the buyer. */
export async function cardQuotes(models: readonly VehicleModel[], buyer: BuyerContext): Promise<Record<string, CardQuote>> {
  let config: FinanceConfig | undefined;
  if (quoteEngineKind() === "local") {
    const result = await loadFinanceConfig({ country: buyer.country });
    if (!result.ok) {
      console.error(`[finance] No card quotes: ${result.errors.join("; ")}`);
      return Object.fromEntries(models.map((m) => [m.uuid, { state: "failed", summary: "", price: null } satisfies CardQuote]));
    }
    config = result.config;
  }
  const entries = await Promise.all(
    models.map(async (model): Promise<[string, CardQuote]> => {
      const price = vehiclePrice(model, buyer, model.colours[0] ?? null).amount;
      return [model.uuid, await cardQuoteForModel(price, model.quoteVehicle, { config, country: buyer.country })];
    }),
  );
  return Object.fromEntries(entries);
}

/** model-range, model-range-compact, model-range-tabs, model-card-block, car-detail-page, colour-selector, compare-grid. */
export async function vehicleBlockLoader({ blok, country, request, once }: BlockLoaderArgs): Promise<VehicleBlockData> {
  const buyer = buyerContextFromRequest(request, country);
  const lines = await loadLines(blok, country, buyer, once);
  const finance = (await financePanelsEnabled(blok, country)) ? await cardQuotes(lines.flatMap((line) => line.models), buyer) : null;
  return { lines, finance };
}

/** accessories-carousel and accessories-listing. */
export async function accessoriesBlockLoader({ blok, country, request }: BlockLoaderArgs): Promise<AccessoriesBlockData> {
  const [ref] = lineRefs(blok);
  const loaded = ref ? await loadLineAccessories(ref, country) : null;
  const accessories = loaded?.accessories ?? [];
  const categories = accessoryCategories(accessories);
  const query = parseAccessoryQuery(new URL(request.url).searchParams, categories);
  const page = listAccessories(accessories, query, country);
  return { line: loaded?.line ?? null, accessories, categories, ...page };
}
