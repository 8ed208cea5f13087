// @vitest-environment happy-dom
import { createContext, useContext, useId, useState, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_CLICKS_SCRIPT, FAILED_ATTRIBUTE, READY_ATTRIBUTE } from "~/islands/early-clicks";
import { createIslandRuntime } from "~/islands/hydrate";
import { startIslands, wakeIsland, type IslandLoaders, type IslandRuntime } from "~/islands/start";
import {
  defineIsland,
  Island,
  IslandHostProvider,
  IslandPageScript,
  IslandRendererProvider,
  type IslandDefinition,
  type IslandHost,
  type IslandWhen,
} from "~/islands/island";
import { useHydrated, whenEnhanced } from "~/islands/use-hydrated";
import { installIntersectionObserver } from "../support/intersection";

/**
 * The browser's runtime (app/islands/start.ts, and its React half, hydrate.ts) on server HTML made
 * as the server makes it: each island rendered apart with its prefix, its props beside it, the
 * page's values once.
 */

interface Page {
  theme: string;
}
const PAGE: Page = { theme: "dark" };
const Theme = createContext("none");
const wrap = (children: ReactNode, page: Page): ReactElement => <Theme.Provider value={page.theme}>{children}</Theme.Provider>;

/**
 * A counter: its `+` button works only once hydrated; its toggle is a `<summary>` in the server's
 * HTML and a `<button>` (the same class) once enhanced, as the site's disclosure parts do.
 */
function Counter({ start, label }: { start: number; label: string }) {
  const theme = useContext(Theme);
  const hydrated = useHydrated();
  const [count, setCount] = useState(start);
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`counter counter--${theme}`} data-enhanced={hydrated ? "yes" : "no"}>
      <span id={id} className="label">
        {label}
      </span>
      <button type="button" className="inc" aria-describedby={id} onClick={() => setCount((c) => c + 1)}>
        {count}
      </button>
      {hydrated ? (
        <button type="button" className="toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          More
        </button>
      ) : (
        // A visitor may open it before hydration: that attribute is theirs, not a mismatch.
        <details suppressHydrationWarning>
          <summary className="toggle">More</summary>
        </details>
      )}
      <p className="state">{open ? "open" : "closed"}</p>
    </div>
  );
}

const counter = defineIsland("counter", (props: { start: number; label: string }) => <Counter {...props} />);

/**
 * A select whose state follows its `input` events, as a form library that reads the form does
 * (the contact form's conform); hydration sets the select back to the island's own value.
 */
function Chooser() {
  const [value, setValue] = useState("a");
  return (
    <div>
      <select className="choice" value={value} onInput={(event) => setValue(event.currentTarget.value)} onChange={() => {}}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <p className="chosen">{value}</p>
    </div>
  );
}
const chooser = defineIsland("chooser", () => <Chooser />, { when: "interaction" });

/**
 * A search field as the site's are: controlled by the island's state, and re-rendered when the
 * island switches to its enhanced rendering (its hint changes), which writes that state back into
 * the input; a box ticked the same way.
 */
function Search() {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const [near, setNear] = useState(false);
  return (
    <form>
      <input className="query" name="q" value={query} placeholder={hydrated ? "Postcode or suburb" : "Postcode"} onChange={(event) => setQuery(event.target.value)} />
      <input type="checkbox" className="near" name="near" checked={near} data-enhanced={hydrated ? "yes" : "no"} onChange={(event) => setNear(event.target.checked)} />
      <button type="button" className="go" data-enhanced={hydrated ? "yes" : "no"}>
        Search
      </button>
      <p className="shown">
        {query}|{near ? "near" : "any"}
      </p>
    </form>
  );
}
const search = defineIsland("search", () => <Search />, { when: "interaction" });

function serverHtml(islands: { name?: string; start: number; label: string; when?: IslandWhen }[], chunks: string[] = []): string {
  const host: IslandHost<Page> = { mode: "islands", page: PAGE, wrap };
  return renderToString(
    <IslandRendererProvider value={{ render: (element, identifierPrefix) => renderToString(element, { identifierPrefix }), preloads: () => chunks }}>
      <IslandHostProvider value={host as IslandHost}>
        <main>
          <p id="static">Static text</p>
          {islands.map(({ name, start, label, when }) => (
            <Island key={label} island={name ? { ...counter, name } : counter} props={{ start, label }} when={when} id={label} />
          ))}
        </main>
        <IslandPageScript />
      </IslandHostProvider>
    </IslandRendererProvider>,
  );
}

