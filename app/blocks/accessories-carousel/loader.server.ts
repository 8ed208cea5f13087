// The line's accessories and the listing's page from the URL, shared by both accessory blocks.
export { accessoriesBlockLoader as loader } from "../vehicle-data.server";
