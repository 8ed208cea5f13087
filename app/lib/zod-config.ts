import { config } from "zod";

/**
 * zod 4 probes `new Function` (its JIT) when it builds an object schema. The site's CSP has no
 * 'unsafe-eval', so in the browser the probe is a reported CSP violation (a DevTools issue, and
 * Lighthouse best practices 96). Schemas are built without the JIT instead.
 *
 * Browser code rarely needs zod (the server parses content): the modules that do (form
 * validation, the finance calculator's request schema, the preview's parser) import this module.
 * vite.config.ts puts it in zod's own chunk, so it runs as soon as zod loads, before any module
 * builds a schema; package.json lists it under "sideEffects" so the bundler keeps it.
 */
config({ jitless: true });
