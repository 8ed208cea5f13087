// Setup file of the unit tests (vite.config.ts, test.setupFiles): a React warning fails the test
// that caused it (console-check.ts says why and how a test declares one it expects).
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from "vitest";
import { consoleCheck, type Level } from "./console-check";

const levels = ["error", "warn"] as const;
let restoreConsole: () => void = () => {};
let before: Partial<Record<Level, { spy: MockInstance; calls: number }>> = {};

// Before the test file's own hooks, after them at the end (hooks run in stack order): a spy a
// test puts on console.error wraps the recorder.
beforeAll(() => {
  restoreConsole = consoleCheck.install({ print: true });
});

afterAll(() => {
  restoreConsole();
  // What was logged outside any test (in beforeAll or afterAll) fails the file.
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});

beforeEach(() => {
  const failure = consoleCheck.finish();
  before = {};
  for (const level of levels) {
    const current = console[level];
    if (vi.isMockFunction(current)) before[level] = { spy: current, calls: current.mock.calls.length };
  }
  if (failure) throw new Error(`Logged before this test, in a beforeAll hook:\n\n${failure}`);
});

afterEach(() => {
  // A test that silences console.error with its own spy (mockImplementation) keeps the calls
  // from the recorder, so they are read off the spy while it is still in place.
  for (const level of levels) {
    const current = console[level];
    if (!vi.isMockFunction(current) || !current.getMockImplementation()) continue;
    const from = before[level]?.spy === current ? before[level].calls : 0;
    for (const args of current.mock.calls.slice(from)) consoleCheck.record(level, args);
  }
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});
