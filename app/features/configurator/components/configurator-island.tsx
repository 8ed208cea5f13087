import { defineIsland } from "~/islands/island";
import { ConfiguratorPage, type ConfiguratorPageProps } from "./configurator-page";

/**
 * The configurator as an island: the page's one application, hydrated with the page. Its props are
 * the route's data (the line's catalogue, the finance settings, the no-JS calculator's answer); it
 * follows its own links in place (in-place-location.tsx), so the page needs no client router.
 */
export const configuratorIsland = defineIsland("configurator", (props: ConfiguratorPageProps) => <ConfiguratorPage {...props} />);
