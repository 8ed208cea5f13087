// Setup file of the unit tests (vite.config.ts, test.setupFiles): a React warning fails the test
// that caused it (console-check.ts says why and how a test declares one it expects).
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { consoleCheck } from "./console-check";

let restoreConsole: () => void = () => {};

// Before the test file's own hooks, and after them at the end (hooks run in stack order).
beforeAll(() => {
  restoreConsole = consoleCheck.install({ print: true });
});

afterAll(() => {
  restoreConsole();
  // What was logged outside any test (in an afterAll hook) fails the file.
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});

beforeEach(() => {
  const failure = consoleCheck.finish();
  if (failure) throw new Error(`Logged between tests (in a beforeAll hook, or after the previous test):\n\n${failure}`);
});

afterEach(() => {
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});
