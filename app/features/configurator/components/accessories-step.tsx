import { InPlaceLink, navigateInPlace } from "~/islands/in-place-location";
import { useHydrated } from "~/islands/use-hydrated";
import { ResponsiveImage } from "~/components/image";
import { ACCESSORY_PRICE_LABEL, accessoryPriceText } from "~/features/pricing/format";
import {
  ACCESSORY_PARAMS,
  ACCESSORY_SORTS,
  ACCESSORY_SORT_LABELS,
  accessoryCategories,
  listAccessories,
  type AccessoryView,
} from "../accessories";
import type { ResolvedBuild } from "../build";
import type { ConfiguratorCountry } from "../types";
import { Choice, returnHref, type ChoiceLinkProps } from "./option-steps";

/** The accessories heading: where the step's links and sort form return without JavaScript. */
const ANCHOR = "step-accessories-heading";

export const ACCESSORY_TEXTS = {
  heading: "Available accessories",
  note: "Talk to your dealer about accessories.",
  loadMore: "Load more",
  all: "All",
  sort: "Sort by",
  defaultImageAlt: "Default accessory image",
} as const;
export const DEFAULT_ACCESSORY_IMAGE = "/accessory-default.svg";

/**
 * Accessories step: category filter (links), AU sort (a GET form; with JavaScript it applies on
 * change), 6 shown then 'Load more' (a link), each accessory a link that adds or removes it.
 */
export function AccessoriesStep({
  country,
  build,
  view,
  pathname,
  buildParams,
  links,
}: {
  country: ConfiguratorCountry;
  build: ResolvedBuild;
  view: AccessoryView;
  pathname: string;
  /** The build's canonical query with the step. */
  buildParams: URLSearchParams;
  links: ChoiceLinkProps;
}) {
  const hydrated = useHydrated();
  const categories = accessoryCategories(build.availableAccessories);
  const listing = listAccessories(build.availableAccessories, view, country);
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(buildParams);
    if (view.sort) params.set(ACCESSORY_PARAMS.sort, view.sort);
    if (view.category) params.set(ACCESSORY_PARAMS.category, view.category);
    if (view.showAll) params.set(ACCESSORY_PARAMS.all, "1");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return `${pathname}?${params.toString()}`;
  };
  const selected = new Set(build.accessories.map((a) => a.id));

  return (
    <section className="config-accessories" aria-labelledby={ANCHOR}>
      <h3 id={ANCHOR} className="config-section__heading">
        {ACCESSORY_TEXTS.heading}
      </h3>
      <p className="config-accessories__note">{ACCESSORY_TEXTS.note}</p>
      {build.availableAccessories.length > 0 ? (
        <div className="config-accessories__tools">
          {categories.length > 0 ? (
            <ul className="config-accessories__categories" aria-label="Accessory categories">
              {[null, ...categories].map((category) => (
                <li key={category ?? "all"}>
                  <InPlaceLink
                    to={returnHref(hrefWith({ [ACCESSORY_PARAMS.category]: category }), ANCHOR, hydrated)}
                    rel="nofollow"
                    replace
                    className="config-accessories__category"
                    aria-current={view.category === category ? "true" : undefined}
                  >
                    {category ?? ACCESSORY_TEXTS.all}
                  </InPlaceLink>
                </li>
              ))}
            </ul>
          ) : null}
          {country === "au" ? (
            <form method="get" action={returnHref(pathname, ANCHOR, hydrated)} className="config-accessories__sort">
              {[...new URLSearchParams(hrefWith({ [ACCESSORY_PARAMS.sort]: null }).split("?")[1])].map(([name, value], i) => (
                <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
              ))}
              <label htmlFor="accessory-sort">{ACCESSORY_TEXTS.sort}</label>
              <select
                id="accessory-sort"
                name={ACCESSORY_PARAMS.sort}
                defaultValue={view.sort ?? ""}
                key={view.sort ?? ""}
                onChange={
                  hydrated
                    ? (event) => navigateInPlace(hrefWith({ [ACCESSORY_PARAMS.sort]: event.target.value || null }), { replace: true })
                    : undefined
                }
              >
                <option value="">Featured</option>
                {ACCESSORY_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {ACCESSORY_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <button type="submit" className="button button--xs button--outline">
                  Sort
                </button>
              )}
            </form>
          ) : null}
        </div>
      ) : null}
      <ul className="config-accessories__list">
        {listing.shown.map((accessory) => {
          const isSelected = selected.has(accessory.id);
          return (
            <Choice
              key={accessory.uuid}
              change={{ type: "accessory", id: accessory.id }}
              selected={isSelected}
              label={accessory.name}
              links={links}
              anchor={ANCHOR}
              className="config-choice--accessory"
            >
              {accessory.image?.filename ? (
                <ResponsiveImage className="config-accessory__image" asset={accessory.image} alt={accessory.image.alt} width={240} height={180} sizes="240px" />
              ) : (
                <img className="config-accessory__image" src={DEFAULT_ACCESSORY_IMAGE} alt={ACCESSORY_TEXTS.defaultImageAlt} width={240} height={180} loading="lazy" />
              )}
              <span className="config-choice__name">{accessory.name}</span>
              {accessory.description ? <span className="config-choice__info">{accessory.description}</span> : null}
              <span className="config-choice__price">
                {accessoryPriceText(accessory.price, country)}
                {country === "au" ? <span className="config-accessory__rrp"> {ACCESSORY_PRICE_LABEL}</span> : null}
              </span>
              <span className="config-accessory__action" aria-hidden="true">
                {isSelected ? "Remove" : "Add"}
              </span>
            </Choice>
          );
        })}
      </ul>
      {listing.hasMore ? (
        <InPlaceLink to={returnHref(hrefWith({ [ACCESSORY_PARAMS.all]: "1" }), ANCHOR, hydrated)} rel="nofollow" replace className="button button--sm button--outline config-accessories__more">
          {ACCESSORY_TEXTS.loadMore}
        </InPlaceLink>
      ) : null}
    </section>
  );
}
