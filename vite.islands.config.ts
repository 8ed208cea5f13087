import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The browser build of the islands (app/entry.islands.ts), beside Remix's own browser build:
 * `build/client/islands/`, with a manifest the server reads for the entry and its preloads
 * (app/islands/assets.server.ts). The entry is plain DOM code; React comes with the runtime
 * (app/islands-runtime.tsx and the small modules every island renders with) for the first island
 * that hydrates, and each island's code is a chunk of its own, loaded when the island hydrates.
 * React and ReactDOM are one chunk (it changes only with an upgrade); zod and its setting are one
 * (app/lib/zod-config.ts says why).
 */

/** The stylesheets come from Remix's build (one per page, linked by the root); here a CSS import is nothing. */
function withoutCss(): Plugin {
  return {
    name: "islands-without-css",
    enforce: "pre",
    resolveId(source) {
      return /\.css(\?.*)?$/.test(source) ? "\0islands-empty-css" : null;
    },
    load(id) {
      return id === "\0islands-empty-css" ? "export default {};" : null;
    },
  };
}

/** Server code never reaches the browser: a `.server` module imported by an island is a build error. */
function noServerModules(): Plugin {
  return {
    name: "islands-no-server-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && /\.server(\.[jt]sx?)?$|\/\.server\//.test(resolved.id)) {
        this.error(`${resolved.id} is server code, imported by ${importer}: it cannot be part of an island.`);
      }
      return resolved;
    },
  };
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler)\//;
/**
 * The React half of the islands' runtime and what every island reads through it (the page's
 * providers, the site state's hook and valtio's React half, the page's location and form,
 * `useHydrated`): one chunk, loaded with the first island that hydrates. None of it may be part of the plain entry's graph, which would
 * then load React with the page (the performance e2e spec checks the entry imports nothing).
 */
const RUNTIME =
  /\/app\/(islands-runtime|islands\/(island|hydrate|use-hydrated|page-location|page-form)|features\/routing\/page-providers|features\/site-state\/site-context|components\/site-country)\.tsx?$|\/node_modules\/(valtio|proxy-compare)\//;

/**
 * The small modules the islands render with (links, images, buttons, labels, breakpoints, a
 * block's items and place): in the runtime's chunk, since every island loads some of them with
 * it; not a dozen chunks of a few hundred bytes each, nor one beside the runtime's, which
 * compress worse apart and cost a request each.
 */
const UI =
  /\/app\/(components\/(blok-renderer|use-media-query|smart-link|breakpoints|labels|section|button|image|button-id|block-hooks)|content\/links|lib\/(object|media-kind|image-url|asset-hosts))\.tsx?$/;

/**
 * Rich text and the section header that renders it: a chunk of its own, loaded only by the
 * islands that render rich content (not the home page's hero, a slider of images and buttons).
 */
const RICH_TEXT = /\/app\/components\/(rich-text|static-rich-text|text-or-rich|section-block)\.tsx$/;

interface ChunkApi {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/**
 * The modules the plain entry imports statically, at any depth. They stay in the entry's chunk
 * whoever else imports them: Rollup would otherwise pull a module that the runtime's chunk depends
 * on into that chunk, and the entry would then import it, and React with it.
 */
function entryGraph(api: ChunkApi): Set<string> {
  const graph = new Set<string>();
  const visit = (id: string) => {
    if (graph.has(id)) return;
    graph.add(id);
    for (const imported of api.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of api.getModuleIds()) if (api.getModuleInfo(id)?.isEntry) visit(id);
  return graph;
}

let entry: Set<string> | null = null;

/** A new build works the entry's graph out afresh. */
function freshEntryGraph(): Plugin {
  return {
    name: "islands-fresh-entry-graph",
    buildStart() {
      entry = null;
    },
  };
}

export default defineConfig({
  base: "/islands/",
  publicDir: false,
  plugins: [withoutCss(), noServerModules(), freshEntryGraph(), tsconfigPaths()],
  esbuild: { jsx: "automatic" },
  // The dev server (server.ts) compiles JSX for React's development runtime, which the scan of the
  // entry's imports does not find: found late, it would be bundled again, and the page would load
  // a second React mid-hydration.
  optimizeDeps: { include: ["react/jsx-dev-runtime"] },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "build/client/islands",
    emptyOutDir: true,
    manifest: true,
    // The server announces each island's chunks beside it (app/islands.server.ts): no preload map
    // of every island's files in the entry, no script inserting links late.
    modulePreload: false,
    rollupOptions: {
      input: "app/entry.islands.ts",
      output: {
        // No folding of small chunks: each island's module keeps its own chunk and its entry in the
        // manifest, which the server's preload hints look up by module. The runtime's chunk is
        // found by its name (islands-runtime), as a module another imports statically is.
        manualChunks(id, api) {
          if (id.includes("/node_modules/zod/") || id.endsWith("/app/lib/zod-config.ts")) return "zod";
          if (FRAMEWORK.test(id) || id.startsWith("\0commonjsHelpers")) return "react";
          entry ??= entryGraph(api);
          if (entry.has(id)) return "entry.islands";
          if (RUNTIME.test(id) || UI.test(id)) return "islands-runtime";
          if (RICH_TEXT.test(id)) return "rich-text";
          return undefined;
        },
      },
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
    },
  },
});
