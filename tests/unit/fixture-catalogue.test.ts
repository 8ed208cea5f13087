import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AU_STATES,
  cleanCarText,
  driveawayPrice,
  isValidPrice,
  NO_CLEAN_CAR_TEXT,
  NO_PRICE_TEXT,
  offerText,
  resolveVehiclePrice,
  type PricedModel,
} from "~/features/pricing";

// The fixture catalogue must exercise every pricing rule of spec transactional.md section 5.
const root = path.resolve("content-fixtures", "stories");
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : full.endsWith(".json") ? [full] : [];
  });
}
interface StoryFile {
  uuid: string;
  full_slug: string;
  content: Record<string, unknown> & { component: string };
}
const stories: StoryFile[] = walk(root).map((f) => JSON.parse(readFileSync(f, "utf8")) as StoryFile);
const byComponent = (c: string) => stories.filter((s) => s.content.component === c);
const byUuid = new Map(stories.map((s) => [s.uuid, s]));
const auModels = byComponent("model-au");
const nzModels = byComponent("model-nz");
const lines = byComponent("model-line");

/** The model with its vehicle-price relation resolved, as the content API's rels give it. */
function resolved(model: StoryFile): PricedModel {
  const ref = model.content.driveaway_state_prices;
  const price = typeof ref === "string" ? byUuid.get(ref) : undefined;
  return { ...(model.content as PricedModel), driveaway_state_prices: price ? { uuid: price.uuid, content: price.content } : ref };
}

describe("fixture catalogue", () => {
  it("has at least 5 model lines in at least 3 categories, one of them hybrid", () => {
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const categories = new Set(lines.map((l) => String(l.content.vehicle_category)));
    expect(categories.size).toBeGreaterThanOrEqual(3);
    expect(categories.has("Hybrid")).toBe(true);
  });

  it("has 2 to 4 models per line per country and one clearance model per country", () => {
    for (const line of lines) {
      const slug = line.full_slug;
      for (const models of [auModels, nzModels]) {
        const count = models.filter((m) => m.full_slug.startsWith(`${slug}/`)).length;
        expect(count, `${slug}`).toBeGreaterThanOrEqual(2);
        expect(count, `${slug}`).toBeLessThanOrEqual(4);
      }
    }
    expect(auModels.some((m) => m.content.clearance === true)).toBe(true);
    expect(nzModels.some((m) => m.content.clearance === true)).toBe(true);
  });

  it("has a model with a missing or invalid price, shown as 'Contact your Dealer for Pricing'", () => {
    const invalid = [...auModels, ...nzModels].filter((m) =>
      ["driveaway_price", "driveaway_abn_price", "driveaway_retail_price"].some(
        (f) => f in m.content && !isValidPrice(m.content[f]),
      ),
    );
    expect(invalid.length).toBeGreaterThan(0);
    const texts = invalid.flatMap((m) => {
      const country = m.content.component === "model-au" ? "au" : "nz";
      return [true, false].map((isABN) => driveawayPrice(resolved(m), { country, auState: "VIC", isABN }).text);
    });
    expect(texts).toContain(NO_PRICE_TEXT);
  });

  it("gives every AU model retail and ABN prices and a vehicle-price with all 8 states", () => {
    for (const m of auModels) {
      const price = resolveVehiclePrice(resolved(m).driveaway_state_prices);
      expect(price, m.full_slug).toBeTruthy();
      for (const list of [price?.driveaway_state_abn_prices, price?.driveaway_state_retail_prices]) {
        expect(new Set((list ?? []).map((p) => p.au_state))).toEqual(new Set(AU_STATES));
      }
      expect("driveaway_abn_price" in m.content && "driveaway_retail_price" in m.content, m.full_slug).toBe(true);
    }
  });

  it("has state prices that change the driveaway price, and ABN prices that differ from retail", () => {
    const model = auModels.find((m) => isValidPrice(m.content.driveaway_abn_price) && isValidPrice(m.content.driveaway_retail_price));
    expect(model).toBeTruthy();
    const priced = resolved(model!);
    const amounts = new Set(AU_STATES.map((auState) => driveawayPrice(priced, { country: "au", auState, isABN: false }).amount));
    expect(amounts.size).toBeGreaterThan(1);
    const abn = driveawayPrice(priced, { country: "au", auState: "VIC", isABN: true });
    const retail = driveawayPrice(priced, { country: "au", auState: "VIC", isABN: false });
    expect(abn.amount).not.toBe(retail.amount);
    expect(abn.wording).toBe("Driveaway");
  });

  it("gives NZ models a price type wording and one model without a clean car value", () => {
    for (const m of nzModels) expect(typeof m.content.driveaway_price_type, m.full_slug).toBe("string");
    const priced = nzModels.find((m) => isValidPrice(m.content.driveaway_price))!;
    expect(driveawayPrice(resolved(priced), { country: "nz", isABN: true }).wording).toMatch(/ inc GST \+ ORC$/);
    expect(nzModels.some((m) => cleanCarText(m.content.clean_car_programme as string | undefined) === NO_CLEAN_CAR_TEXT)).toBe(true);
  });

  it("has offer texts per buyer type in AU and per model in NZ", () => {
    const au = auModels.find((m) => m.content.offer_text_abn && m.content.offer_text_retail)!;
    expect(offerText(au.content as PricedModel, { country: "au", isABN: true })).toBe(au.content.offer_text_abn);
    expect(offerText(au.content as PricedModel, { country: "au", isABN: false })).toBe(au.content.offer_text_retail);
    expect(nzModels.some((m) => typeof m.content.offer_text === "string" && m.content.offer_text !== "")).toBe(true);
  });

  it("has finance offers on some models and an AU model without an nvicCode", () => {
    expect(auModels.some((m) => Array.isArray(m.content.finance) && m.content.finance.length > 0)).toBe(true);
    expect(auModels.some((m) => !m.content.nvicCode)).toBe(true);
    expect(auModels.filter((m) => m.content.nvicCode).length).toBeGreaterThan(auModels.length / 2);
  });

  it("has at least 10 accessories per line and a trim without model colours", () => {
    for (const line of lines) {
      const slug = String(line.content.slug);
      const count = byComponent("accessory").filter((a) => a.full_slug.startsWith(`car-configurator/accessories/${slug}/`)).length;
      expect(count, slug).toBeGreaterThanOrEqual(10);
    }
    expect(byComponent("trim").some((t) => !Array.isArray(t.content.model_colours) || t.content.model_colours.length === 0)).toBe(true);
  });

  it("has 14+ news articles in 4+ categories with one unpublished, and 8+ owners-club events", () => {
    const news = byComponent("news-detail");
    expect(news.length).toBeGreaterThanOrEqual(14);
    expect(new Set(news.flatMap((n) => (n.content.news_categories as string[]) ?? [])).size).toBeGreaterThanOrEqual(4);
    expect(news.some((n) => (n as unknown as { published_at: string | null }).published_at === null)).toBe(true);
    expect(byComponent("owners-club-event-detail").length).toBeGreaterThanOrEqual(8);
  });
});
