// Setup file of the unit tests: stories are read with their bloks parsed, as the server's entry
// (app/entry.server.tsx) sets up, for tests that call loaders and features without it.
import { parseStoryBloks } from "~/blocks/parse";
import { setStoryParser } from "~/content/story-parser";

setStoryParser(parseStoryBloks);
