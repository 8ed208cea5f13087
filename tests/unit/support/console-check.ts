import { format } from "node:util";
import { vi, type MockInstance } from "vitest";

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
const LEVELS = ["error", "warn"] as const;

type Expectation = { level: Level; pattern: RegExp | string; required: boolean; seen: boolean };

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

/** A spy a test has put on console.error or console.warn, and what of its calls was read. */
type Spy = { mock: MockInstance; calls: unknown[][]; read: number };

export class ConsoleCheck {
  private reports: Array<{ level: Level; message: string }> = [];
  private expectations: Expectation[] = [];
  private spies = new Map<Level, Spy>();

  /**
   * Declares that the current test logs a message matching `pattern`: it is not a failure, and
   * (`required`) the test fails if none comes.
   */
  expect(level: Level, pattern: RegExp | string, { required = true }: { required?: boolean } = {}): void {
    this.expectations.push({ level, pattern, required, seen: false });
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

  /** The failure for what was logged since the last call (undefined: none); starts afresh. */
  finish(): string | undefined {
    for (const level of LEVELS) this.readSpy(level);
    const unexpected = [...new Set(this.reports.map((r) => `console.${r.level}: ${r.message}`))];
    const missing = this.expectations.filter((e) => e.required && !e.seen).map((e) => `console.${e.level} matching ${String(e.pattern)} was expected but not logged`);
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
   * Puts a console with a recorder for error and warn in front of the current one (everything
   * else is the current one's); `print` passes undeclared calls on to it. A test that silences
   * the console with its own spy (vi.spyOn(console, "error").mockImplementation(...)) keeps its
   * calls from the recorder, so this console watches spies come and go, and reads their calls when
   * one is replaced or restored, and at the end of the test. Returns the function that puts the
   * current console back.
   */
  install({ print }: { print: boolean }): () => void {
    const previous = console;
    const own = Object.create(previous) as Console;
    for (const level of LEVELS) {
      own[level] = (...args: unknown[]) => {
        if (!this.record(level, args) && print) previous[level](...args);
      };
    }
    globalThis.console = new Proxy(own, {
      // vi.spyOn, its restore and a plain assignment all define the property.
      defineProperty: (object, key, descriptor) => {
        if (key === "error" || key === "warn") this.watch(key, descriptor.value);
        return Reflect.defineProperty(object, key, descriptor);
      },
    });
    return () => {
      for (const level of LEVELS) this.watch(level, undefined);
      globalThis.console = previous;
    };
  }

  /** Reads the calls of the spy on `level` it has not read yet. */
  private readSpy(level: Level): void {
    const spy = this.spies.get(level);
    if (!spy) return;
    for (const args of spy.calls.slice(spy.read)) this.record(level, args);
    spy.read = spy.calls.length;
    // mockClear() and mockRestore() start a new array of calls; the one held keeps the earlier ones.
    const current = spy.mock.mock.calls;
    if (current !== spy.calls) {
      for (const args of current) this.record(level, args);
      spy.calls = current;
      spy.read = current.length;
    }
  }

  /** The console's `level` becomes `value`: a spy's calls are read from now on. */
  private watch(level: Level, value: unknown): void {
    this.readSpy(level);
    this.spies.delete(level);
    if (vi.isMockFunction(value)) this.spies.set(level, { mock: value, calls: value.mock.calls, read: value.mock.calls.length });
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

/**
 * As expectConsoleError(), for a message that may or may not come in this test (one that depends
 * on what earlier tests of the file rendered): the test does not fail without it. Say why.
 */
export function allowConsoleError(pattern: RegExp | string): void {
  consoleCheck.expect("error", pattern, { required: false });
}

/** As expectConsoleError(), for console.warn. */
export function expectConsoleWarn(pattern: RegExp | string): void {
  consoleCheck.expect("warn", pattern);
}
