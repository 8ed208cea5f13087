// The configurator build (?build=) and the dealer (?dealer=) the page's link carries.
export { formBlockLoader as loader } from "~/features/forms/block-loader.server";
