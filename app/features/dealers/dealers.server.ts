import { readFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { parseDealersCsv, parseGazetteerCsv, parsePmaCsv } from "./csv";
import type { CsvRowError, Dealer, DealerData, GazetteerEntry, PmaMap } from "./types";

/**
 * Loads the dealer, PMA and gazetteer CSV files, validated, cached in memory.
 *
 * - DEALERS_CSV_URL / PMA_CSV_URL (read through getEnv()): an absolute http(s) URL is fetched;
 *   when unset, or a /media/... path (the image service's mount of the assets folder), the file is
 *   read from `${CONTENT_DIR ?? "content-fixtures"}/assets/`. The gazetteer is always
 *   `${CONTENT_DIR}/assets/postcodes.csv`.
 * - Cached for 300000 ms; concurrent callers share one load. A file that cannot be loaded keeps
 *   its last good data (empty when there is none), is logged with console.error, and is retried
 *   after 30 s. Never throws.
 * - Skipped rows are logged with console.warn, once per distinct set of problems.
 */

export const DEALER_CACHE_TTL_MS = 300_000;
export const DEALER_RETRY_AFTER_FAILURE_MS = 30_000;
export const DEALER_FETCH_TIMEOUT_MS = 10_000;
const MAX_LOGGED_ROWS = 20;
const LOG_PREFIX = "[dealers]";

export type DealerFileSource =
  | { kind: "file"; path: string }
  | { kind: "url"; url: string }
  | { kind: "invalid"; reason: string };

function assetsDir(): string {
  return path.join(getEnv().CONTENT_DIR_ABS, "assets");
}

/** Where a file comes from, given its env value (DEALERS_CSV_URL etc.) and its fixture name. */
export function resolveDealerFileSource(envValue: string | undefined, fixtureName: string): DealerFileSource {
  const value = envValue?.trim() ?? "";
  const dir = assetsDir();
  if (value === "") return { kind: "file", path: path.join(dir, fixtureName) };
  if (value.startsWith("/media/")) {
    let relative: string;
    try {
      relative = decodeURIComponent(value.slice("/media/".length).replace(/[?#].*$/, ""));
    } catch {
      return { kind: "invalid", reason: "the /media/ path is not valid URL encoding" };
    }
    const file = path.resolve(dir, relative);
    if (!file.startsWith(dir + path.sep)) return { kind: "invalid", reason: "the /media/ path leaves the assets folder" };
    return { kind: "file", path: file };
  }
  if (/^https?:\/\//i.test(value)) return { kind: "url", url: value };
  return { kind: "invalid", reason: "expected an http(s) URL or a /media/ path" };
}

/** For logs: a file path relative to the working directory, a URL without query or fragment. */
function describe(source: DealerFileSource): string {
  if (source.kind === "file") return path.relative(process.cwd(), source.path) || source.path;
  if (source.kind === "url") {
    try {
      const url = new URL(source.url);
      return `${url.origin}${url.pathname}`;
    } catch {
      return "(invalid URL)";
    }
  }
  return "(invalid setting)";
}

async function loadText(source: DealerFileSource): Promise<string> {
  if (source.kind === "invalid") throw new Error(source.reason);
  if (source.kind === "file") return readFile(source.path, "utf8");
  const response = await fetch(source.url, {
    headers: { accept: "text/csv, text/plain;q=0.9, */*;q=0.5" },
    signal: AbortSignal.timeout(DEALER_FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

// ---------------------------------------------------------------------------------------------
// Logging once per distinct message and file

const lastLogged = new Map<string, string>();

function logOnce(key: string, level: "warn" | "error", message: string | null): void {
  if (message === null) {
    lastLogged.delete(key);
    return;
  }
  if (lastLogged.get(key) === message) return;
  lastLogged.set(key, message);
  console[level](message);
}

function rowsMessage(label: string, where: string, errors: readonly CsvRowError[]): string {
  const lines = errors.slice(0, MAX_LOGGED_ROWS).map((e) => `  row ${e.row}: ${e.message}`);
  if (errors.length > MAX_LOGGED_ROWS) lines.push(`  ... and ${errors.length - MAX_LOGGED_ROWS} more`);
  const count = errors.length === 1 ? "1 problem" : `${errors.length} problems`;
  return `${LOG_PREFIX} ${label} (${where}): ${count}, rows skipped:\n${lines.join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Loading

interface FileSpec<T> {
  key: string;
  label: string;
  source: DealerFileSource;
  parse: (text: string) => { value: T; errors: CsvRowError[]; size: number };
  empty: () => T;
}

async function loadFile<T>(spec: FileSpec<T>, previous: T | undefined): Promise<{ value: T; ok: boolean }> {
  const where = describe(spec.source);
  try {
    const { value, errors, size } = spec.parse(await loadText(spec.source));
    if (size === 0 && errors.length > 0) {
      // Nothing usable (a missing column, an HTML error page): treat as a failed load.
      throw new Error(errors[0].message);
    }
    logOnce(`${spec.key}:error`, "error", null);
    logOnce(`${spec.key}:rows`, "warn", errors.length > 0 ? rowsMessage(spec.label, where, errors) : null);
    return { value, ok: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const kept = previous === undefined ? "using an empty list" : "keeping the last good data";
    logOnce(`${spec.key}:error`, "error", `${LOG_PREFIX} Could not load the ${spec.label} (${where}): ${reason}; ${kept}`);
    return { value: previous ?? spec.empty(), ok: false };
  }
}

interface LoadResult {
  data: DealerData;
  /** Per file: true when it loaded; its value is then the new last good data. */
  ok: { dealers: boolean; pma: boolean; gazetteer: boolean };
}

async function loadAll(lastGood: Partial<DealerData>): Promise<LoadResult> {
  const dealers: FileSpec<Dealer[]> = {
    key: "dealers",
    label: "dealer file",
    source: resolveDealerFileSource(getEnv().DEALERS_CSV_URL, "dealers.csv"),
    parse: (text) => {
      const r = parseDealersCsv(text);
      return { value: r.dealers, errors: r.errors, size: r.dealers.length };
    },
    empty: () => [],
  };
  const pma: FileSpec<PmaMap> = {
    key: "pma",
    label: "PMA file",
    source: resolveDealerFileSource(getEnv().PMA_CSV_URL, "pma.csv"),
    parse: (text) => {
      const r = parsePmaCsv(text);
      return { value: r.pma, errors: r.errors, size: r.pma.size };
    },
    empty: () => new Map(),
  };
  const gazetteer: FileSpec<GazetteerEntry[]> = {
    key: "gazetteer",
    label: "postcode gazetteer",
    source: { kind: "file", path: path.join(assetsDir(), "postcodes.csv") },
    parse: (text) => {
      const r = parseGazetteerCsv(text);
      return { value: r.gazetteer, errors: r.errors, size: r.gazetteer.length };
    },
    empty: () => [],
  };
  const [d, p, g] = await Promise.all([
    loadFile(dealers, lastGood.dealers),
    loadFile(pma, lastGood.pma),
    loadFile(gazetteer, lastGood.gazetteer),
  ]);
  return {
    data: { dealers: d.value, pma: p.value, gazetteer: g.value },
    ok: { dealers: d.ok, pma: p.ok, gazetteer: g.ok },
  };
}

// ---------------------------------------------------------------------------------------------
// Cache with request coalescing

let cache: { data: DealerData; expiresAt: number } | null = null;
let inflight: Promise<DealerData> | null = null;
let generation = 0;
/** Each file's last successfully loaded value, served again while a reload of it fails. */
let lastGood: Partial<DealerData> = {};

/** Dealers, PMA map and gazetteer; cached for 300000 ms, one load shared by concurrent callers. */
export function getDealerData(): Promise<DealerData> {
  if (cache && Date.now() < cache.expiresAt) return Promise.resolve(cache.data);
  if (inflight) return inflight;
  const gen = generation;
  inflight = (async () => {
    try {
      const { data, ok } = await loadAll(lastGood);
      if (gen === generation) {
        if (ok.dealers) lastGood.dealers = data.dealers;
        if (ok.pma) lastGood.pma = data.pma;
        if (ok.gazetteer) lastGood.gazetteer = data.gazetteer;
        const allOk = ok.dealers && ok.pma && ok.gazetteer;
        cache = { data, expiresAt: Date.now() + (allOk ? DEALER_CACHE_TTL_MS : DEALER_RETRY_AFTER_FAILURE_MS) };
      }
      return data;
    } catch (error) {
      // loadAll handles every file's failure; this only guards against the unexpected.
      console.error(`${LOG_PREFIX} Dealer data failed to load:`, error);
      return { dealers: lastGood.dealers ?? [], pma: lastGood.pma ?? new Map(), gazetteer: lastGood.gazetteer ?? [] };
    } finally {
      if (gen === generation) inflight = null;
    }
  })();
  return inflight;
}

/** Forgets the cached data, any load in flight and what was logged (for tests). */
export function resetDealerCache(): void {
  generation++;
  cache = null;
  inflight = null;
  lastGood = {};
  lastLogged.clear();
}
