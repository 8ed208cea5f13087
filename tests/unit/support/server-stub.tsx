import { UNSAFE_RemixContext as RemixContext, type UNSAFE_RemixContextObject as RemixContextObject } from "@remix-run/react";
import type { createRemixStub, RemixStubProps } from "@remix-run/testing";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, type DataRouteObject, type RouteObject } from "react-router-dom";
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router-dom/server";

type StubRoutes = Parameters<typeof createRemixStub>[0];

/**
 * Remix's test stub (createRemixStub) for server markup: the same routes, props and Remix context,
 * rendered the way RemixServer renders a page, with a static router. The stub's own memory router
 * subscribes in a layout effect, which React reports when it renders to a string. Loaders do not
 * run: give their data as hydrationData, as with the stub.
 */
export function createServerStub(routes: StubRoutes) {
  return function ServerStub({ initialEntries, initialIndex, hydrationData, future }: RemixStubProps): ReactElement {
    // The memory router gives the routes their ids and finds the matches and data of the entry.
    const memory = createMemoryRouter(routes as RouteObject[], { initialEntries, initialIndex, hydrationData });
    const { location, matches, loaderData, actionData, errors, initialized } = memory.state;
    memory.dispose();
    if (!initialized) throw new Error("createServerStub: a matched route has a loader without hydrationData");
    const context: StaticHandlerContext = {
      basename: "/",
      location,
      matches,
      loaderData,
      actionData,
      errors,
      statusCode: errors ? 500 : 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    };
    const remix: RemixContextObject = {
      future: {
        v3_fetcherPersist: future?.v3_fetcherPersist === true,
        v3_relativeSplatPath: future?.v3_relativeSplatPath === true,
        v3_lazyRouteDiscovery: future?.v3_lazyRouteDiscovery === true,
        v3_singleFetch: future?.v3_singleFetch === true,
      },
      manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" },
      routeModules: {},
      isSpaMode: false,
    };
    // The manifest and route modules as createRemixStub fills them in.
    const register = (route: DataRouteObject, parentId?: string) => {
      const stubRoute = route as DataRouteObject & Pick<StubRoutes[number], "meta" | "links">;
      remix.manifest.routes[route.id] = {
        id: route.id,
        path: route.path,
        index: route.index,
        parentId,
        hasAction: route.action != null,
        hasLoader: route.loader != null,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: route.ErrorBoundary != null,
        module: "build/stub-path-to-module.js",
      };
      remix.routeModules[route.id] = {
        default: route.Component ?? Outlet,
        ErrorBoundary: route.ErrorBoundary ?? undefined,
        handle: route.handle,
        links: stubRoute.links,
        meta: stubRoute.meta,
        shouldRevalidate: route.shouldRevalidate,
      };
      for (const child of route.children ?? []) register(child, route.id);
    };
    for (const route of memory.routes) register(route);
    return (
      <RemixContext.Provider value={remix}>
        <StaticRouterProvider router={createStaticRouter(memory.routes, context)} context={context} hydrate={false} />
      </RemixContext.Provider>
    );
  };
}

/**
 * Runs `render` as on the server: without the browser's window, so that code that asks where it
 * runs (`typeof window`) takes its server path in a test file with a DOM environment (happy-dom).
 * An async render (the document's stream) has no window until its promise settles.
 */
export function onServer<T>(render: () => T): T {
  const browser = Object.getOwnPropertyDescriptor(globalThis, "window");
  const restore = () => {
    if (browser) Object.defineProperty(globalThis, "window", browser);
  };
  if (browser) Object.defineProperty(globalThis, "window", { ...browser, value: undefined });
  let result: T;
  try {
    result = render();
  } catch (error) {
    restore();
    throw error;
  }
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}

/** Server markup of `element` (renderToStaticMarkup), rendered as on the server. */
export function renderOnServer(element: ReactElement): string {
  return onServer(() => renderToStaticMarkup(element));
}
