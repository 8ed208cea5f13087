import { beforeAll } from "vitest";

// Block components load lazily (ADR 020); the server loads them all at start-up (entry.server.tsx)
// and so do the unit tests, before any test renders a block. Imported after the test file's own
// module mocks (vi.mock) are in place.
beforeAll(async () => {
  const { loadAllBlocks } = await import("~/blocks/loading");
  await loadAllBlocks();
});
