// Setup file of the unit tests (vite.config.ts, test.setupFiles): a React warning fails the test
// that caused it (console-check.ts says why and how a test declares one it expects).
import { afterAll, afterEach, beforeEach } from "vitest";
import { consoleCheck } from "./console-check";

// From before the test file loads; its hooks run after this file's, and its afterAll ones before.
const restoreConsole = consoleCheck.install({ print: true });

afterAll(() => {
  restoreConsole();
  // What was logged after the last test (in an afterAll hook) fails the file.
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});

beforeEach(() => {
  const failure = consoleCheck.finish();
  if (failure) throw new Error(`Logged outside a test (as the file loaded, in a beforeAll hook, or after the previous test):\n\n${failure}`);
});

afterEach(() => {
  const failure = consoleCheck.finish();
  if (failure) throw new Error(failure);
});