const loaders: IslandLoaders = { counter: async () => counter as IslandDefinition<unknown> };

/** The React half, as the entry loads it: counted, to see when the page first needs it. */
let runtimeLoads = 0;
function start(options: { loaders?: IslandLoaders; wrap?: typeof wrap } = {}) {
  startIslands({
    loaders: options.loaders ?? loaders,
    runtime: async (): Promise<IslandRuntime> => {
      runtimeLoads++;
      return createIslandRuntime<Page>(options.wrap ?? wrap);
    },
  });
}

let earlyState: NonNullable<Window["__islands"]>;
let listeners: [string, EventListenerOrEventListenerObject, unknown][] = [];
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(() => {
  // The head's inline script, once per document.
  new Function(EARLY_CLICKS_SCRIPT)();
  earlyState = window.__islands!;
});

beforeEach(() => {
  runtimeLoads = 0;
  earlyState.queue.length = 0;
  delete earlyState.wake;
  window.__islands = earlyState;
  // The runtime's document listeners, removed after each test (each test is a new page).
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
    listeners.push([type, listener, options]);
    add(type, listener, options as AddEventListenerOptions);
  });
  errors = vi.spyOn(console, "error");
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [type, listener, options] of listeners) document.removeEventListener(type, listener, options as EventListenerOptions);
  listeners = [];
  document.body.innerHTML = "";
  for (const link of document.head.querySelectorAll("link")) link.remove();
  delete document.documentElement.dataset.hydrated;
  window.history.replaceState(null, "", "/");
});

function load(html: string): void {
  document.body.innerHTML = html;
}

/** The chooser island as the server renders it, with the page's script. */
function loadChooser(): void {
  const host: IslandHost<Page> = { mode: "islands", page: PAGE, wrap };
  load(
    renderToString(
      <IslandRendererProvider value={{ render: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }}>
        <IslandHostProvider value={host as IslandHost}>
          <Island island={chooser} props={{}} id="chooser" />
          <IslandPageScript />
        </IslandHostProvider>
      </IslandRendererProvider>,
    ),
  );
}

