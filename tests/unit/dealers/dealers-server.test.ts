import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  DEALER_CACHE_TTL_MS,
  DEALER_RETRY_AFTER_FAILURE_MS,
  getDealerData,
  resetDealerCache,
  resolveDealerFileSource,
} from "~/features/dealers/dealers.server";
import { restoreEnv, stubEnv } from "../support/env";
import { dealerCsv, dealerRow } from "./fixtures";

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});

const PMA_CSV = "Postcode,Dealer code\n3121,K100\n";
const GAZETTEER_CSV = "Postcode,Locality,State/Region,Country,Latitude,Longitude\n3121,Richmond,VIC,AU,-37.8182,145.0018\n";

let dir: string;
let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;
let now: number;

function writeAsset(name: string, text: string) {
  writeFileSync(path.join(dir, "assets", name), text);
}

function readsOf(name: string): number {
  return vi.mocked(readFile).mock.calls.filter(([file]) => String(file).endsWith(`${path.sep}${name}`)).length;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "dealers-"));
  mkdirSync(path.join(dir, "assets"));
  writeAsset("dealers.csv", dealerCsv([dealerRow(), dealerRow({ "Dealer code": "K101", City: "Burnley" })]));
  writeAsset("pma.csv", PMA_CSV);
  writeAsset("postcodes.csv", GAZETTEER_CSV);
  stubEnv({ CONTENT_DIR: dir, DEALERS_CSV_URL: undefined, PMA_CSV_URL: undefined });
  now = 1_000_000;
  vi.spyOn(Date, "now").mockImplementation(() => now);
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  error = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.mocked(readFile).mockClear();
  resetDealerCache();
});

afterEach(() => {
  resetDealerCache();
  vi.restoreAllMocks();
  restoreEnv();
  vi.unstubAllGlobals();
  rmSync(dir, { recursive: true, force: true });
});

