/**
 * The configurator's state machine (spec transactional.md sections 2 and 4), pure: a build is
 * read from the URL query, resolved against the catalogue by the rules below, and written back as
 * a canonical query. Every choice on the page is a link to `choose(...)`'s canonical query, so
 * the page works without JavaScript and a shared URL reopens the same build.
 *
 * Rules:
 * - `variant` (a model's slug) or `model` (a model's short_name, e.g. from a model page) selects
 *   the model; otherwise the first model.
 * - Option lists (engine, motor, transmission, drivetrain, battery, wheels) are the model's options
 *   narrowed to those whose modelCodes include the model's code (no modelCodes: every model).
 *   Colours are the model's colours. The first of a list is selected by default; a value from
 *   outside (the URL) selects the option with that name (or its slug); when the list changes and
 *   the choice is absent, the first is selected again.
 * - A value that belongs to another model switches the model: to the first model (list order)
 *   whose lists hold it and that also holds every value accepted before it; when none does, the
 *   value is ignored. Choosing on the page (choose) keeps the other choices the new model has.
 * - Interior: the model's trims whose model_colours include the colour's uuid; a trim without
 *   model_colours is always offered; with no colour, all. Choosing a colour resets the trim.
 * - Accessories: the model's accessories; unknown values are dropped.
 */
import {
  OPTION_KINDS,
  type Catalogue,
  type ConfigAccessory,
  type ConfigColour,
  type ConfigModel,
  type ConfigOption,
  type ConfigTrim,
  type OptionKind,
} from "./types";

/** The query parameter names of a build. */
export const BUILD_PARAMS = {
  variant: "variant",
  model: "model",
  engine: "engine",
  motor: "motor",
  transmission: "transmission",
  drivetrain: "drivetrain",
  battery: "battery",
  wheels: "wheels",
  colour: "colour",
  trim: "trim",
  accessory: "acc",
} as const;

/** A list the model offers, chosen one item of: the option kinds and the colour. */
export type Slot = OptionKind | "colour";
export const SLOTS: readonly Slot[] = [...OPTION_KINDS, "colour"];

type SlotItem = ConfigOption | ConfigColour;

/** What the URL asks for (raw values; nothing is validated yet). */
export interface BuildQuery {
  variant?: string | null;
  /** A model's short_name (the model pages link with `?model=`). */
  model?: string | null;
  slots: Partial<Record<Slot, string>>;
  trim?: string | null;
  accessories: string[];
}

export interface ResolvedBuild {
  model: ConfigModel | null;
  /** The lists offered for the model, by slot. */
  lists: Record<OptionKind, ConfigOption[]>;
  options: Record<OptionKind, ConfigOption | null>;
  colours: ConfigColour[];
  colour: ConfigColour | null;
  /** Every trim of the model. */
  trims: ConfigTrim[];
  /** The trims offered with the colour. */
  interior: ConfigTrim[];
  trim: ConfigTrim | null;
  availableAccessories: ConfigAccessory[];
  accessories: ConfigAccessory[];
}

/** "20\" Machined alloy wheels" → "20-machined-alloy-wheels". */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether an outside value names the item (its id, or its name in any case or spacing). */
export function matchesValue(item: { id: string; name: string }, value: string | null | undefined): boolean {
  if (typeof value !== "string" || value.trim() === "") return false;
  return item.id === value || item.id === slugify(value) || slugify(item.name) === slugify(value);
}

/** Whether an option fits a model: its modelCodes (comma-separated in content) include the code. */
export function fitsModel(option: Pick<ConfigOption, "modelCodes">, model: Pick<ConfigModel, "code">): boolean {
  return option.modelCodes.length === 0 || option.modelCodes.includes(model.code);
}

/** The options of a kind offered for a model (narrowed by modelCodes). */
export function optionList(model: ConfigModel, kind: OptionKind): ConfigOption[] {
  return (model.options[kind] ?? []).filter((option) => fitsModel(option, model));
}

function byUuid<T extends { uuid: string }>(items: readonly T[], uuids: readonly string[]): T[] {
  const map = new Map(items.map((item) => [item.uuid, item] as const));
  const out: T[] = [];
  for (const uuid of uuids) {
    const found = map.get(uuid);
    if (found && !out.includes(found)) out.push(found);
  }
  return out;
}

export function colourList(catalogue: Catalogue, model: ConfigModel): ConfigColour[] {
  return byUuid(catalogue.colours, model.colourUuids);
}

export function trimList(catalogue: Catalogue, model: ConfigModel): ConfigTrim[] {
  return byUuid(catalogue.trims, model.trimUuids);
}

