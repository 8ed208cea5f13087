import { usePageLocation } from "~/islands/page-location";
import { useId, useState, type KeyboardEvent, type MouseEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { anchorId, cx } from "~/components/section";
import { useHydrated } from "~/islands/use-hydrated";
import { countryPath } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { ModelFeatures, PriceDisclaimers, VehiclePrice, useBuyer } from "~/features/vehicles/components/parts";
import { PRICE_ANCHOR_ID } from "~/features/pricing/components/pricing-location";
import { needsDummySlide, rangeTabModels, selectedTab, linesModels } from "~/features/vehicles/logic";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import type { ModelRangeTabsBlok } from "./model-range-tabs.schema";

/** Spec site.md §2 "Range tabs block", letter for letter. */
export const RANGE_TABS_TEXTS = {
  enquire: "Enquire Now",
  brochure: "Download Brochure",
  build: "Build Your Own",
  disclaimer: "Price disclaimer",
} as const;

/** Query parameter of the selected tab without JavaScript (a model's slug). */
export const TAB_PARAM = "variant";

/**
 * Range tabs (spec site.md §2): one tab per model of the line (clearance hidden, de-duplicated by
 * short_name), the first selected on load, each with image, price, description, features and
 * Enquire Now, Download Brochure, Build Your Own; a price-disclaimer overlay. Without JavaScript
 * the tabs are links (?variant=slug); with it they switch in place (arrow keys move along).
 */
export function ModelRangeTabs({ blok }: { blok: ModelRangeTabsBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const { country } = useSite();
  const buyer = useBuyer();
  const location = usePageLocation();
  const hydrated = useHydrated();
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const [chosen, setChosen] = useState<string | null>(null);
  const models = rangeTabModels(linesModels(data?.lines ?? [], buyer));
  const fromUrl = new URLSearchParams(location.search).get(TAB_PARAM);
  const selected = selectedTab(models, chosen ?? fromUrl);
  if (!selected) return null;
  const line = data?.lines.find((l) => l.models.some((m) => m.uuid === selected.uuid)) ?? data?.lines[0];
  const anchor = anchorId(blok.scroll_to_id) ?? `range-tabs-${blok._uid.slice(0, 8)}`;
  const tabId = (slug: string) => `${baseId}-tab-${slug}`;
  const panelId = `${baseId}-panel`;

  const hrefFor = (slug: string) => {
    const params = new URLSearchParams(location.search);
    params.set(TAB_PARAM, slug);
    return `${location.pathname}?${params.toString()}#${anchor}`;
  };
  const select = (slug: string) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setChosen(slug);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!hydrated || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    const index = models.findIndex((m) => m.uuid === selected.uuid);
    const next = models[(index + (event.key === "ArrowRight" ? 1 : models.length - 1)) % models.length];
    event.preventDefault();
    setChosen(next.slug);
    document.getElementById(tabId(next.slug))?.focus();
  };
  const enquire = `${countryPath(country, "contact-us")}?${new URLSearchParams({ model: line?.slug ?? "" }).toString()}`;
  const brochure = `${countryPath(country, "download-brochure")}?${new URLSearchParams({ model: line?.slug ?? "" }).toString()}`;

  return (
    <Section blok={{ ...blok, scroll_to_id: anchor }} className="model-range-tabs" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="range-tabs__list" role={hydrated ? "tablist" : undefined} aria-label={hydrated ? blok.heading || line?.name || undefined : undefined} onKeyDown={onKeyDown}>
        {models.map((model) => {
          const isSelected = model.uuid === selected.uuid;
          return (
            <a
              key={model.uuid}
              id={tabId(model.slug)}
              href={hrefFor(model.slug)}
              className={cx("range-tabs__tab", isSelected && "range-tabs__tab--selected")}
              role={hydrated ? "tab" : undefined}
              aria-selected={hydrated ? isSelected : undefined}
              aria-controls={hydrated ? panelId : undefined}
              aria-current={!hydrated && isSelected ? "true" : undefined}
              tabIndex={hydrated && !isSelected ? -1 : undefined}
              onClick={select(model.slug)}
            >
              {model.shortName || model.name}
            </a>
          );
        })}
        {needsDummySlide(models.length) ? <span className="range-tabs__tab range-tabs__tab--dummy" aria-hidden="true" /> : null}
      </div>
      <div
        id={panelId}
        className="range-tabs__panel"
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? tabId(selected.slug) : undefined}
        data-model={selected.name}
      >
        <div className="range-tabs__media">
          {selected.image ? <ResponsiveImage asset={selected.image} width={720} height={420} sizes="(min-width: 992px) 50vw, 100vw" /> : null}
        </div>
        <div className="range-tabs__body">
          <h3 className="range-tabs__name">{selected.name}</h3>
          {selected.variantName ? <p className="range-tabs__variant">{selected.variantName}</p> : null}
          <VehiclePrice model={selected} colour={selected.colours[0] ?? null} id={PRICE_ANCHOR_ID} />
          <PriceDisclaimers disclaimers={selected.priceDisclaimers} label={RANGE_TABS_TEXTS.disclaimer} />
          {selected.description ? <p className="range-tabs__description">{selected.description}</p> : null}
          <ModelFeatures
            features={selected.featureList}
            heading={blok.features_heading ? <h4 className="model-features__heading">{blok.features_heading}</h4> : undefined}
          />
          <p className="range-tabs__actions">
            <a className="button button--sm button--outline" href={enquire}>
              {RANGE_TABS_TEXTS.enquire}
            </a>
            <a className="button button--sm button--outline" href={brochure}>
              {RANGE_TABS_TEXTS.brochure}
            </a>
            <a className="button button--sm button--primary" href={selected.configPath}>
              {RANGE_TABS_TEXTS.build}
            </a>
          </p>
        </div>
      </div>
    </Section>
  );
}

export default ModelRangeTabs;
