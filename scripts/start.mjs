// `npm start`: installs dependencies when missing, builds when the build is missing or stale,
// then serves the production build (on the fixture content unless STORYBLOK_TOKEN is set).
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies } from "./lib.mjs";

ensureDependencies();
ensureBuild();
const child = spawn(process.execPath, ["server-build/server.js"], {
  stdio: "inherit",
  // glibc makes up to 8 malloc arenas per core, and image encodes on several threads leave each
  // one holding freed memory: two arenas bound it. An operator's own value wins.
  env: { MALLOC_ARENA_MAX: "2", ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
