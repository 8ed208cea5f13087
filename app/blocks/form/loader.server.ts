// The configurator build the page's link carries (?build=), when the form can take it.
export { formBuildLoader as loader } from "~/features/forms/build-handoff.server";
