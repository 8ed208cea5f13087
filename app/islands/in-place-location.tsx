import { useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { IN_PLACE_ATTRIBUTE } from "./early-clicks";
import { isPlainClick } from "./plain-click";
import { usePageLocation, type PageLocation } from "./page-location";

/**
 * The address of a page that an island changes in place: an application whose every state is a
 * link to the page with other parameters (the configurator: a choice is a link to the build with
 * it). Without JavaScript each link loads the page anew; with it the island follows the link
 * itself, replacing the address, and re-renders from it. Other pages change by document
 * navigation only (page-location.ts): this is the one place an island moves the address.
 */

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

const browserAddress = () => `${window.location.pathname}${window.location.search}`;

/** Moves the page's address to `href` (the same page, other parameters) without loading it. */
export function navigateInPlace(href: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (replace) window.history.replaceState(window.history.state, "", url);
  else window.history.pushState(null, "", url);
  for (const listener of [...listeners]) listener();
}

/**
 * The page's address as the island shows it: the server's while it hydrates (the same as the
 * browser's, the fragment aside, which no render reads), then the browser's as it changes.
 */
export function useInPlaceLocation(): PageLocation {
  const page = usePageLocation();
  const server = `${page.pathname}${page.search}`;
  const address = useSyncExternalStore(subscribe, browserAddress, () => server);
  return useMemo(() => {
    const index = address.indexOf("?");
    return index < 0 ? { pathname: address, search: "" } : { pathname: address.slice(0, index), search: address.slice(index) };
  }, [address]);
}

/** The page's query parameters, as `useInPlaceLocation` has them. */
export function useInPlaceSearchParams(): URLSearchParams {
  const { search } = useInPlaceLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/**
 * A link the island follows in place when it goes to this same page (a plain click; a new tab,
 * another page or a fragment are the browser's): `replace` replaces the address instead of adding
 * a history entry.
 */
export function InPlaceLink({ to, replace = false, onClick, children, ...rest }: { to: string; replace?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event) || rest.target) return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
    if (url.search === window.location.search && url.hash) return;
    event.preventDefault();
    navigateInPlace(`${url.pathname}${url.search}`, { replace });
  };
  return (
    <a {...rest} href={to} onClick={follow} {...{ [IN_PLACE_ATTRIBUTE]: "" }}>
      {children}
    </a>
  );
}
