// `npm run test:pg -- <command...>` (default: `npx vitest run`): runs the command with
// TEST_DATABASE_URL pointing at a throwaway Postgres cluster (see startPostgres in lib.mjs), so the
// Postgres suites run instead of skipping, then stops and removes the cluster.
import { run, startPostgres } from "./lib.mjs";

const args = process.argv.slice(2);
const [command, ...rest] = args.length ? args : ["npx", "vitest", "run"];
const postgres = startPostgres();
process.on("exit", postgres.stop);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
console.log(`Postgres for the tests: ${postgres.url}`);
const status = run(command, rest, { env: { TEST_DATABASE_URL: postgres.url } });
process.exit(status);
