import { beforeAll } from "vitest";

// Block components load lazily; the server loads them all at start-up (entry.server.tsx), and a
// block renders only once its code has loaded (app/blocks/runtime/loading.ts). A test file that
// renders blocks imports this module: every block is loaded before its first test (dynamically,
// so after the file's own module mocks, vi.mock, are in place). The first file to do so transforms
// every block module, which takes more than the default 10 s hook timeout on a busy 2-core machine.
beforeAll(async () => {
  const { loadAllBlocks } = await import("~/blocks/runtime/loading");
  await loadAllBlocks();
}, 60_000);