/** Interior list: trims whose model_colours include the colour; none listed = always; no colour = all. */
export function interiorList(trims: readonly ConfigTrim[], colour: Pick<ConfigColour, "uuid"> | null): ConfigTrim[] {
  if (!colour) return [...trims];
  return trims.filter((trim) => trim.modelColours.length === 0 || trim.modelColours.includes(colour.uuid));
}

function slotList(catalogue: Catalogue, model: ConfigModel, slot: Slot): SlotItem[] {
  return slot === "colour" ? colourList(catalogue, model) : optionList(model, slot);
}

function findIn(catalogue: Catalogue, model: ConfigModel, slot: Slot, value: string | null | undefined): SlotItem | null {
  if (!value) return null;
  return slotList(catalogue, model, slot).find((item) => matchesValue(item, value)) ?? null;
}

/** The model a query names: `variant` (slug) first, then `model` (short_name); else the first. */
export function modelFromQuery(catalogue: Catalogue, query: Pick<BuildQuery, "variant" | "model">): ConfigModel | null {
  const { models } = catalogue;
  const variant = query.variant?.trim();
  if (variant) {
    const found = models.find((m) => m.slug === variant || slugify(m.shortName) === slugify(variant));
    if (found) return found;
  }
  const short = query.model?.trim();
  if (short) {
    const found =
      models.find((m) => m.shortName === short) ??
      models.find((m) => m.shortName.toLowerCase() === short.toLowerCase() || m.slug === slugify(short));
    if (found) return found;
  }
  return models[0] ?? null;
}

function emptyOptions<T>(make: () => T): Record<OptionKind, T> {
  return Object.fromEntries(OPTION_KINDS.map((kind) => [kind, make()])) as Record<OptionKind, T>;
}

/** Resolves a query to a complete, valid build (never throws; bad values fall back to the rules). */
export function resolveBuild(catalogue: Catalogue, query: BuildQuery): ResolvedBuild {
  let model = modelFromQuery(catalogue, query);
  if (!model) {
    return {
      model: null,
      lists: emptyOptions(() => []),
      options: emptyOptions(() => null),
      colours: [],
      colour: null,
      trims: [],
      interior: [],
      trim: null,
      availableAccessories: [],
      accessories: [],
    };
  }
  // Values accepted so far, by slot (names as given); a switch must keep them all.
  const accepted: [Slot, string][] = [];
  for (const slot of SLOTS) {
    const value = query.slots[slot];
    if (!value) continue;
    if (findIn(catalogue, model, slot, value)) {
      accepted.push([slot, value]);
      continue;
    }
    const target = catalogue.models.find(
      (m) => m !== model && findIn(catalogue, m, slot, value) && accepted.every(([s, v]) => findIn(catalogue, m, s, v)),
    );
    if (target) {
      model = target;
      accepted.push([slot, value]);
    }
  }
  const chosen = new Map(accepted);
  const current = model;
  const lists = emptyOptions<ConfigOption[]>(() => []);
  const options = emptyOptions<ConfigOption | null>(() => null);
  for (const kind of OPTION_KINDS) {
    const list = optionList(current, kind);
    lists[kind] = list;
    options[kind] = list.find((o) => matchesValue(o, chosen.get(kind))) ?? list[0] ?? null;
  }
  const colours = colourList(catalogue, current);
  const colour = colours.find((c) => matchesValue(c, chosen.get("colour"))) ?? colours[0] ?? null;
  const trims = trimList(catalogue, current);
  const interior = interiorList(trims, colour);
  const trim = interior.find((t) => matchesValue(t, query.trim)) ?? interior[0] ?? null;
  const availableAccessories = byUuid(catalogue.accessories, current.accessoryUuids);
  const wanted = new Set(query.accessories);
  const accessories = availableAccessories.filter((a) => wanted.has(a.id) || [...wanted].some((v) => matchesValue(a, v)));
  return { model: current, lists, options, colours, colour, trims, interior, trim, availableAccessories, accessories };
}

/** The query of a resolved build: every choice, so the URL alone reproduces it. */
export function buildToQuery(build: ResolvedBuild): BuildQuery {
  const slots: Partial<Record<Slot, string>> = {};
  for (const kind of OPTION_KINDS) {
    const option = build.options[kind];
    if (option) slots[kind] = option.id;
  }
  if (build.colour) slots.colour = build.colour.id;
  return {
    variant: build.model?.slug ?? null,
    slots,
    trim: build.trim?.id ?? null,
    accessories: build.accessories.map((a) => a.id),
  };
}

/** The canonical URL query of a build (fixed order; `model` never appears). */
export function canonicalSearchParams(build: ResolvedBuild): URLSearchParams {
  const query = buildToQuery(build);
  const params = new URLSearchParams();
  if (query.variant) params.set(BUILD_PARAMS.variant, query.variant);
  for (const slot of SLOTS) {
    const value = query.slots[slot];
    if (value) params.set(BUILD_PARAMS[slot], value);
  }
  if (query.trim) params.set(BUILD_PARAMS.trim, query.trim);
  for (const id of query.accessories) params.append(BUILD_PARAMS.accessory, id);
  return params;
}

