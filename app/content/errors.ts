/**
 * A read the content service could not answer (unreachable, an error status, past its deadline):
 * not the same as a story that does not exist, which reads as null. The page decides 503 from it.
 */
export class ContentUnavailableError extends Error {
  constructor(what: string, options?: { cause?: unknown }) {
    super(`the content service could not answer: ${what}`, options);
    this.name = "ContentUnavailableError";
  }
}
