import { financeOfferSchema, refUuids } from "~/content/catalogue-model";
import type { CardQuote } from "~/features/finance/components/card-quote";
import { vehicleBlockLoader } from "../vehicle-data.server";
import type { BlockLoaderArgs } from "../types";
import { loadCountryCatalogue } from "~/features/vehicles/vehicles.server";
import { pick } from "~/lib/object";
import { linesModels } from "~/features/vehicles/logic";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";
import { eligibleOffers, nameOrders, OFFER_VEHICLE_FIELDS, type FinanceOfferView, type OfferModel } from "~/features/offers/offers";

export interface OffersListingData {
  /** The models the blok lists (clearance only without show_all_models), unsorted. */
  models: OfferModel[];
  /** Finance panels by model uuid (AU, finance-from text and use_angle_api on); null: none. */
  finance: Record<string, CardQuote> | null;
}

type Rec = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

function financeOffersOf(content: Rec): FinanceOfferView[] {
  const list = Array.isArray(content.finance) ? content.finance : [];
  return list
    .map((f) => financeOfferSchema.safeParse(f))
    .filter((r) => r.success)
    .map((r) => r.data)
    .filter((f) => f.specialFinanceOffer === true || f.specialFinanceOffer === "true")
    .map((f) => ({
      text: f.specialFinanceOfferText ?? "",
      driveawayPrice: str(f.specialFinanceDriveawayPrice),
      interestRate: str(f.specialInterestRate),
      comparisonRate: str(f.specialComparisonRate),
      disclaimer: f.disclaimer ?? "",
    }));
}

/**
 * offers-listing: the models of the blok's model lines (every line when none) with their prices
 * for the visitor (cookies), card finance quotes, and the finance offers of each model.
 */
export async function loader(args: BlockLoaderArgs): Promise<OffersListingData> {
  const { blok, country } = args;
  // The catalogue read is the one the vehicle loader makes (coalesced by the content cache): the
  // models' offer fields come with it, in the same round trip.
  const [data, catalogue] = await Promise.all([vehicleBlockLoader(args), loadCountryCatalogue(country)]);
  const categoryOf = new Map<string, { category: string; lineName: string }>();
  for (const line of data.lines) for (const m of line.models) categoryOf.set(m.uuid, { category: line.vehicleCategory, lineName: line.name });
  const listed = eligibleOffers(linesModels(data.lines, buyerContextFromRequest(args.request, country)), { showAllModels: blok.show_all_models === true, modelUuids: refUuids(blok.models) });
  const contentOf = new Map<string, Rec>(catalogue.models.map((s) => [s.uuid, s.content]));
  const order = nameOrders(listed);
  const models: OfferModel[] = listed.map((m) => {
    const content = contentOf.get(m.uuid) ?? {};
    return {
      ...pick(m, OFFER_VEHICLE_FIELDS),
      category: categoryOf.get(m.uuid)?.category ?? "",
      lineName: categoryOf.get(m.uuid)?.lineName ?? "",
      financeOfferText: str(content.finance_offer_text),
      financeOffers: financeOffersOf(content),
      nameOrder: order.get(m.uuid) ?? 0,
    };
  });
  const finance = data.finance ? Object.fromEntries(models.filter((m) => data.finance?.[m.uuid]).map((m) => [m.uuid, data.finance![m.uuid]!])) : null;
  return { models, finance };
}