describe("getDealerData", () => {
  it("reads the three files from CONTENT_DIR/assets when no URL is set", async () => {
    const data = await getDealerData();
    expect(data.dealers.map((d) => d.code)).toEqual(["K100", "K101"]);
    expect([...data.pma]).toEqual([["3121", "K100"]]);
    expect(data.gazetteer).toEqual([
      { postcode: "3121", locality: "Richmond", region: "VIC", country: "au", lat: -37.8182, lng: 145.0018 },
    ]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("coalesces concurrent calls into one read of each file", async () => {
    const [a, b] = await Promise.all([getDealerData(), getDealerData()]);
    expect(a).toBe(b);
    expect(readsOf("dealers.csv")).toBe(1);
    expect(readsOf("pma.csv")).toBe(1);
    expect(readsOf("postcodes.csv")).toBe(1);
  });

  it("serves from memory for 300000 ms, then reloads", async () => {
    const first = await getDealerData();
    writeAsset("dealers.csv", dealerCsv([dealerRow({ "Dealer code": "NEW" })]));
    now += DEALER_CACHE_TTL_MS - 1;
    expect(await getDealerData()).toBe(first);
    expect(readsOf("dealers.csv")).toBe(1);
    now += 1;
    const second = await getDealerData();
    expect(second.dealers.map((d) => d.code)).toEqual(["NEW"]);
    expect(readsOf("dealers.csv")).toBe(2);
    expect(DEALER_CACHE_TTL_MS).toBe(300_000);
  });

  it("reads a /media/... URL from the assets folder", async () => {
    writeAsset("dealers-2025.csv", dealerCsv([dealerRow({ "Dealer code": "M1" })]));
    stubEnv({ DEALERS_CSV_URL: "/media/dealers-2025.csv" });
    expect((await getDealerData()).dealers.map((d) => d.code)).toEqual(["M1"]);
  });

  it("fetches an http(s) URL", async () => {
    const fetchMock = vi.fn(async () => new Response(dealerCsv([dealerRow({ "Dealer code": "R1" })])));
    vi.stubGlobal("fetch", fetchMock);
    stubEnv({ DEALERS_CSV_URL: "https://assets.example.com/f/1/dealers.csv?token=secret" });
    const data = await getDealerData();
    expect(data.dealers.map((d) => d.code)).toEqual(["R1"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readsOf("dealers.csv")).toBe(0);
    expect(readsOf("pma.csv")).toBe(1);
  });

  it("returns empty lists and logs an error when a lookup fails, without throwing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 503 })),
    );
    stubEnv({ DEALERS_CSV_URL: "https://assets.example.com/dealers.csv?token=secret", CONTENT_DIR: path.join(dir, "missing") });
    const data = await getDealerData();
    expect(data.dealers).toEqual([]);
    expect(data.pma.size).toBe(0);
    expect(data.gazetteer).toEqual([]);
    expect(error).toHaveBeenCalledTimes(3);
    const messages = error.mock.calls.map((call) => String(call[0]));
    expect(messages[0]).toBe(
      "[dealers] Could not load the dealer file (https://assets.example.com/dealers.csv): HTTP 503; using an empty list",
    );
    expect(messages.join("\n")).not.toContain("secret");
  });

  it("retries a failed load after 30 s and logs the same failure only once", async () => {
    stubEnv({ CONTENT_DIR: path.join(dir, "missing") });
    await getDealerData();
    expect(error).toHaveBeenCalledTimes(3);
    now += DEALER_RETRY_AFTER_FAILURE_MS;
    await getDealerData();
    expect(readsOf("dealers.csv")).toBe(2);
    expect(error).toHaveBeenCalledTimes(3);
  });

  it("keeps the last good data when a reload fails", async () => {
    await getDealerData();
    writeAsset("dealers.csv", "<html>Server error</html>");
    now += DEALER_CACHE_TTL_MS;
    const data = await getDealerData();
    expect(data.dealers.map((d) => d.code)).toEqual(["K100", "K101"]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toMatch(/Missing column\(s\).*keeping the last good data/);
  });

  it("skips bad rows, logging them once with console.warn", async () => {
    writeAsset(
      "dealers.csv",
      dealerCsv([dealerRow(), dealerRow({ "Dealer code": "BAD", Latitude: "x", Email: "someone@example.com" })]),
    );
    const data = await getDealerData();
    expect(data.dealers.map((d) => d.code)).toEqual(["K100"]);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0][0]);
    expect(message).toContain("row 3: Dealer BAD: Latitude is not a number");
    expect(message).not.toContain("someone@example.com");
    now += DEALER_CACHE_TTL_MS;
    await getDealerData();
    expect(readsOf("dealers.csv")).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("does not let a load started before a reset fill the cache", async () => {
    const stale = getDealerData();
    resetDealerCache();
    writeAsset("dealers.csv", dealerCsv([dealerRow({ "Dealer code": "AFTER" })]));
    await stale;
    expect((await getDealerData()).dealers.map((d) => d.code)).toEqual(["AFTER"]);
  });
});

describe("resolveDealerFileSource", () => {
  it("maps unset and /media/ values to the assets folder and keeps URLs", () => {
    const assets = path.join(dir, "assets");
    expect(resolveDealerFileSource(undefined, "dealers.csv")).toEqual({
      kind: "file",
      path: path.join(assets, "dealers.csv"),
    });
    expect(resolveDealerFileSource(" ", "pma.csv")).toEqual({ kind: "file", path: path.join(assets, "pma.csv") });
    expect(resolveDealerFileSource("/media/a%20b.csv?v=2", "x")).toEqual({
      kind: "file",
      path: path.join(assets, "a b.csv"),
    });
    expect(resolveDealerFileSource("https://x.example/d.csv", "x")).toEqual({
      kind: "url",
      url: "https://x.example/d.csv",
    });
  });

  it("refuses a /media/ path that leaves the assets folder, and other values", () => {
    expect(resolveDealerFileSource("/media/../secret.csv", "x").kind).toBe("invalid");
    expect(resolveDealerFileSource("/media/%2e%2e/secret.csv", "x").kind).toBe("invalid");
    expect(resolveDealerFileSource("dealers.csv", "x").kind).toBe("invalid");
  });

  it("defaults CONTENT_DIR to content-fixtures", () => {
    stubEnv({ CONTENT_DIR: undefined });
    expect(resolveDealerFileSource(undefined, "dealers.csv")).toEqual({
      kind: "file",
      path: path.resolve("content-fixtures", "assets", "dealers.csv"),
    });
  });
});
