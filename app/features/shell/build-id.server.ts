/**
 * The id of the running build: the version of Remix's asset manifest. The root loader sends it
 * with every document (the browser's build freshness check). Read from Remix's server build module
 * (the virtual module the Vite plugin provides); in development there is no fixed build and the
 * freshness check stays off.
 */
let cached: Promise<string | null> | undefined;

export function getBuildId(): Promise<string | null> {
  if (import.meta.env.DEV) return Promise.resolve(null);
  cached ??= import("virtual:remix/server-build").then(
    (build: { assets?: { version?: unknown } }) => (typeof build.assets?.version === "string" ? build.assets.version : null),
    () => null,
  );
  return cached;
}
