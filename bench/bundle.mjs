// `npm run bench:bundle`: gzip JavaScript per route of the production build. Reads the Remix
// browser manifest (build/client/assets/manifest-*.js; and build/client/.vite/manifest.json for
// lazy chunks when the build kept it) and adds up, per page route, the JavaScript a first visit
// loads: the entry, then root → layout → page modules with their static imports. Chunks loaded
// only on demand (dynamic import, React.lazy) are listed separately. Prints figures; no assertions.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const CLIENT = "build/client";
/** Content pages must stay at or under this much gzip JavaScript (issue 14). */
export const CONTENT_PAGE_BUDGET_KB = 100;

function readRemixManifest() {
  const dir = path.join(CLIENT, "assets");
  const file = existsSync(dir) && readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("No build found: run `npm run build` first.");
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const sizes = new Map();
function sizeOf(url) {
  if (!sizes.has(url)) {
    const buf = readFileSync(path.join(CLIENT, url));
    sizes.set(url, { raw: buf.length, gzip: gzipSync(buf, { level: 6 }).length });
  }
  return sizes.get(url);
}

/** Per page route: the files a first visit loads and their raw and gzip sizes. */
export function bundleReport() {
  const manifest = readRemixManifest();
  const routes = manifest.routes;
  const chain = (id) => (id ? [...chain(routes[id].parentId), routes[id]] : []);
  const childIds = new Set(Object.values(routes).map((r) => r.parentId).filter(Boolean));
  const pages = Object.values(routes).filter((r) => !childIds.has(r.id) && r.id !== "root" && sizeOf(r.module).raw > 1);
  const initial = new Set();
  const rows = pages.map((route) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain(route.id)) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    files.forEach((f) => initial.add(f));
    const total = [...files].reduce((t, f) => ({ raw: t.raw + sizeOf(f).raw, gzip: t.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
    return { route: route.id.replace(/^routes\//, ""), path: `/${route.path ?? ""}`.replace(/\/+/g, "/"), files: files.size, ...total };
  });
  // Everything else in assets/ that is JavaScript: chunks loaded only where used.
  const lazy = readdirSync(path.join(CLIENT, "assets"))
    .filter((f) => f.endsWith(".js") && !f.startsWith("manifest-"))
    .map((f) => `/assets/${f}`)
    .filter((f) => !initial.has(f) && sizeOf(f).raw > 1)
    .map((f) => ({ chunk: path.basename(f), ...sizeOf(f) }));
  return { rows: rows.sort((a, b) => a.route.localeCompare(b.route)), lazy };
}

const kb = (n) => (n / 1024).toFixed(1);

export function printBundleReport({ rows, lazy }) {
  console.log(`\nJavaScript per route (first visit; gzip level 6; content pages budget ${CONTENT_PAGE_BUDGET_KB} KB)`);
  console.log(`${"route".padEnd(34)} ${"files".padStart(5)} ${"raw KB".padStart(8)} ${"gzip KB".padStart(8)}  budget`);
  for (const r of rows) {
    const ok = r.gzip / 1024 <= CONTENT_PAGE_BUDGET_KB ? "ok" : "OVER";
    console.log(`${r.route.padEnd(34)} ${String(r.files).padStart(5)} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(8)}  ${ok}`);
  }
  console.log(`\nLoaded only where used (dynamic import / React.lazy):`);
  for (const c of lazy) console.log(`  ${c.chunk.padEnd(40)} ${kb(c.raw).padStart(8)} KB raw ${kb(c.gzip).padStart(7)} KB gzip`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = bundleReport();
  if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 1));
  else printBundleReport(report);
}
