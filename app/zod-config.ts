import { config } from "zod";

/**
 * zod 4 probes `new Function` (its JIT) when it builds an object schema. The site's CSP has no
 * 'unsafe-eval', so in the browser the probe is a reported CSP violation (a DevTools issue, and
 * Lighthouse best practices 96). Schemas are built without the JIT instead.
 *
 * A side-effect module imported first by app/root.tsx (the first route module the browser
 * evaluates), so it runs before any module builds a schema; package.json lists it under
 * "sideEffects" so the bundler keeps it.
 */
config({ jitless: true });
