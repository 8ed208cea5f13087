import type { Pool, PoolClient } from "pg";

/**
 * Runs `work` in one transaction that holds a transaction-scoped advisory lock, so instances
 * starting together on one database take turns (schema creation and migrations: two concurrent
 * `CREATE ... IF NOT EXISTS` can both miss the object and one then fails). Rolled back on error.
 */
export async function withAdvisoryLock(pool: Pool, lockId: number, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [lockId]);
    await work(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
