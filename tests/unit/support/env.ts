import { getEnv, parseEnv, type Env } from "~/server/env.server";

/**
 * Test values for the validated environment that server modules read through getEnv().
 *
 * getEnv() parses process.env once, on first use, and caches it: a test file may still set
 * process.env at its top (before anything reads the environment), but a change later in the file
 * is not seen. stubEnv() changes the cached environment in place instead (as the webhook test
 * does by hand), with values given as in process.env and validated by parseEnv: "off" becomes
 * false for IMAGE_SERVICE, CONTENT_DIR also sets CONTENT_DIR_ABS, "" or undefined unsets.
 * Stubs add up until restoreEnv() (call it in afterEach or afterAll) puts back the values from
 * before the first one.
 */

let original: Env | null = null;
let stubbed: Record<string, string | undefined> = {};

function replace(env: Env, values: Env): void {
  const target = env as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) if (!(key in values)) delete target[key];
  Object.assign(env, values);
}

/** Sets these variables (undefined: unset) in getEnv() as if process.env had them; returns it. */
export function stubEnv(vars: Record<string, string | undefined>): Env {
  const env = getEnv();
  original ??= { ...env };
  stubbed = { ...stubbed, ...vars };
  replace(env, parseEnv({ ...process.env, ...stubbed }));
  return env;
}

/** Undoes every stubEnv() since the last restore. */
export function restoreEnv(): void {
  if (original) replace(getEnv(), original);
  original = null;
  stubbed = {};
}
