// @vitest-environment happy-dom
import { createContext, useContext, useId, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  defineIsland,
  Island,
  islandContent,
  IslandHostProvider,
  IslandPageScript,
  IslandRendererProvider,
  PAGE_ATTRIBUTE,
  PROPS_ATTRIBUTE,
  scriptJson,
  useIslandHost,
  type IslandHost,
  type IslandRenderer,
} from "~/islands/island";

/** The page-wide value an island's wrapper provides (a stand-in for the site state). */
const PageTheme = createContext("none");

interface Page {
  theme: string;
}

function host(mode: "islands" | "app", page: Page = { theme: "dark" }): IslandHost<Page> {
  return { mode, page, wrap: (children: ReactNode, value: Page): ReactElement => <PageTheme.Provider value={value.theme}>{children}</PageTheme.Provider> };
}

function Greeting({ name }: { name: string }) {
  const theme = useContext(PageTheme);
  const id = useId();
  return (
    <p id={id} className={`greeting greeting--${theme}`}>
      Hello {name}
    </p>
  );
}

const greeting = defineIsland("greeting", ({ name }: { name: string }) => <Greeting name={name} />);

/** The server's renderer: each island alone, with its prefix for the ids React makes (app/entry.server.tsx). */
const renderer: IslandRenderer = { render: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) };

