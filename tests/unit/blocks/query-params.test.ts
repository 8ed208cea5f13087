import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { blockQueryParams, queryParamsOf } from "~/blocks/query-params";
import { declaredParamsOf } from "~/features/page-keys/page-keys";

const APP = resolve("app");
const folders = readdirSync("app/blocks", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`app/blocks/${entry.name}/${entry.name}.tsx`))
  .map((entry) => entry.name);

/** Code that reads the page's query: the request's URL on the server, the location in the render. */
const READS_QUERY = /searchParams|location\.search|usePageSearchParams|request\.url/;

/** Readers outside the block folders, and what each reads (a new reader must be added here). */
const SHARED_READERS: Record<string, readonly string[]> = {
  "features/forms/form-view.tsx": ["submitted", "model", "dealer"],
  "features/forms/build-handoff.server.ts": ["build"],
  "features/vehicles/components/parts.tsx": ["colour"],
  "features/dealers/locator-params.ts": ["q", "lat", "lng", "dealer"],
  "features/dealers/locator.server.ts": ["q", "lat", "lng", "dealer"],
  "features/news/components/listing.tsx": ["category", "page"],
  // Reads them in accessoriesBlockLoader alone (checked below: only blocks that use it).
  "blocks/vehicle-data.server.ts": ["category", "sort", "pages"],
  // These parse other URLs (a build's, a video's, the content API's) or serve previews, never cached.
  "features/configurator/handoff.ts": [],
  "lib/media-kind.ts": [],
  "content/local-api/handler.ts": [],
  "features/preview/preview.server.ts": [],
  "features/preview/params.ts": [],
  // Keeps the address as it is when a modal closes.
  "blocks/modal-form/modal-form.tsx": [],
};

/** Parsers of the query by name, and constants naming a parameter. */
const PARSERS: Record<string, readonly string[]> = {
  parseListingQuery: ["category", "page"],
  parseOfferQuery: ["category", "sort"],
  parseAccessoryQuery: ["category", "sort", "pages"],
  parseLocatorParams: ["q", "lat", "lng", "dealer"],
  TAB_PARAM: ["variant"],
  COLOUR_PARAM: ["colour"],
  SUBMITTED_PARAM: ["submitted"],
  BUILD_HANDOFF_PARAM: ["build"],
  pageCalculatorData: ["model", "deposit", "term", "balloon", "use", "frequency", "frequency_for"],
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? join(APP, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The app files a block's code reaches through its imports. Not through the block registry and
 * the island runtime: the bloks nested in a blok are counted as bloks of the story.
 */
function codeOf(block: string): Set<string> {
  const own = readdirSync(join(APP, "blocks", block)).filter((f) => /\.tsx?$/.test(f)).map((f) => join(APP, "blocks", block, f));
  const seen = new Set<string>();
  const todo = [...own];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]!);
      const path = target && relative(APP, target);
      if (!target || !path || /^(islands\/|blocks\/(blocks\.tsx|index\.ts|runtime\/))/.test(path)) continue;
      todo.push(target);
    }
  }
  return seen;
}

/** A shared reader's reads count for a block only when the block's own code uses them this way. */
const READ_WHEN: Record<string, RegExp> = { "blocks/vehicle-data.server.ts": /\baccessoriesBlockLoader\b/ };

/**
 * The parameters a file reads: a shared reader's from the table; a block's own file's by its
 * literal names, the parsers it calls and the constants it names.
 */
function namesRead(path: string, source: string): string[] {
  if (path in SHARED_READERS) return [...SHARED_READERS[path]!];
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/\.(?:get|has|getAll)\(\s*["']([^"']+)["']\s*\)/g)) names.add(name!);
  for (const [word, params] of Object.entries(PARSERS)) if (new RegExp(`\\b${word}\\b`).test(source)) params.forEach((p) => names.add(p));
  return [...names];
}

describe("the query parameters each block reads", () => {
  it("are declared beside its schema for every block whose code reads the query, and cover what it reads", () => {
    const missing: string[] = [];
    for (const block of folders) {
      const declared = new Set(blockQueryParams[block] ?? []);
      for (const file of codeOf(block)) {
        const source = readFileSync(file, "utf8");
        if (!READS_QUERY.test(source)) continue;
        const path = relative(APP, file);
        const ownCode = [...codeOf(block)].filter((f) => f.startsWith(join(APP, "blocks", block))).map((f) => readFileSync(f, "utf8")).join("\n");
        const names = READ_WHEN[path] && !READ_WHEN[path].test(ownCode) ? [] : namesRead(path, source);
        if (names.length === 0 && !(path in SHARED_READERS)) missing.push(`${block}: ${path} reads the query; name what it reads`);
        for (const name of names) if (!declared.has(name)) missing.push(`${block}: reads ${name} (${path})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finds the readers it knows of (the check above looks at real code)", () => {
    expect(blockQueryParams.form).toEqual(expect.arrayContaining(["submitted", "model", "dealer", "build"]));
    expect([...codeOf("form")].map((f) => relative(APP, f))).toEqual(expect.arrayContaining(["features/forms/form-view.tsx", "features/forms/build-handoff.server.ts"]));
    expect(namesRead("blocks/video-listing/video-listing.tsx", readFileSync("app/blocks/video-listing/video-listing.tsx", "utf8"))).toEqual(expect.arrayContaining(["model", "video"]));
  });

  it("are parameters content pages declare (else no render would see them)", () => {
    const contentPage = Object.keys(declaredParamsOf("/au/any-page"));
    for (const [block, params] of Object.entries(blockQueryParams)) for (const name of params) expect(contentPage, `${block}: ${name}`).toContain(name);
    expect(Object.keys(blockQueryParams).every((block) => folders.includes(block))).toBe(true);
  });

  it("a story reads the union of its bloks' parameters, at any depth; a page of text reads none", () => {
    const blok = (component: string, more: Record<string, unknown> = {}) => ({ _uid: component, component, ...more });
    expect(queryParamsOf({ component: "page", body: [blok("text-content"), blok("hero-banner")] })).toEqual(new Set());
    const nested = { component: "page", body: [blok("grid-blocks", { items: [blok("modal-form")] }), blok("model-range-tabs")] };
    expect(queryParamsOf(nested)).toEqual(new Set(["submitted", "model", "dealer", "variant", "colour"]));
  });
});
