/**
 * How a story read from the content API is made ready for the layers above: its bloks parsed with
 * their blocks' schemas. The server's entry sets it once (the blocks know their schemas; this
 * layer does not), so a parsed story is cached with the read it came from.
 */
export type StoryParser = <T>(story: T) => T;

let parser: StoryParser | null = null;

export function setStoryParser(parse: StoryParser): void {
  parser = parse;
}

/** Parses a story read from the content API; reading before the entry set a parser is a bug, not an outage. */
export function parseStory<T>(story: T): T {
  if (!parser) throw new Error("[content] no story parser is set: the server's entry sets it with setStoryParser");
  return parser(story);
}
