import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ConsoleCheck, expectConsoleError, isReactReport } from "./console-check";

// React warns about missing keys once per parent (on the server, per parent element type), so
// each test has its own.
function KeylessList() {
  return (
    <ul>
      {["a", "b"].map((item) => (
        <li>{item}</li>
      ))}
    </ul>
  );
}

function AnotherKeylessList() {
  return <ol>{["a", "b"].map((item) => <li>{item}</li>)}</ol>;
}

function SilencedKeylessList() {
  return <menu>{["a", "b"].map((item) => <li>{item}</li>)}</menu>;
}

function StillSilencedKeylessList() {
  return <dl>{["a", "b"].map((item) => <dt>{item}</dt>)}</dl>;
}

/** What the check reports for what `run` logs, with its own recorder in front of the console. */
function failureOf(run: (check: ConsoleCheck) => void): string | undefined {
  const check = new ConsoleCheck();
  const restore = check.install({ print: false });
  try {
    run(check);
  } finally {
    restore();
  }
  return check.finish();
}

describe("a React warning fails the test", () => {
  it("fails a test whose component renders a list without keys", () => {
    const failure = failureOf(() => renderToStaticMarkup(<KeylessList />));
    expect(failure).toMatch(/^React reported a problem/);
    expect(failure).toMatch(/console\.error: Warning: Each child in a list should have a unique "key" prop\.[\s\S]*KeylessList/);
  });

  it("passes a test that declares the warning it provokes", () => {
    expectConsoleError(/Each child in a list should have a unique "key" prop/);
    expect(renderToStaticMarkup(<AnotherKeylessList />)).toBe("<ol><li>a</li><li>b</li></ol>");
  });

  it("fails a test whose declared warning never comes (a stale declaration)", () => {
    const failure = failureOf((check) => {
      check.expect("error", /unique "key" prop/);
      renderToStaticMarkup(
        <ul>
          <li>fine</li>
        </ul>,
      );
    });
    expect(failure).toBe('console.error matching /unique "key" prop/ was expected but not logged');
    // An allowance (allowConsoleError) is not required.
    expect(failureOf((check) => check.expect("error", /unique "key" prop/, { required: false }))).toBeUndefined();
  });

  it("lets the app's own console output through", () => {
    expect(
      failureOf(() => {
        console.error("[leads] delivery failed", new Error("timeout"));
        console.warn("[dealers] skipped 2 rows");
      }),
    ).toBeUndefined();
  });

  it("still sees a warning behind a test's own silencing spy, restored or not", () => {
    const restored = failureOf(() => {
      const silenced = vi.spyOn(console, "error").mockImplementation(() => {});
      renderToStaticMarkup(<SilencedKeylessList />);
      expect(silenced).toHaveBeenCalled();
      silenced.mockRestore();
    });
    expect(restored).toMatch(/Each child in a list should have a unique "key" prop[\s\S]*SilencedKeylessList/);
    const inPlace = failureOf(() => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      renderToStaticMarkup(<StillSilencedKeylessList />);
    });
    expect(inPlace).toMatch(/Each child in a list should have a unique "key" prop[\s\S]*StillSilencedKeylessList/);
  });

  it("knows React's reports from other output", () => {
    expect(isReactReport("Warning: An update to %s inside a test was not wrapped in act(...).")).toBe(true);
    expect(isReactReport("Warning: validateDOMNesting(...): %s cannot appear as a descendant of <%s>.")).toBe(true);
    expect(isReactReport("Error: boom\n\nThe above error occurred in the <Boom> component:\n")).toBe(true);
    expect(isReactReport("Error: Hydration failed because the initial UI does not match what was rendered on the server.")).toBe(true);
    expect(isReactReport("[leads] Warning: outbox is 3 deliveries behind")).toBe(false);
  });
});
