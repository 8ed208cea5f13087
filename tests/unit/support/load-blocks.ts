import { beforeAll } from "vitest";

// Block components load lazily (ADR 020); the server loads them all at start-up (entry.server.tsx).
// A test file that renders blocks imports this module: every block is loaded before its first
// test (dynamically, so after the file's own module mocks, vi.mock, are in place).
beforeAll(async () => {
  const { loadAllBlocks } = await import("~/blocks/loading");
  await loadAllBlocks();
});
