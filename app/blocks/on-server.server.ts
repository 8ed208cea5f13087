import { setStoryParser } from "~/content/story-parser";
import { parseStoryBloks } from "./parse";
import { loadAllBlocks } from "./runtime/loading";

/**
 * A blok on the server, in one place. Its block is the folder app/blocks/<component>/, and on
 * its way from story to screen the blok meets it three times:
 * 1. parsed, when its story is read: the content layer calls the parser set here
 *    (`parseStoryBloks`, parse.ts), which parses every blok with `<component>.schema.ts`
 *    (schemas.ts); the content floor cannot import the blocks, so it is handed the parser;
 * 2. given data, when its page is loaded: `loadBlockData` (loaders.server.ts) runs
 *    `<component>/loader.server.ts` for each top-level blok that has one;
 * 3. rendered by `<component>.tsx`, named in the registry (index.ts), which is loaded here so that
 *    the server renders every block synchronously.
 * The server's entry (app/entry.server.tsx) starts it once; the unit tests set the same parser
 * (tests/unit/support/story-parser.setup.ts).
 */
export function startBlocksOnServer(): Promise<void> {
  setStoryParser(parseStoryBloks);
  return loadAllBlocks();
}
