// Models with prices for the visitor (cookies), shared with the other vehicle blocks of the page.
export { vehicleBlockLoader as loader } from "../vehicle-data.server";
