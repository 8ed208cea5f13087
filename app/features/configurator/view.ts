/**
 * The configurator page's view state in the URL, next to the build: the step (tab), the
 * accessories listing's category, sort and Load more, and the open calculator (no-JS).
 */
import { ACCESSORY_PARAMS } from "./accessories";
import { BUILD_PARAMS, buildQueryFromSearchParams, canonicalSearchParams, resolveBuild, type ResolvedBuild } from "./build";
import type { Catalogue } from "./types";

export const STEPS = ["specs", "interior", "accessories", "summary"] as const;
export type Step = (typeof STEPS)[number];
export const STEP_LABELS: Readonly<Record<Step, string>> = {
  specs: "Specs",
  interior: "Interior",
  accessories: "Accessories",
  summary: "Summary",
};
export const STEP_PARAM = "tab";
/** Opens the finance calculator (the no-JS link; the modal's GET form carries it). */
export const CALCULATOR_OPEN_PARAM = "calculator";

export function stepFromSearchParams(params: URLSearchParams): Step {
  const value = params.get(STEP_PARAM);
  return (STEPS as readonly string[]).includes(value ?? "") ? (value as Step) : "specs";
}

/** View parameters kept when the build changes (the step; the listing when on it). */
export function viewParams(params: URLSearchParams, keep: readonly string[] = [STEP_PARAM]): [string, string][] {
  const out: [string, string][] = [];
  for (const name of keep) {
    const value = params.get(name);
    if (value) out.push([name, value]);
  }
  return out;
}

/** `?<build>&<view>`: a build's canonical query followed by view parameters. */
export function searchOf(build: URLSearchParams, view: readonly [string, string][] = []): string {
  const params = new URLSearchParams(build);
  for (const [name, value] of view) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The canonical search of the current URL: the build's query plus the view parameters in use. */
export function canonicalSearch(build: ResolvedBuild, params: URLSearchParams): string {
  return searchOf(canonicalSearchParams(build), viewParams(params, [STEP_PARAM, ...Object.values(ACCESSORY_PARAMS)]));
}

/**
 * Where a `?model=<short name>` address is sent (spec section 2: the model is preselected and the
 * query removed): the build's canonical query in place of the build parameters given, the other
 * parameters (step, listing, calculator) kept. Null when the address has no `model`.
 */
export function modelRedirectSearch(catalogue: Catalogue, params: URLSearchParams): URLSearchParams | null {
  if (!params.has(BUILD_PARAMS.model)) return null;
  const out = canonicalSearchParams(resolveBuild(catalogue, buildQueryFromSearchParams(params)));
  const buildNames = new Set<string>(Object.values(BUILD_PARAMS));
  for (const [name, value] of params) if (!buildNames.has(name)) out.append(name, value);
  return out;
}

/**
 * Where a build address that is not its build's canonical query is sent (one address per build,
 * so spellings of a build make no cache entries of their own): the canonical query of the build
 * it resolves to, the other parameters kept. Null when the address has no build parameter or
 * already is canonical (the order of its parameters aside).
 */
export function canonicalBuildRedirectSearch(catalogue: Catalogue, params: URLSearchParams): URLSearchParams | null {
  const buildNames = new Set<string>(Object.values(BUILD_PARAMS));
  const given = [...params].filter(([name]) => buildNames.has(name));
  if (given.length === 0) return null;
  const canonical = canonicalSearchParams(resolveBuild(catalogue, buildQueryFromSearchParams(params)));
  const key = (pairs: Iterable<[string, string]>) => [...pairs].map(([name, value]) => `${name}=${value}`).sort().join("&");
  if (key(given) === key(canonical)) return null;
  const out = new URLSearchParams(canonical);
  for (const [name, value] of params) if (!buildNames.has(name)) out.append(name, value);
  return out;
}