const island = (label: string) => document.getElementById(label)!;
const click = (target: Element) => {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  target.dispatchEvent(event);
  return event;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function searchHtml(): string {
  const host: IslandHost<Page> = { mode: "islands", page: PAGE, wrap };
  return renderToString(
    <IslandRendererProvider value={{ render: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }}>
      <IslandHostProvider value={host as IslandHost}>
        <Island island={search} props={{}} id="search" />
        <IslandPageScript />
      </IslandHostProvider>
    </IslandRendererProvider>,
  );
}

/** Types into an input as a browser does: its value, then an `input` event. */
function type(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("startIslands", () => {
  it("hydrates each island from its props and the page's values, marks it ready, then marks the page hydrated", async () => {
    load(serverHtml([{ start: 2, label: "one" }, { start: 5, label: "two" }]));
    const staticText = document.getElementById("static");
    const idsBefore = [...document.querySelectorAll(".label")].map((e) => e.id);
    const wrapSpy = vi.fn(wrap);
    start({ wrap: wrapSpy });
    // Nothing hydrates synchronously: the first paint is the server's.
    expect(document.querySelector(`[${READY_ATTRIBUTE}]`)).toBeNull();
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    expect(island("one").hasAttribute(READY_ATTRIBUTE)).toBe(true);
    expect(island("two").hasAttribute(READY_ATTRIBUTE)).toBe(true);
    expect(wrapSpy).toHaveBeenCalledWith(expect.anything(), PAGE);
    await whenEnhanced();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-enhanced="yes"]')).toHaveLength(2));
    // The same ids as the server's (each island's prefix), the page's theme, the props' counts.
    expect([...document.querySelectorAll(".label")].map((e) => e.id)).toEqual(idsBefore);
    expect(island("one").querySelector(".counter--dark")).not.toBeNull();
    expect(island("one").querySelector(".inc")!.textContent).toBe("2");
    expect(island("two").querySelector(".inc")!.textContent).toBe("5");
    // Hydrated: its handlers work. The static HTML is the same node.
    (island("two").querySelector(".inc") as HTMLElement).click();
    await vi.waitFor(() => expect(island("two").querySelector(".inc")!.textContent).toBe("6"));
    expect(document.getElementById("static")).toBe(staticText);
    expect(errors).not.toHaveBeenCalled();
  });

  it("replays a click queued before the entry ran, once, on the control the visitor then sees", async () => {
    load(serverHtml([{ start: 0, label: "one" }]));
    const inc = island("one").querySelector<HTMLElement>(".inc")!;
    expect(click(inc).defaultPrevented).toBe(true);
    // The <summary> acts natively at once; it becomes a <button> once enhanced, and that button
    // is clicked because the disclosure was left open.
    expect(click(island("one").querySelector("summary")!).defaultPrevented).toBe(false);
    expect(island("one").querySelector("details")!.open).toBe(true);
    expect(earlyState.queue).toHaveLength(2);
    start();
    expect(earlyState.queue).toHaveLength(0);
    await vi.waitFor(() => expect(island("one").querySelector(".inc")!.textContent).toBe("1"), { timeout: 5_000 });
    await vi.waitFor(() => expect(island("one").querySelector(".state")!.textContent).toBe("open"));
    await settle();
    expect(island("one").querySelector(".inc")!.textContent).toBe("1");
    expect(island("one").querySelector(".state")!.textContent).toBe("open");
    expect(errors).not.toHaveBeenCalled();
  });

  it("leaves `visible` islands until they near the viewport or are touched; the page is hydrated without them", async () => {
    const observer = installIntersectionObserver();
    try {
      load(
        serverHtml([
          { start: 0, label: "eager" },
          { start: 0, label: "later", when: "visible" },
          { start: 0, label: "touched", when: "visible" },
        ]),
      );
      start();
      await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
      expect(island("eager").hasAttribute(READY_ATTRIBUTE)).toBe(true);
      expect(island("later").hasAttribute(READY_ATTRIBUTE)).toBe(false);
      expect(island("touched").hasAttribute(READY_ATTRIBUTE)).toBe(false);
      expect(observer.watched()).toBe(2);

      // A click on one not hydrated yet: kept from acting, handed to the runtime, replayed.
      const inc = island("touched").querySelector<HTMLElement>(".inc")!;
      inc.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      expect(click(inc).defaultPrevented).toBe(true);
      await vi.waitFor(() => expect(island("touched").querySelector(".inc")!.textContent).toBe("1"), { timeout: 5_000 });
      expect(island("touched").hasAttribute(READY_ATTRIBUTE)).toBe(true);
      await settle();
      expect(island("touched").querySelector(".inc")!.textContent).toBe("1");

      observer.intersect();
      await vi.waitFor(() => expect(island("later").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      observer.restore();
    }
  });

  it("hydrates an island on the first interaction with it (focus)", async () => {
    const observer = installIntersectionObserver();
    try {
      load(serverHtml([{ start: 0, label: "later", when: "visible" }]));
      start();
      await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
      expect(island("later").hasAttribute(READY_ATTRIBUTE)).toBe(false);
      island("later").querySelector(".inc")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      await vi.waitFor(() => expect(island("later").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    } finally {
      observer.restore();
    }
  });

  it("logs an island it has no code for, leaves its server HTML, and hydrates the rest", async () => {
    errors.mockImplementation(() => {});
    load(serverHtml([{ name: "unknown", start: 3, label: "orphan" }, { start: 0, label: "fine" }]));
    const html = island("orphan").innerHTML;
    start();
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    expect(island("fine").hasAttribute(READY_ATTRIBUTE)).toBe(true);
    expect(island("orphan").hasAttribute(READY_ATTRIBUTE)).toBe(false);
    expect(island("orphan").innerHTML).toBe(html);
    expect(errors).toHaveBeenCalledWith("[islands] unknown did not hydrate:", expect.objectContaining({ message: "No island named unknown" }));
  });

  it("loads no React for a page whose islands wait for the visitor; heading for one (pointer over it) hydrates it", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }]));
    start();
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    await settle();
    expect(runtimeLoads).toBe(0);
    expect(island("menu").hasAttribute(READY_ATTRIBUTE)).toBe(false);
    island("menu").querySelector(".label")!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    await vi.waitFor(() => expect(island("menu").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    expect(runtimeLoads).toBe(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it("lets a summary in a waiting island open at once, then opens its enhanced button once", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }]));
    start();
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    const summary = island("menu").querySelector("summary")!;
    summary.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    // The browser's own toggle answers the tap at once; the enhanced control takes its state over.
    expect(click(summary).defaultPrevented).toBe(false);
    expect(island("menu").querySelector("details")!.open).toBe(true);
    await vi.waitFor(() => expect(island("menu").querySelector(".state")!.textContent).toBe("open"), { timeout: 5_000 });
    expect(island("menu").querySelector("button.toggle")!.getAttribute("aria-expanded")).toBe("true");
    await settle();
    expect(island("menu").querySelector(".state")!.textContent).toBe("open");
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps the focus when the enhanced rendering replaces the focused control", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }]));
    start();
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    const summary = island("menu").querySelector<HTMLElement>("summary")!;
    summary.focus();
    expect(document.activeElement).toBe(summary);
    await vi.waitFor(() => expect(island("menu").querySelector("button.toggle")).not.toBeNull(), { timeout: 5_000 });
    await vi.waitFor(() => expect(document.activeElement).toBe(island("menu").querySelector("button.toggle")));
  });

  it("announces a waiting island's files when it wakes, once each", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }], ["/islands/assets/a.js", "/islands/assets/b.js"]));
    expect(island("menu").getAttribute("data-island-chunks")).toBe("/islands/assets/a.js /islands/assets/b.js");
    // A page's islands that hydrate with it announce theirs beside them, not on the container.
    start();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    await wakeIsland(island("menu"));
    expect(island("menu").hasAttribute(READY_ATTRIBUTE)).toBe(true);
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"))).toEqual([
      "/islands/assets/a.js",
      "/islands/assets/b.js",
    ]);
  });

  it("hydrates with the page an island the address points into (a modal opened by its fragment)", async () => {
    load(serverHtml([{ start: 0, label: "modal", when: "interaction" }, { start: 0, label: "other", when: "interaction" }]));
    window.history.replaceState(null, "", "/#modal");
    start();
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 5_000 });
    expect(island("modal").hasAttribute(READY_ATTRIBUTE)).toBe(true);
    expect(island("other").hasAttribute(READY_ATTRIBUTE)).toBe(false);
  });

  it("leaves every link in a waiting island to the browser: another page, this page with another query", async () => {
    load(serverHtml([{ start: 0, label: "tabs", when: "interaction" }]));
    const link = Object.assign(document.createElement("a"), { href: "/?variant=two", id: "tab-two", textContent: "Two" });
    const away = Object.assign(document.createElement("a"), { href: "/au/offers", id: "away", textContent: "Offers" });
    island("tabs").append(link, away);
    // What each link's own listener sees (then kept from navigating the test's document).
    const seen: string[] = [];
    for (const each of [link, away])
      each.addEventListener("click", (event) => {
        seen.push(`${each.id}:${event.defaultPrevented ? "held" : "free"}`);
        event.preventDefault();
      });
    start();
    click(link);
    click(away);
    expect(seen).toEqual(["tab-two:free", "away:free"]);
    expect(earlyState.queue).toHaveLength(0);
  });

  it("marks an island whose code failed, and stops holding its clicks: its server HTML works as without JavaScript", async () => {
    errors.mockImplementation(() => {});
    load(serverHtml([{ start: 0, label: "broken", when: "interaction" }]));
    start({ loaders: { counter: () => Promise.reject(new Error("gone")) } });
    const inc = island("broken").querySelector<HTMLElement>(".inc")!;
    const made: boolean[] = [];
    inc.addEventListener("click", (event) => made.push(event.defaultPrevented));
    expect(click(inc).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(island("broken").hasAttribute(FAILED_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    // The click made again reaches the server's control, as without JavaScript.
    await vi.waitFor(() => expect(made).toEqual([false]));
    expect(click(inc).defaultPrevented).toBe(false);
    expect(island("broken").hasAttribute(READY_ATTRIBUTE)).toBe(false);
  });

  it("marks an island failed when its chunk did not load (the import resolved empty): its clicks fall through", async () => {
    errors.mockImplementation(() => {});
    load(serverHtml([{ start: 0, label: "offline", when: "interaction" }]));
    start({ loaders: { counter: async () => undefined as unknown as IslandDefinition<unknown> } });
    const inc = island("offline").querySelector<HTMLElement>(".inc")!;
    expect(click(inc).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(island("offline").hasAttribute(FAILED_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    expect(click(inc).defaultPrevented).toBe(false);
  });

  it("puts the server's HTML back and marks the island failed when it throws while hydrating", async () => {
    errors.mockImplementation(() => {});
    const thrower = defineIsland(
      "counter",
      (props: { start: number; label: string }) => {
        if (typeof window !== "undefined" && document.documentElement.dataset.throwing === "yes") throw new Error("broken render");
        return <Counter {...props} />;
      },
      { when: "interaction" },
    );
    load(serverHtml([{ start: 0, label: "thrower", when: "interaction" }]));
    const html = island("thrower").innerHTML;
    document.documentElement.dataset.throwing = "yes";
    try {
      start({ loaders: { counter: async () => thrower as IslandDefinition<unknown> } });
      const inc = island("thrower").querySelector<HTMLElement>(".inc")!;
      expect(click(inc).defaultPrevented).toBe(true);
      await vi.waitFor(() => expect(island("thrower").hasAttribute(FAILED_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
      expect(island("thrower").innerHTML).toBe(html);
      expect(island("thrower").hasAttribute(READY_ATTRIBUTE)).toBe(false);
      // Its disclosure works natively again (the server's markup, not a copy React dropped).
      const restored = island("thrower").querySelector("summary")!;
      expect(click(restored).defaultPrevented).toBe(false);
      expect(island("thrower").querySelector("details")!.open).toBe(true);
    } finally {
      delete document.documentElement.dataset.throwing;
    }
  });

  it("tells a waiting island of a choice made in its select before it ran, with the visitor's value", async () => {
    loadChooser();
    const select = island("chooser").querySelector<HTMLSelectElement>("select")!;
    select.value = "b";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    start({ loaders: { chooser: async () => chooser as IslandDefinition<unknown> } });
    await vi.waitFor(() => expect(island("chooser").querySelector(".chosen")!.textContent).toBe("b"), { timeout: 5_000 });
    expect(select.value).toBe("b");
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps a select's choice whose `change` came after hydration had set it back (the `input` is what counts)", async () => {
    loadChooser();
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    start({ loaders: { chooser: async () => (await loaded, chooser as IslandDefinition<unknown>) } });
    const select = island("chooser").querySelector<HTMLSelectElement>("select")!;
    select.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    // The visitor's choice, then (as when the `input` hydrates the island) the select set back
    // before its `change`.
    select.value = "b";
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.value = "a";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    release();
    await vi.waitFor(() => expect(island("chooser").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    await vi.waitFor(() => expect(island("chooser").querySelector(".chosen")!.textContent).toBe("b"));
    expect(island("chooser").querySelector("select")!.value).toBe("b");
  });

  it("marks the page hydrated once the `visible` islands in view at the start have hydrated too", async () => {
    // As a browser does, the observer reports after the next frame, not at once.
    const observer = installIntersectionObserver({ firstReport: { inView: true, afterMs: 30 } });
    try {
      load(serverHtml([{ start: 0, label: "seen", when: "visible" }, { start: 0, label: "waits", when: "interaction" }]));
      // The islands' state at the moment the page is marked.
      const marked = new Promise<[boolean, boolean]>((resolve) => {
        const watch = new MutationObserver(() => {
          if (document.documentElement.dataset.hydrated !== "true") return;
          watch.disconnect();
          resolve([island("seen").hasAttribute(READY_ATTRIBUTE), island("waits").hasAttribute(READY_ATTRIBUTE)]);
        });
        watch.observe(document.documentElement, { attributes: true });
      });
      start();
      expect(await marked).toEqual([true, false]);
    } finally {
      observer.restore();
    }
  });

  it("applies a held tap once: a second tap on the same control while the first waits is dropped", async () => {
    load(serverHtml([{ start: 0, label: "one", when: "interaction" }, { start: 0, label: "two", when: "interaction" }]));
    // Before the entry runs (queued by the early script) ...
    const inc = island("one").querySelector<HTMLElement>(".inc")!;
    expect(click(inc).defaultPrevented).toBe(true);
    expect(click(inc).defaultPrevented).toBe(true);
    start();
    // ... and after (handed to the runtime at once).
    const other = island("two").querySelector<HTMLElement>(".inc")!;
    expect(click(other).defaultPrevented).toBe(true);
    expect(click(other).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(island("one").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    await vi.waitFor(() => expect(island("two").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    await settle();
    expect(island("one").querySelector(".inc")!.textContent).toBe("1");
    expect(island("two").querySelector(".inc")!.textContent).toBe("1");
    // Once it runs, every tap counts.
    (island("two").querySelector(".inc") as HTMLElement).click();
    await vi.waitFor(() => expect(island("two").querySelector(".inc")!.textContent).toBe("2"));
  });

  it("carries a disclosure closed again before hydration as closed: the enhanced button is not clicked", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }]));
    const summary = island("menu").querySelector("summary")!;
    click(summary);
    click(summary);
    expect(island("menu").querySelector("details")!.open).toBe(false);
    start();
    summary.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    await vi.waitFor(() => expect(island("menu").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    await settle();
    expect(island("menu").querySelector(".state")!.textContent).toBe("closed");
  });

  it("counts an island ready only once its enhanced rendering is in place, and holds taps until then", async () => {
    load(serverHtml([{ start: 0, label: "menu", when: "interaction" }]));
    const atReady = new Promise<string | null>((resolve) => {
      const watch = new MutationObserver(() => {
        if (!island("menu").hasAttribute(READY_ATTRIBUTE)) return;
        watch.disconnect();
        resolve(island("menu").querySelector("[data-enhanced]")!.getAttribute("data-enhanced"));
      });
      watch.observe(island("menu"), { attributes: true });
    });
    start();
    island("menu").dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    expect(await atReady).toBe("yes");
  });

  it("keeps the text typed and the box ticked before hydration: the field shows it and the island's state has it", async () => {
    load(searchHtml());
    const query = island("search").querySelector<HTMLInputElement>(".query")!;
    const near = island("search").querySelector<HTMLInputElement>(".near")!;
    type(query, "31");
    near.click();
    start({ loaders: { search: async () => search as IslandDefinition<unknown> } });
    query.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    // Typing goes on while the island loads.
    type(query, "3121");
    await vi.waitFor(() => expect(island("search").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    expect(island("search").querySelector<HTMLInputElement>(".query")!.value).toBe("3121");
    expect(island("search").querySelector<HTMLInputElement>(".near")!.checked).toBe(true);
    await vi.waitFor(() => expect(island("search").querySelector(".shown")!.textContent).toBe("3121|near"));
  });

  it("keeps the keyboard on the control it was on, focused before the runtime listened, once the enhanced rendering replaces it", async () => {
    load(serverHtml([{ start: 0, label: "logo", when: "interaction" }, { start: 0, label: "menu", when: "interaction" }]));
    // Focus went to the first island, then to the second's summary, before the entry ran.
    island("logo").querySelector<HTMLElement>("summary")!.focus();
    const summary = island("menu").querySelector<HTMLElement>("summary")!;
    summary.focus();
    start();
    summary.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Enter" }));
    await vi.waitFor(() => expect(island("menu").hasAttribute(READY_ATTRIBUTE)).toBe(true), { timeout: 5_000 });
    await vi.waitFor(() => expect(document.activeElement).toBe(island("menu").querySelector("button.toggle")));
  });
});
