import { format } from "node:util";

/**
 * Fails a unit test on a React warning (tests/unit/support/console-check.setup.ts wires this in).
 *
 * React reports a bug it notices in development (a list without keys, an update outside act(),
 * wrong DOM nesting, an unknown prop, a hydration mismatch, an error caught by a boundary) through
 * console.error or console.warn and carries on, so such a test used to pass. Every console.error
 * and console.warn call is recorded; at the end of the test, the React reports among them fail
 * it. Other console output (the app's logger, an error a test provokes) prints and passes as
 * before. A test that provokes a React report on purpose declares it with expectConsoleError().
 */

export type Level = "error" | "warn";

type Expectation = { level: Level; pattern: RegExp | string; seen: boolean };

/** Whether this console message is React reporting a problem (React 18's wording). */
export function isReactReport(message: string): boolean {
  return (
    // printWarning() in react and react-dom: every development warning, hydration mismatches included.
    message.startsWith("Warning: ") ||
    // logCapturedError(): an error boundary (or the root) caught an error from a component.
    /^The above error occurred in /m.test(message) ||
    // A recoverable error logged by the root when nothing else reports it (hydrateRoot's onRecoverableError).
    /Hydration failed because|There was an error while hydrating|does not match server-rendered HTML/.test(message)
  );
}

function matches(pattern: RegExp | string, message: string): boolean {
  return typeof pattern === "string" ? message.includes(pattern) : pattern.test(message);
}

export class ConsoleCheck {
  private reports: Array<{ level: Level; message: string }> = [];
  private expectations: Expectation[] = [];

  /** Declares that the current test logs a message matching `pattern`: it then fails if none comes. */
  expect(level: Level, pattern: RegExp | string): void {
    this.expectations.push({ level, pattern, seen: false });
  }

  /**
   * Records one console call; returns true when the test declared it (then it need not be
   * printed). Only React reports are kept: the rest is ordinary output.
   */
  record(level: Level, args: unknown[]): boolean {
    const message = format(...args);
    const expected = this.expectations.filter((e) => e.level === level && matches(e.pattern, message));
    for (const e of expected) e.seen = true;
    if (expected.length === 0 && isReactReport(message)) this.reports.push({ level, message });
    return expected.length > 0;
  }

  /** The failure for what was recorded since the last call (undefined: none); starts afresh. */
  finish(): string | undefined {
    const unexpected = [...new Set(this.reports.map((r) => `console.${r.level}: ${r.message}`))];
    const missing = this.expectations.filter((e) => !e.seen).map((e) => `console.${e.level} matching ${String(e.pattern)} was expected but not logged`);
    this.reports = [];
    this.expectations = [];
    if (unexpected.length === 0 && missing.length === 0) return undefined;
    return [
      ...(unexpected.length > 0
        ? ["React reported a problem (fix its cause; if the test provokes it on purpose, declare it with expectConsoleError()):", ...unexpected]
        : []),
      ...missing,
    ].join("\n\n");
  }

  /**
   * Puts a recorder in front of console.error and console.warn; `print` passes undeclared calls
   * on to the console that was there. Returns the function that puts that console back.
   */
  install({ print }: { print: boolean }): () => void {
    const originals = { error: console.error, warn: console.warn };
    for (const level of ["error", "warn"] as const) {
      const original = originals[level];
      console[level] = (...args: unknown[]) => {
        if (!this.record(level, args) && print) original.apply(console, args);
      };
    }
    return () => Object.assign(console, originals);
  }
}

/** The check every unit test runs under (the setup file installs it). */
export const consoleCheck = new ConsoleCheck();

/**
 * Declares that the current test makes React (or anything else) log a console.error matching
 * `pattern`, on purpose: the message is not printed, and the test fails if it never comes.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  consoleCheck.expect("error", pattern);
}

/** As expectConsoleError(), for console.warn. */
export function expectConsoleWarn(pattern: RegExp | string): void {
  consoleCheck.expect("warn", pattern);
}
