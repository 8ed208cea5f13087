// @vitest-environment happy-dom
import { useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useHydrated, whenEnhanced } from "~/islands/use-hydrated";

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** Resolves to "pending" when `promise` has not settled within a few ticks. */
async function state(promise: Promise<void>): Promise<"resolved" | "pending"> {
  return Promise.race([promise.then(() => "resolved" as const), new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 20))]);
}

function Part({ name, onFirstEffect }: { name: string; onFirstEffect?: () => void }) {
  const hydrated = useHydrated();
  // Runs after useHydrated's own effects (same component, declared later).
  useEffect(() => {
    if (!hydrated) onFirstEffect?.();
  }, [hydrated, onFirstEffect]);
  return <p className={name}>{hydrated ? `${name}: enhanced` : `${name}: server`}</p>;
}

function mount(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe("useHydrated", () => {
  it("is false on the server", () => {
    expect(renderToString(<Part name="a" />)).toBe('<p class="a">a: server</p>');
  });

  it("is true at once for a part mounted after hydration (a dialog opened), with nothing to wait for", async () => {
    const container = mount("");
    createRoot(container).render(<Part name="late" />);
    await vi.waitFor(() => expect(container.textContent).toBe("late: enhanced"));
    expect(await state(whenEnhanced())).toBe("resolved");
  });
});

describe("whenEnhanced", () => {
  it("resolves at once when no part is switching", async () => {
    expect(await state(whenEnhanced())).toBe("resolved");
  });

  it("resolves only once every hydrated part has switched to its enhanced rendering", async () => {
    const app = (onFirstEffect?: () => void) => (
      <div>
        <Part name="a" />
        {/* The last part's effects run after every part's own (both are counted as switching then). */}
        <Part name="b" onFirstEffect={onFirstEffect} />
      </div>
    );
    const container = mount(renderToString(app()));
    expect(container.textContent).toBe("a: serverb: server");
    const seen: string[] = [];
    let waited: Promise<void> | undefined;
    const errors = vi.spyOn(console, "error");
    hydrateRoot(
      container,
      app(() => {
        // Hydration has committed: the parts are still the server's rendering.
        seen.push(container.textContent ?? "");
        waited = whenEnhanced().then(() => {
          seen.push(container.textContent ?? "");
        });
      }),
    );
    await vi.waitFor(() => expect(waited).toBeDefined());
    await waited;
    expect(seen).toEqual(["a: serverb: server", "a: enhancedb: enhanced"]);
    expect(errors).not.toHaveBeenCalled();
    // Nothing pending afterwards.
    expect(await state(whenEnhanced())).toBe("resolved");
  });
});
