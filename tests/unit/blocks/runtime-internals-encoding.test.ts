/** Contract test of app/blocks/runtime/internals.ts, technique 3 (see runtime-internals.test.tsx). */
import { readFileSync } from "node:fs";
import { decode, encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { hideFromPageData } from "~/blocks/runtime/internals";

describe("runtime internals: Remix's page-data encoding", () => {
  it("Remix's page-data encoding (turbo-stream) leaves out fields that are not enumerable", async () => {
    const view = { _uid: "u1", component: "text-content" };
    hideFromPageData(view, "text", "A long text the browser never reads");
    expect((view as Record<string, unknown>).text).toBe("A long text the browser never reads");
    const data = { blockData: {}, body: [view] };
    let text = "";
    const reader = encode(data).getReader();
    const utf8 = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += utf8.decode(chunk.value as unknown as Uint8Array);
    expect(text).toContain("text-content");
    expect(text).not.toContain("never reads");
    const decoded = await decode(encode(data) as unknown as ReadableStream<Uint8Array>);
    await decoded.done;
    expect(decoded.value).toEqual({ blockData: {}, body: [{ _uid: "u1", component: "text-content" }] });
  });
});

describe("runtime internals: the versions they were checked against", () => {
  const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
  it.each([
    ["react", "18.3.1"],
    ["react-dom", "18.3.1"],
    ["@remix-run/react", "2.17.5"],
    ["@remix-run/server-runtime", "2.17.5"],
    ["turbo-stream", "2.4.1"],
  ])("%s is %s: after an upgrade, re-check app/blocks/runtime/internals.ts and update its pins", (name, pinned) => {
    expect(version(name), `${name} was upgraded: re-check every technique in app/blocks/runtime/internals.ts`).toBe(pinned);
  });
});
