import type { Country } from "~/content/schema";
import { getStories, getStory } from "~/content/stories.server";
import { competitionFormBlokSchema, formBlokSchema, type FormBlok, type FormKind } from "./content";

/**
 * Finds a form's definition (the blok) by form_id, so the server validates a submission against
 * the same content the visitor saw. A page's action looks in its own story first; the JSON APIs
 * use an index of every story's forms per country (the country is the story's language), kept
 * for a minute and rebuilt early when an unknown form_id arrives (at most every 10 s).
 */

const FORM_COMPONENTS: Readonly<Record<string, FormKind>> = { form: "form", "competition-form": "competition" };
const INDEX_TTL_MS = 60_000;
const MISS_REFRESH_MS = 10_000;

/** Every form blok inside a value (story content, nested bloks, richtext blok nodes). */
export function collectForms(root: unknown): FormBlok[] {
  const found: FormBlok[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    const record = value as Record<string, unknown>;
    // A resolved relation is another story; its forms are indexed with it.
    if (typeof record.full_slug === "string" && "content" in record) return;
    const kind = typeof record.component === "string" ? FORM_COMPONENTS[record.component] : undefined;
    if (kind) {
      const parsed = (kind === "competition" ? competitionFormBlokSchema : formBlokSchema).safeParse(record);
      if (parsed.success) found.push(parsed.data);
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(root);
  return found;
}

/** The form with this id in a list, of the expected kind when given. */
export function pickForm(forms: readonly FormBlok[], formId: string, kind?: FormKind): FormBlok | null {
  return forms.find((f) => f.form_id === formId && (!kind || FORM_COMPONENTS[f.component] === kind)) ?? null;
}

interface CountryIndex {
  forms: Map<string, FormBlok>;
  builtAt: number;
}

const indexes = new Map<Country, Promise<CountryIndex>>();

async function buildIndex(country: Country): Promise<CountryIndex> {
  const stories = await getStories({}, { country });
  const forms = new Map<string, FormBlok>();
  for (const story of stories) {
    for (const form of collectForms(story.content)) {
      if (!forms.has(form.form_id)) forms.set(form.form_id, form);
    }
  }
  return { forms, builtAt: Date.now() };
}

function indexFor(country: Country, forceIfOlderThan?: number): Promise<CountryIndex> {
  const now = Date.now();
  const current = indexes.get(country);
  if (current) {
    return current.then((index) => {
      const age = now - index.builtAt;
      if (age < INDEX_TTL_MS && (forceIfOlderThan === undefined || age < forceIfOlderThan)) return index;
      if (indexes.get(country) === current) indexes.set(country, buildIndex(country));
      return indexes.get(country)!;
    });
  }
  const building = buildIndex(country);
  indexes.set(country, building);
  building.catch(() => {
    if (indexes.get(country) === building) indexes.delete(country);
  });
  return building;
}

/** The form with this id in any story of the country, or null. */
export async function findFormById(formId: string, country: Country, kind?: FormKind): Promise<FormBlok | null> {
  const check = (index: CountryIndex) => {
    const form = index.forms.get(formId) ?? null;
    return form && (!kind || FORM_COMPONENTS[form.component] === kind) ? form : null;
  };
  const found = check(await indexFor(country));
  if (found) return found;
  return check(await indexFor(country, MISS_REFRESH_MS));
}

/** The form with this id on the page at `slug` (the route action's own story), else anywhere. */
export async function findFormOnPage(slug: string, formId: string, country: Country): Promise<FormBlok | null> {
  const story = await getStory(slug || "home", { country });
  const onPage = story ? pickForm(collectForms(story.content), formId) : null;
  return onPage ?? findFormById(formId, country);
}

/** Forgets the indexes (tests, content webhooks). */
export function resetFormIndex(): void {
  indexes.clear();
}
