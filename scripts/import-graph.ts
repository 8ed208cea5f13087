// The app's import graph, as the layering rules and `npm run layers` read it: `import()` counts,
// and so do `export … from`. Circles are measured on value imports (types vanish at build time,
// so a type-only import makes no circle at run time); the floors on every import, types too (a
// type from a floor above still ties the lower one to it). Stylesheets, assets and packages are
// not nodes.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export type ImportGraph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx|mts)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = join(root, "app", bare.slice(2));
  else if (bare.startsWith(".")) base = resolve(dirname(from), bare);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  for (const candidate of candidates) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs code
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** Imports of one file's source text: value imports only, or with `types` type-only ones too. */
export function valueImports(fileName: string, text: string, { types = false }: { types?: boolean } = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !isTypeOnlyImport(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !isTypeOnlyExport(node)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Nodes are paths relative to `root` (e.g. `app/content/links.ts`); `types` counts type-only imports too. */
export function importGraph(root: string, dirs = ["app"], { types = false }: { types?: boolean } = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const dir of dirs) {
    for (const file of filesUnder(join(root, dir))) {
      const from = relative(root, file);
      const targets = new Set<string>();
      for (const specifier of valueImports(file, readFileSync(file, "utf8"), { types })) {
        const target = resolveSpecifier(root, file, specifier);
        if (target) targets.add(relative(root, target));
      }
      graph.set(from, targets);
    }
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), largest first. */
export function importCircles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const strongConnect = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) strongConnect(v);
  return circles.sort((a, b) => b.length - a.length);
}

/**
 * Pairs of folders (a file's own folder) where each imports the other. A block's folder
 * (app/blocks/<name>/ holding <name>.tsx) counts as app/blocks: the registry and the maps derived
 * from the folders import into it, and it imports the blocks' shared modules, by design.
 */
export function mutualFolderPairs(graph: ImportGraph): [string, string][] {
  const folderOf = (file: string) => {
    const dir = dirname(file);
    return /^app\/blocks\/[^/]+$/.test(dir) && graph.has(`${dir}/${dir.slice("app/blocks/".length)}.tsx`) ? "app/blocks" : dir;
  };
  const edges = new Set<string>();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a !== b) edges.add(`${a}\n${b}`);
    }
  }
  const pairs: [string, string][] = [];
  for (const edge of edges) {
    const [a, b] = edge.split("\n");
    if (a < b && edges.has(`${b}\n${a}`)) pairs.push([a, b]);
  }
  return pairs.sort();
}

/**
 * The app's floors, top to bottom. A file may import its own floor or any floor below it, never
 * one above: routes are glue, pages and blocks render, features hold the logic, components and
 * islands are the parts they share, and content, the server layer and lib know nothing of them.
 */
export const FLOORS: readonly { name: string; files: RegExp }[] = [
  { name: "routes, root and entries", files: /^app\/(routes\/|[^/]+$)/ },
  { name: "pages", files: /^app\/pages\// },
  { name: "blocks", files: /^app\/blocks\// },
  { name: "features", files: /^app\/features\// },
  { name: "components and islands", files: /^app\/(components|islands)\// },
  { name: "content", files: /^app\/content\// },
  { name: "server and lib", files: /^app\/(server|lib)\// },
];

/** The floor of a file (its index in FLOORS), or -1 for a file on none. */
export function floorOf(file: string): number {
  return FLOORS.findIndex((floor) => floor.files.test(file));
}

/** Every import that points to a floor above its file's, and every file on no floor. */
export function upwardImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [source, targets] of graph) {
    const from = floorOf(source);
    if (from < 0) found.push(`${source}: on no floor`);
    for (const target of targets) if (floorOf(target) < from) found.push(`${source} -> ${target}`);
  }
  return found.sort();
}

/** A function's place and length in lines (its whole text, from its name or parameters to its closing brace). */
export interface FunctionLength {
  file: string;
  line: number;
  lines: number;
}

/** Every function of the app (declarations, methods, function expressions and arrows), longest first. */
export function functionLengths(root: string, dirs = ["app"]): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const dir of dirs) {
    for (const path of filesUnder(join(root, dir))) {
      const file = relative(root, path);
      const source = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          found.push({ file, line: start + 1, lines: end - start + 1 });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

/** Every import whose source matches `from` and whose target matches `to`. */
export function importsBetween(graph: ImportGraph, from: (file: string) => boolean, to: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const [source, targets] of graph) {
    if (!from(source)) continue;
    for (const target of targets) if (to(target)) found.push(`${source} -> ${target}`);
  }
  return found.sort();
}

const isDirect = import.meta.url === `file://${process.argv[1]}`;
if (isDirect) {
  const root = process.cwd();
  const verbose = process.argv.includes("--verbose");
  const graph = importGraph(root);
  const circles = importCircles(graph);
  const upward = upwardImports(importGraph(root, ["app"], { types: true }));
  const pairs = mutualFolderPairs(graph);
  console.log(`files: ${graph.size}`);
  console.log(`floors, top to bottom: ${FLOORS.map((floor) => floor.name).join(" > ")}`);
  console.log(`largest import circle: ${circles[0]?.length ?? 0} files; circles: ${circles.map((c) => c.length).join(", ") || "none"}`);
  if (verbose) for (const c of circles) console.log(`  circle of ${c.length}:\n    ${c.join("\n    ")}`);
  console.log(`imports pointing up a floor (type imports counted): ${upward.length}`);
  for (const i of upward) console.log(`  ${i}`);
  console.log(`folder pairs importing each other: ${pairs.length}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
  const functions = functionLengths(root);
  const longest = functions[0];
  console.log(`longest function: ${longest ? `${longest.lines} lines (${longest.file}:${longest.line})` : "none"}; over 200 lines: ${functions.filter((f) => f.lines > 200).length}`);
}
