import { useLocation, useMatches } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { blockDataOf, BlockDataProvider, type BlockDataMap } from "~/components/block-data";
import { PageLocationProvider } from "~/islands/page-location";

/**
 * What the root and the country layout provide to a page's components from the router
 * (app/root.tsx: the page's location; app/routes/$country.tsx: the block data of the deepest route
 * that has some), for components rendered in a route of Remix's test stub (createRemixStub).
 * Components no longer read the router themselves.
 */
export function RoutePage({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const location = useMemo(() => ({ pathname, search }), [pathname, search]);
  let blockData: BlockDataMap = {};
  for (let i = matches.length - 1; i >= 0; i--) {
    const map = blockDataOf(matches[i]?.data);
    if (map) {
      blockData = map;
      break;
    }
  }
  return (
    <PageLocationProvider value={location}>
      <BlockDataProvider value={blockData}>{children}</BlockDataProvider>
    </PageLocationProvider>
  );
}
