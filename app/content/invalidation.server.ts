import { randomUUID } from "node:crypto";
import { PostgresHandledWebhooks, type HandledWebhookStore } from "./webhook.server";

/**
 * Content invalidation shared by every instance. A publish webhook reaches one
 * instance; `invalidateEverywhere` runs this instance's subscribers at once, reads the new content
 * version, and tells the other instances, whose subscribers then run with that version. Today the
 * content cache subscribes (cache.server.ts); a page cache subscribes the same way
 * (`onContentInvalidated`). Between instances the message goes over Postgres LISTEN/NOTIFY when
 * DATABASE_URL is set (`startInvalidationChannel`, started by server.ts); without it there is one
 * instance and the message stays local.
 *
 * The Remix build and server.ts's bundle are separate module graphs: they share one bus through a
 * process-wide slot, like the lead store.
 */

export interface ContentInvalidation {
  /** The content version after the change, when known (subscribers remember it). */
  cv: number | null;
  /** What happened (a webhook's action), for logs. */
  reason: string;
  /** The surrogate keys of what changed (surrogate-keys.ts); null: anything may have. */
  keys: string[] | null;
}

type Listener = (event: ContentInvalidation) => void;
/** Sends an event to the other instances. */
type Publisher = (event: ContentInvalidation & { origin: string }) => Promise<void>;

interface Bus {
  listeners: Set<Listener>;
  publisher: Publisher | null;
  /** This process: its own notifications come back to it and are ignored. */
  instanceId: string;
  /** Handled webhook bodies shared by the instances (the channel's database), when there is one. */
  handledWebhooks?: HandledWebhookStore | null;
}

const SLOT = Symbol.for("kestrel.content.invalidation");
function bus(): Bus {
  const g = globalThis as unknown as Record<symbol, Bus | undefined>;
  return (g[SLOT] ??= { listeners: new Set(), publisher: null, instanceId: randomUUID() });
}

/** The store of handled webhook bodies the instances share, if the channel runs. */
export function sharedHandledWebhooks(): HandledWebhookStore[] {
  const store = bus().handledWebhooks;
  return store ? [store] : [];
}

/** Subscribes to invalidations (this instance's and the others'); returns the unsubscribe function. */
export function onContentInvalidated(listener: Listener): () => void {
  bus().listeners.add(listener);
  return () => bus().listeners.delete(listener);
}

/** Runs this instance's subscribers; one that throws does not stop the others. */
export function notifyLocal(event: ContentInvalidation): void {
  for (const listener of bus().listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error(`[invalidation] a subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Content changed: invalidates this instance (subscribers get cv null), reads the new version
 * with `readVersion` (the subscribers remember it), then tells every other instance (with the
 * version). `keys` are the surrogate keys of what changed (page caches outdate only those pages;
 * null: every page). Returns the version read. A failure to reach the others is logged; their caches then
 * catch up through the cv of their next responses and their policies' fresh times.
 */
export async function invalidateEverywhere(reason: string, readVersion: () => Promise<number | null>, keys: string[] | null = null): Promise<number | null> {
  notifyLocal({ cv: null, reason, keys });
  const cv = await readVersion();
  const { publisher, instanceId } = bus();
  if (publisher) {
    await publisher({ cv, reason, keys, origin: instanceId }).catch((error: unknown) => {
      console.error(`[invalidation] telling the other instances failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return cv;
}

/** The channel's name in Postgres. */
export const INVALIDATION_CHANNEL = "kestrel_content_invalidated";

/** A received notification's event, or null when it is not one of ours or is this instance's own. */
export function parseNotification(payload: string | undefined, instanceId: string): ContentInvalidation | null {
  if (!payload) return null;
  try {
    const data = JSON.parse(payload) as { cv?: unknown; reason?: unknown; origin?: unknown; keys?: unknown };
    if (data.origin === instanceId) return null;
    const cv = typeof data.cv === "number" && Number.isFinite(data.cv) && data.cv > 0 ? data.cv : null;
    // Keys as the server writes them; anything else (an older instance's message) invalidates everything.
    const keys = Array.isArray(data.keys) && data.keys.length > 0 && data.keys.every((k) => typeof k === "string" && /^[A-Za-z0-9_-]{1,200}$/.test(k)) ? (data.keys as string[]) : null;
    return { cv, reason: typeof data.reason === "string" ? data.reason : "remote", keys };
  } catch {
    return null;
  }
}

export interface InvalidationChannel {
  stop(): Promise<void>;
}

type PgClient = import("pg").Client;

/**
 * Listens on INVALIDATION_CHANNEL with a connection of its own and publishes with NOTIFY. A lost
 * connection is opened again after a second; since notifications may have been missed meanwhile,
 * the instance then invalidates itself (a few extra content reads, never old content).
 */
export async function startInvalidationChannel(databaseUrl: string, options: { retryMs?: number } = {}): Promise<InvalidationChannel> {
  const pg = await import("pg");
  const Client = pg.default?.Client ?? pg.Client;
  const retryMs = options.retryMs ?? 1_000;
  const state = bus();
  let client: PgClient | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      const event = parseNotification(message.payload, state.instanceId);
      if (event) notifyLocal(event);
    });
    const lost = (why: string) => {
      if (stopped || client !== next) return;
      client = null;
      console.error(`[invalidation] the Postgres channel was lost (${why}); reconnecting`);
      next.end().catch(() => {});
      schedule();
    };
    next.on("error", (error: Error) => lost(error.message));
    next.on("end", () => lost("connection ended"));
    await next.connect();
    await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (reconnecting) notifyLocal({ cv: null, reason: "channel reconnected", keys: null });
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect(true).catch((error: unknown) => {
        console.error(`[invalidation] reconnecting failed: ${error instanceof Error ? error.message : String(error)}`);
        schedule();
      });
    }, retryMs);
    timer.unref?.();
  };

  await connect(false);
  state.publisher = async (event) => {
    // NOTIFY goes to every listening connection, this instance's too (ignored by origin).
    const sender = client;
    if (!sender) throw new Error("the Postgres channel is reconnecting");
    await sender.query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, JSON.stringify(event)]);
  };
  state.handledWebhooks = new PostgresHandledWebhooks(async (text, values) => {
    const sender = client;
    if (!sender) throw new Error("the Postgres channel is reconnecting");
    return sender.query(text, values);
  });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      state.publisher = null;
      state.handledWebhooks = null;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
