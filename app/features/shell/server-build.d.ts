/** Remix's server build, a virtual module of the Remix Vite plugin (types: @remix-run/dev/server-build). */
declare module "virtual:remix/server-build" {
  export * from "@remix-run/dev/server-build";
}
