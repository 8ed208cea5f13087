/**
 * npm run leads -- <command>
 *
 *   export [--status pending|delivered|failed|held] [--out <file.csv>]
 *          Writes the stored leads as CSV (to stdout, or to the file). The CSV holds personal data:
 *          keep it where the privacy policy allows.
 *   retry  Re-queues every failed lead; the running server's outbox delivers them.
 *   release [<lead id>]
 *          Releases held leads (past the per-contact limit, kept for review: list them with
 *          `export --status held`), every one or the one named: the outbox delivers them.
 *   status Counts of pending, delivered, failed and held leads.
 *
 * The store is the server's: DATABASE_URL (Postgres) when set, else LEADS_DB_PATH (SQLite,
 * default data/leads.db).
 *
 * Exit status: 0 when every row was written; 1 when the export stopped (a store error, or the
 * output closed early: `| head` reading only the first lines ends it with EPIPE, reported on
 * stderr); 2 for a usage error.
 */
import { writeFileSync } from "node:fs";
import { drained, isBrokenPipe, writeFully } from "~/features/forms/cli-output.server";
import { leadsToCsv } from "~/features/forms/export";
import { describeLeadStore, leadStoreConfigFromEnv, openLeadStore, type LeadStatus } from "~/features/forms/store.server";

const STATUSES: readonly LeadStatus[] = ["pending", "delivered", "failed", "held"];

function usage(): never {
  console.error("usage: npm run leads -- export [--status pending|delivered|failed|held] [--out file.csv] | retry | release [lead-id] | status");
  process.exit(2);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) usage();
  return value;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !["export", "retry", "release", "status"].includes(command)) usage();
  // A command-line tool: it reads the store's two variables itself (the server's start-up
  // validation of every other variable does not apply here).
  const config = leadStoreConfigFromEnv({ DATABASE_URL: process.env.DATABASE_URL, LEADS_DB_PATH: process.env.LEADS_DB_PATH });
  const store = await openLeadStore(config);
  try {
    if (command === "export") {
      const status = option(args, "--status");
      if (status !== undefined && !STATUSES.includes(status as LeadStatus)) usage();
      const leads = await store.list(status as LeadStatus | undefined);
      const csv = leadsToCsv(leads);
      const out = option(args, "--out");
      if (out) {
        writeFileSync(out, csv, { mode: 0o600 });
        console.error(`Wrote ${leads.length} lead(s) from ${describeLeadStore(config)} to ${out}`);
      } else {
        try {
          // Waits until the rows are handed on: exiting first loses whatever a pipe has not taken.
          await writeFully(process.stdout, csv);
        } catch (error) {
          if (!isBrokenPipe(error)) throw error;
          console.error(`leads: the output was closed before every lead was written (EPIPE); the export is incomplete`);
          return 1;
        }
      }
    } else if (command === "retry") {
      const count = await store.requeueFailed(Date.now());
      console.log(`Re-queued ${count} failed lead(s) in ${describeLeadStore(config)}; the server's outbox delivers them.`);
    } else if (command === "release") {
      const id = args[0];
      const count = await store.releaseHeld(Date.now(), id);
      console.log(`Released ${count} held lead(s)${id ? ` (${id})` : ""} in ${describeLeadStore(config)}; the server's outbox delivers them.`);
      if (id && count === 0) return 1;
    } else {
      const counts = await store.counts();
      console.log(`${describeLeadStore(config)}: ${counts.pending} pending, ${counts.delivered} delivered, ${counts.failed} failed, ${counts.held} held`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

/** Exits once stdout and stderr have handed on what was written to them. */
async function exit(code: number): Promise<never> {
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

main().then(exit, (error: unknown) => {
  console.error(`leads: ${error instanceof Error ? error.message : String(error)}`);
  return exit(1);
});
