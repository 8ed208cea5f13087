import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A CRM stand-in over real HTTP. It answers 503 to the first `failFirst` requests (the CRM is
 * down), then accepts. Like a CRM that honours idempotency keys, it processes a key once and
 * answers a repeat with 200 without processing it again. `slowFirstFor` keys are processed but
 * answered late (after `slowMs`): the outbox times out and must retry without a second lead.
 */
export interface CrmRequest {
  path: string;
  key: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
  status: number;
}

export interface CrmStub {
  url: string;
  requests: CrmRequest[];
  /** Keys the CRM processed (created a lead for); a repeat of a key is acknowledged, not processed. */
  processed: Set<string>;
  /** 2xx answers per idempotency key: 1 means the outbox stopped after the first success. */
  successes: Map<string, number>;
  failFirst: number;
  /** Answer every request with this status (e.g. 400) when set. */
  alwaysStatus: number | null;
  slowFirstFor: Set<string>;
  slowMs: number;
  /** Every request is answered after this long (a slow CRM); 0 = at once. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startCrmStub(options: { failFirst?: number } = {}): Promise<CrmStub> {
  const stub: Omit<CrmStub, "url" | "close"> = {
    requests: [],
    processed: new Set(),
    successes: new Map(),
    failFirst: options.failFirst ?? 0,
    alwaysStatus: null,
    slowFirstFor: new Set(),
    slowMs: 300,
    delayMs: 0,
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = req.headers["idempotency-key"] as string | undefined;
    const record: CrmRequest = {
      path: req.url ?? "",
      key,
      authorization: req.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>,
      status: 0,
    };
    stub.requests.push(record);
    let status = 200;
    if (stub.alwaysStatus !== null) status = stub.alwaysStatus;
    else if (stub.requests.length <= stub.failFirst) status = 503;
    record.status = status;
    if (status >= 200 && status < 300 && key) {
      stub.processed.add(key);
      stub.successes.set(key, (stub.successes.get(key) ?? 0) + 1);
      if (stub.slowFirstFor.has(key)) {
        stub.slowFirstFor.delete(key);
        await new Promise((r) => setTimeout(r, stub.slowMs));
      }
    }
    if (stub.delayMs > 0) await new Promise((r) => setTimeout(r, stub.delayMs));
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: status < 300 }));
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/crm/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  });
}
