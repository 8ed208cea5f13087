// @vitest-environment happy-dom
/**
 * Contract tests for app/blocks/runtime/internals.ts: what the block runtime relies on in React 18
 * and Remix 2 beyond their documented API. A failure here after an upgrade means a technique of
 * that file no longer holds; read its comment before changing anything else. Technique 3 (the
 * page-data encoding) is tested in runtime-internals-encoding.test.ts, outside the DOM environment.
 */
import { act, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEEP_SERVER_HTML, lazyLoaded } from "~/blocks/runtime/internals";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

const Hello: ComponentType<{ name: string }> = ({ name }) => <p>Hello {name}</p>;

describe("runtime internals: React and Remix behaviour the block runtime relies on", () => {
  it("1. React.lazy with a synchronously settled thenable renders without suspending, on the server and in the browser", () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Lazy = lazyLoaded(() => Hello, load);
    // No Suspense boundary: React 18's renderToString throws if anything suspends.
    expect(renderToString(<Lazy name="server" />)).toBe("<p>Hello <!-- -->server</p>");
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<Lazy name="browser" />));
    expect(container.innerHTML).toBe("<p>Hello browser</p>");
    expect(load).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  it("2. hydration leaves an element with empty dangerouslySetInnerHTML as the server sent it, without a warning", () => {
    const container = document.createElement("div");
    container.innerHTML = '<div class="island"><p>Server <a href="/au/privacy">link</a></p></div><script>window.x=1</script>';
    document.body.append(container);
    const paragraph = container.querySelector("p");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const recoverable = vi.fn();
    act(() => {
      hydrateRoot(
        container,
        <>
          <div className="island" {...KEEP_SERVER_HTML} />
          <script {...KEEP_SERVER_HTML} />
        </>,
        { onRecoverableError: recoverable },
      );
    });
    expect(container.querySelector("p")).toBe(paragraph);
    expect(container.innerHTML).toBe('<div class="island"><p>Server <a href="/au/privacy">link</a></p></div><script>window.x=1</script>');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it("4. React handles events on its root container: a window capture listener runs before React's handlers, a container listener added later after them", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const seen: string[] = [];
    const root = createRoot(container);
    act(() => root.render(<button onClick={() => seen.push("react")}>Go</button>));
    const before = () => seen.push("window capture");
    const after = () => seen.push("container, added after the root");
    window.addEventListener("click", before, true);
    container.addEventListener("click", after);
    container.querySelector("button")!.click();
    window.removeEventListener("click", before, true);
    container.removeEventListener("click", after);
    expect(seen).toEqual(["window capture", "react", "container, added after the root"]);
    act(() => root.unmount());
  });
});
