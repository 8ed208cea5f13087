import type { BlockLoaderArgs } from "~/blocks/loaders.server";
import { createPageMemo, type PageMemo } from "~/lib/page-memo";

/**
 * The arguments loadBlockData gives a block loader, for calling one directly: `once` is a new
 * page's memo unless given (pass the same memo to loaders of one page).
 */
export function blockLoaderArgs(args: Omit<BlockLoaderArgs, "once">, once: PageMemo = createPageMemo()): BlockLoaderArgs {
  return { ...args, once };
}