function page(content: ReactNode, { mode = "islands", render = renderer as IslandRenderer | null }: { mode?: "islands" | "app"; render?: IslandRenderer | null } = {}) {
  const html = renderToString(
    <IslandRendererProvider value={render}>
      <IslandHostProvider value={host(mode) as IslandHost}>{content}</IslandHostProvider>
    </IslandRendererProvider>,
  );
  const container = document.createElement("div");
  container.innerHTML = html;
  return { html, container };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("scriptJson (props written inside a <script>)", () => {
  it("cannot close the script or open a comment, and reads back as the same value", () => {
    const value = { text: "</script><script>alert(1)</script>", comment: "<!-- x -->", separators: "a\u2028b\u2029c", n: 1, list: [null, true] };
    const json = scriptJson(value);
    expect(json).not.toContain("<");
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain("\u2028");
    expect(json).not.toContain("\u2029");
    expect(JSON.parse(json)).toEqual(value);
  });

  it("writes null for undefined", () => {
    expect(scriptJson(undefined)).toBe("null");
  });
});

describe("defineIsland and islandContent", () => {
  it("keeps the name, the render function and when it hydrates (with the page unless it says)", () => {
    const render = ({ a }: { a: number }) => <b>{a}</b>;
    const island = defineIsland("named", render);
    expect(island).toEqual({ name: "named", render, when: "load" });
    expect(defineIsland("later", render, { when: "interaction" }).when).toBe("interaction");
    expect(renderToString(islandContent(island, { a: 3 }))).toBe("<b>3</b>");
  });
});

describe("<Island> on the server of a page of islands", () => {
  it("renders the island apart in its container, with the name, when and props key, and its props beside it", () => {
    const calls: [ReactElement, string][] = [];
    const recording: IslandRenderer = {
      render: (element, prefix) => {
        calls.push([element, prefix]);
        return renderer.render(element, prefix);
      },
    };
    const { container } = page(<Island island={greeting} props={{ name: "Ada" }} className="slot" id="hello" data-extra="x" />, { render: recording });
    const element = container.querySelector<HTMLElement>("[data-island]")!;
    expect(element.tagName).toBe("DIV");
    expect(element.getAttribute("data-island")).toBe("greeting");
    expect(element.getAttribute("data-island-when")).toBe("load");
    expect(element.className).toBe("slot");
    expect(element.id).toBe("hello");
    expect(element.getAttribute("data-extra")).toBe("x");
    const key = element.getAttribute("data-island-props")!;
    expect(key).toMatch(/^i[a-zA-Z0-9]+-$/);
    // Rendered once, apart, with the key as its identifierPrefix, inside the host's page-wide wrapper.
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toBe(key);
    const p = element.querySelector("p")!;
    expect(p.className).toBe("greeting greeting--dark");
    expect(p.textContent).toBe("Hello Ada");
    // React's ids in the island's root carry its prefix (":<prefix>R…:").
    expect(p.id.startsWith(`:${key}`)).toBe(true);
    // The props script follows its container.
    const script = element.nextElementSibling!;
    expect(script.tagName).toBe("SCRIPT");
    expect(script.getAttribute("type")).toBe("application/json");
    expect(script.getAttribute(PROPS_ATTRIBUTE)).toBe(key);
    expect(JSON.parse(script.textContent!)).toEqual({ name: "Ada" });
  });

  it("writes props that hold </script> so that the page's HTML stays whole", () => {
    const name = "</script><script>window.pwned=1</script><!--";
    const { html, container } = page(
      <>
        <Island island={greeting} props={{ name }} />
        <p id="after">After</p>
      </>,
    );
    expect(html).not.toContain("<script>window.pwned");
    expect(container.querySelectorAll("script")).toHaveLength(1);
    expect(container.querySelector("#after")?.textContent).toBe("After");
    expect(JSON.parse(container.querySelector(`script[${PROPS_ATTRIBUTE}]`)!.textContent!)).toEqual({ name });
    // The island's own HTML escapes it as text.
    expect(container.querySelector(".greeting")!.textContent).toBe(`Hello ${name}`);
  });

  it("gives each island its own key, `when` (its definition's unless given) and tag", () => {
    const waiting = defineIsland("waiting", ({ name }: { name: string }) => <Greeting name={name} />, { when: "interaction" });
    const { container } = page(
      <>
        <Island island={greeting} props={{ name: "One" }} />
        <Island island={greeting} props={{ name: "Two" }} when="visible" as="span" />
        <Island island={waiting} props={{ name: "Three" }} />
      </>,
    );
    const [one, two, three] = [...container.querySelectorAll("[data-island]")];
    expect(three!.getAttribute("data-island-when")).toBe("interaction");
    expect(one!.getAttribute("data-island-props")).not.toBe(two!.getAttribute("data-island-props"));
    expect(two!.tagName).toBe("SPAN");
    expect(two!.getAttribute("data-island-when")).toBe("visible");
    const scripts = [...container.querySelectorAll(`script[${PROPS_ATTRIBUTE}]`)];
    expect(scripts.map((s) => s.getAttribute(PROPS_ATTRIBUTE))).toEqual([one, two, three].map((e) => e!.getAttribute("data-island-props")));
    // The ids inside each island differ too: each has its own prefix.
    expect(one!.querySelector("p")!.id).not.toBe(two!.querySelector("p")!.id);
  });

  it("makes an island inside an island part of it, not a root of its own", () => {
    const outer = defineIsland("outer", ({ inner }: { inner: string }) => (
      <section>
        <Island island={greeting} props={{ name: inner }} className="nested" />
      </section>
    ));
    // A renderer that keeps the host around the island's root: only the island context tells them apart.
    const calls: string[] = [];
    const withHost: IslandRenderer = {
      render: (element, prefix) => {
        calls.push(prefix);
        return renderToString(
          <IslandRendererProvider value={withHost}>
            <IslandHostProvider value={host("islands") as IslandHost}>{element}</IslandHostProvider>
          </IslandRendererProvider>,
          { identifierPrefix: prefix },
        );
      },
    };
    const { container } = page(<Island island={outer} props={{ inner: "Nested" }} />, { render: withHost });
    expect(calls).toHaveLength(1);
    expect([...container.querySelectorAll("[data-island]")].map((e) => e.getAttribute("data-island"))).toEqual(["outer"]);
    expect(container.querySelectorAll("script")).toHaveLength(1);
    const nested = container.querySelector(".nested")!;
    expect(nested.hasAttribute("data-island-props")).toBe(false);
    expect(nested.textContent).toBe("Hello Nested");
  });

  it("without a renderer, renders the island in the tree, still marked, with nested islands part of it", () => {
    const outer = defineIsland("outer", () => <Island island={greeting} props={{ name: "Nested" }} className="nested" />);
    const { container } = page(<Island island={outer} props={{}} />, { render: null });
    const element = container.querySelector("[data-island]")!;
    expect(element.getAttribute("data-island")).toBe("outer");
    expect(container.querySelectorAll("[data-island]")).toHaveLength(1);
    expect(element.querySelector(".nested")?.textContent).toBe("Hello Nested");
    expect(JSON.parse(container.querySelector(`script[${PROPS_ATTRIBUTE}]`)!.textContent!)).toEqual({});
  });

  it("preloads the files the renderer names for the island, before its container", () => {
    const asked: [string, unknown, boolean][] = [];
    const withPreloads: IslandRenderer = {
      render: renderer.render,
      preloads: (name, props, announce) => {
        asked.push([name, props, announce]);
        // The server's entry names each file once per page: none the second time.
        return asked.length === 1 ? ["/islands/assets/greeting-1.js", "/islands/assets/shared-2.js"] : [];
      },
    };
    const { container } = page(
      <>
        <Island island={greeting} props={{ name: "One" }} />
        <Island island={greeting} props={{ name: "Two" }} />
      </>,
      { render: withPreloads },
    );
    expect(asked).toEqual([
      ["greeting", { name: "One" }, true],
      ["greeting", { name: "Two" }, true],
    ]);
    const links = [...container.querySelectorAll("link")];
    expect(links.map((l) => [l.getAttribute("rel"), l.getAttribute("href")])).toEqual([
      ["modulepreload", "/islands/assets/greeting-1.js"],
      ["modulepreload", "/islands/assets/shared-2.js"],
    ]);
    const [first] = [...container.querySelectorAll("[data-island]")];
    expect(links[1]!.nextElementSibling).toBe(first);
    // The container is still followed by its props.
    expect(first!.nextElementSibling?.getAttribute(PROPS_ATTRIBUTE)).toBe(first!.getAttribute("data-island-props"));
  });

  it("names the files of an island that waits on its container, for the runtime to announce when it wakes", () => {
    const waiting = defineIsland("waiting", ({ name }: { name: string }) => <Greeting name={name} />, { when: "interaction" });
    const asked: boolean[] = [];
    const withPreloads: IslandRenderer = {
      render: renderer.render,
      preloads: (_name, _props, announce) => {
        asked.push(announce);
        return ["/islands/assets/react-1.js", "/islands/assets/waiting-2.js"];
      },
    };
    const { container } = page(<Island island={waiting} props={{ name: "Later" }} />, { render: withPreloads });
    // Not announced with the page: its files load only when it wakes.
    expect(asked).toEqual([false]);
    expect(container.querySelectorAll("link")).toHaveLength(0);
    expect(container.querySelector("[data-island]")!.getAttribute("data-island-chunks")).toBe("/islands/assets/react-1.js /islands/assets/waiting-2.js");
  });

  it("writes the page-wide values once (IslandPageScript), escaped", () => {
    const value = { theme: "</script>" };
    const html = renderToString(
      <IslandHostProvider value={{ ...host("islands"), page: value } as IslandHost}>
        <IslandPageScript />
      </IslandHostProvider>,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const container = document.createElement("div");
    container.innerHTML = html;
    const script = container.querySelector(`script[${PAGE_ATTRIBUTE}]`)!;
    expect(script.getAttribute("type")).toBe("application/json");
    expect(JSON.parse(script.textContent!)).toEqual(value);
  });
});

describe("<Island> in a document that hydrates as one app", () => {
  it("is an ordinary part of the tree: its tag and attributes, no marks, no props, no separate render", () => {
    const render = vi.fn(renderer.render);
    const preloads = vi.fn(() => ["/islands/x.js"]);
    const { container } = page(<Island island={greeting} props={{ name: "Ada" }} className="slot" data-extra="x" />, { mode: "app", render: { render, preloads } });
    expect(render).not.toHaveBeenCalled();
    expect(preloads).not.toHaveBeenCalled();
    expect(container.querySelector("link")).toBeNull();
    expect(container.querySelector("[data-island]")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    const element = container.querySelector(".slot")!;
    expect(element.getAttribute("data-extra")).toBe("x");
    // The tree's providers reach it (no wrapper of its own).
    expect(element.querySelector("p")!.className).toBe("greeting greeting--none");
  });

  it("is the same without any host; IslandPageScript then writes nothing", () => {
    const html = renderToString(
      <>
        <Island island={greeting} props={{ name: "Ada" }} as="span" />
        <IslandPageScript />
      </>,
    );
    expect(html).toMatch(/^<span><p id=":[^"]+:" class="greeting greeting--none">Hello <!-- -->Ada<\/p><\/span>$/);
    expect(renderToString(<IslandHostProvider value={host("app") as IslandHost}><IslandPageScript /></IslandHostProvider>)).toBe("");
  });

  it("useIslandHost gives the host, or null", () => {
    let seen: IslandHost | null | undefined;
    const Probe = () => {
      seen = useIslandHost();
      return null;
    };
    renderToString(<Probe />);
    expect(seen).toBeNull();
    const value = host("app") as IslandHost;
    renderToString(<IslandHostProvider value={value}><Probe /></IslandHostProvider>);
    expect(seen).toBe(value);
  });
});
