import { beforeAll } from "vitest";

// Block components load lazily (ADR 020); the server loads them all at start-up (entry.server.tsx).
// A test file that renders blocks imports this module: every block is loaded before its first
// test (dynamically, so after the file's own module mocks, vi.mock, are in place). The first file
// to do so transforms every block module, which takes more than the default 10 s hook timeout on a
// busy 2-core machine.
beforeAll(async () => {
  const { loadAllBlocks } = await import("~/blocks/runtime/loading");
  const { loadAllDeferred } = await import("~/blocks/runtime/deferred");
  await Promise.all([loadAllBlocks(), loadAllDeferred()]);
}, 60_000);
