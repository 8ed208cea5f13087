// The dealers near the searched place (the page URL's query), with the map's settings.
export { storeLocatorLoader as loader } from "~/features/dealers/locator.server";