/** Reads a build from URL query parameters (other parameters are ignored). */
export function buildQueryFromSearchParams(params: URLSearchParams): BuildQuery {
  const slots: Partial<Record<Slot, string>> = {};
  for (const slot of SLOTS) {
    const value = params.get(BUILD_PARAMS[slot]);
    if (value) slots[slot] = value;
  }
  return {
    variant: params.get(BUILD_PARAMS.variant),
    model: params.get(BUILD_PARAMS.model),
    slots,
    trim: params.get(BUILD_PARAMS.trim),
    accessories: params.getAll(BUILD_PARAMS.accessory).flatMap((v) => v.split(",")).filter(Boolean),
  };
}

/** A choice on the page. */
export type BuildChange =
  | { type: "model"; id: string }
  | { type: "option"; kind: OptionKind; id: string }
  | { type: "colour"; id: string }
  | { type: "trim"; id: string }
  | { type: "accessory"; id: string };

/**
 * The query after a choice. A model change keeps the other choices the new model offers (the
 * rest fall back to the first). An option or colour of another model switches to the model that
 * has it and keeps the most of the other choices (ties: list order). A colour change resets the
 * trim. An accessory toggles.
 */
export function choose(catalogue: Catalogue, build: ResolvedBuild, change: BuildChange): BuildQuery {
  const query = buildToQuery(build);
  switch (change.type) {
    case "model": {
      const target = modelFromQuery(catalogue, { variant: change.id });
      if (!target || target.slug !== change.id) return query;
      const slots: Partial<Record<Slot, string>> = {};
      for (const s of SLOTS) if (findIn(catalogue, target, s, query.slots[s])) slots[s] = query.slots[s];
      return { ...query, variant: target.slug, model: null, slots };
    }
    case "trim":
      return { ...query, trim: change.id };
    case "accessory": {
      const has = query.accessories.includes(change.id);
      return { ...query, accessories: has ? query.accessories.filter((id) => id !== change.id) : [...query.accessories, change.id] };
    }
    case "option":
    case "colour": {
      const slot: Slot = change.type === "colour" ? "colour" : change.kind;
      const trim = change.type === "colour" ? null : query.trim;
      const model = build.model;
      if (!model) return query;
      if (findIn(catalogue, model, slot, change.id)) {
        return { ...query, slots: { ...query.slots, [slot]: change.id }, trim };
      }
      const others = SLOTS.filter((s) => s !== slot && query.slots[s]);
      let best: ConfigModel | null = null;
      let bestScore = -1;
      for (const candidate of catalogue.models) {
        if (!findIn(catalogue, candidate, slot, change.id)) continue;
        const score = others.filter((s) => findIn(catalogue, candidate, s, query.slots[s])).length;
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
      if (!best) return query;
      const target = best;
      const slots: Partial<Record<Slot, string>> = { [slot]: change.id };
      for (const s of others) if (findIn(catalogue, target, s, query.slots[s])) slots[s] = query.slots[s];
      return { ...query, variant: target.slug, model: null, slots, trim };
    }
  }
}

/** The canonical query after a choice, resolved (what a choice's link points to). */
export function chooseParams(catalogue: Catalogue, build: ResolvedBuild, change: BuildChange): URLSearchParams {
  return canonicalSearchParams(resolveBuild(catalogue, choose(catalogue, build, change)));
}

/** Which model owns an option that the chosen model does not offer (for labelling it). */
export function modelsOffering(catalogue: Catalogue, slot: Slot, id: string): ConfigModel[] {
  return catalogue.models.filter((m) => findIn(catalogue, m, slot, id));
}

// ---------------------------------------------------------------------------------------------
// Interior messages

export const NO_INTERIOR_HINT = "Please try a different exterior colour, or contact your dealer for options.";

/**
 * The no-trim messages (spec section 2), or null when trims are offered:
 * 'Sorry, no interior options are available for the {variant} variant' then ' in {colour}.' when
 * trims exist but none match the colour, otherwise '.'; when trims exist the hint follows.
 */
export function noInteriorMessages(build: ResolvedBuild): string[] | null {
  if (!build.model || build.interior.length > 0) return null;
  const start = `Sorry, no interior options are available for the ${build.model.shortName} variant`;
  if (build.trims.length > 0 && build.colour) return [`${start} in ${build.colour.name}.`, NO_INTERIOR_HINT];
  if (build.trims.length > 0) return [`${start}.`, NO_INTERIOR_HINT];
  return [`${start}.`];
}
