import { usePageLocation } from "~/islands/page-location";
import { useId, useState } from "react";
import { ResponsiveImage } from "~/components/image";
import { Modal } from "~/components/modal";
import { anchorId } from "~/components/section";
import { useHydrated } from "~/islands/use-hydrated";
import { countryPath } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { ActionLink, VehiclePrice, useBuyer } from "~/features/vehicles/components/parts";
import { comparedModels, compareSearch, linesModels } from "~/features/vehicles/logic";
import type { VehicleModel } from "~/features/vehicles/types";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import type { CompareGridBlok } from "./compare-grid.schema";

/** Spec transactional.md §2 "Compare grid", letter for letter. */
export const COMPARE_TEXTS = {
  add: "Add A Vehicle",
  select: "Select a Vehicle",
  testDrive: "Book a test drive",
  remove: "Remove",
} as const;

/**
 * Compare grid (spec transactional.md §2, §4): cards of the shown models with a remove button,
 * the price with its price-location link and 'Book a test drive' (test-drive?model={line}); an
 * 'Add A Vehicle' card opens 'Select a Vehicle' (it closes when no model is left to add). The
 * grid keeps its models in the URL (?compare=) so it works without JavaScript.
 */
export function CompareGrid({ blok }: { blok: CompareGridBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const buyer = useBuyer();
  const { country } = useSite();
  const location = usePageLocation();
  const hydrated = useHydrated();
  const headingId = useId();
  const modalHeadingId = useId();
  const all = linesModels(data?.lines ?? [], buyer);
  const fromUrl = comparedModels(all, new URLSearchParams(location.search).get("compare"), blok.initial_count ?? 2).map((m) => m.uuid);
  const [local, setLocal] = useState<string[] | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  if (all.length === 0) return null;
  const shownIds = local ?? fromUrl;
  const shown = shownIds.map((id) => all.find((m) => m.uuid === id)).filter((m): m is VehicleModel => Boolean(m));
  const available = all.filter((m) => !shownIds.includes(m.uuid));
  const anchor = anchorId(blok.scroll_to_id) ?? `compare-${blok._uid.slice(0, 8)}`;
  const modalId = `select-vehicle-${blok._uid.slice(0, 8)}`;
  const hrefWith = (ids: string[]) => `${location.pathname}${compareSearch(location.search, ids)}#${anchor}`;
  const lineOf = (model: VehicleModel) => data?.lines.find((l) => l.models.some((m) => m.uuid === model.uuid));
  const features = blok.feature_count ?? 4;

  const update = (ids: string[]) => () => {
    setLocal(ids);
    const left = all.filter((m) => !ids.includes(m.uuid));
    if (left.length === 0) setModalOpen(false);
  };

  return (
    <Section blok={{ ...blok, scroll_to_id: anchor }} className="compare-grid" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="compare-grid__cards">
        {shown.map((model) => {
          const line = lineOf(model);
          const testDrive = `${countryPath(country, "test-drive")}?${new URLSearchParams({ model: line?.slug ?? "" }).toString()}`;
          return (
            <li key={model.uuid} className="compare-card" data-model={model.name}>
              <ActionLink
                className="compare-card__remove"
                href={hrefWith(shownIds.filter((id) => id !== model.uuid))}
                onAction={update(shownIds.filter((id) => id !== model.uuid))}
              >
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">
                  {COMPARE_TEXTS.remove} {model.name}
                </span>
              </ActionLink>
              {model.image ? <ResponsiveImage asset={model.image} width={400} height={240} sizes="(min-width: 992px) 25vw, 90vw" /> : null}
              <h3 className="compare-card__name">{model.name}</h3>
              {model.variantName ? <p className="compare-card__variant">{model.variantName}</p> : null}
              <VehiclePrice model={model} colour={model.colours[0] ?? null} />
              {features > 0 && model.featureList.length > 0 ? (
                <ul className="compare-card__features">
                  {model.featureList.slice(0, features).map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
              <a className="button button--sm button--primary" href={testDrive}>
                {COMPARE_TEXTS.testDrive}
                <span className="visually-hidden"> {model.name}</span>
              </a>
            </li>
          );
        })}
        {available.length > 0 ? (
          <li className="compare-card compare-card--add">
            {hydrated ? (
              <button type="button" className="compare-card__add" onClick={() => setModalOpen(true)}>
                <span aria-hidden="true">+</span> {COMPARE_TEXTS.add}
              </button>
            ) : (
              <a className="compare-card__add" href={`#${modalId}`}>
                <span aria-hidden="true">+</span> {COMPARE_TEXTS.add}
              </a>
            )}
          </li>
        ) : null}
      </ul>
      <Modal open={modalOpen && available.length > 0} onClose={() => setModalOpen(false)} id={modalId} labelledBy={modalHeadingId} size="md" className="compare-modal">
        <h2 id={modalHeadingId} className="compare-modal__heading">
          {COMPARE_TEXTS.select}
        </h2>
        <ul className="compare-modal__list">
          {available.map((model) => (
            <li key={model.uuid}>
              <ActionLink className="compare-modal__option" href={hrefWith([...shownIds, model.uuid])} onAction={update([...shownIds, model.uuid])}>
                {model.image ? <ResponsiveImage asset={model.image} alt="" width={96} height={56} sizes="96px" /> : null}
                <span>{model.name}</span>
              </ActionLink>
            </li>
          ))}
        </ul>
      </Modal>
    </Section>
  );
}

export default CompareGrid;
