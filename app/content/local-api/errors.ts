/** Thrown by parameter parsers; the handler turns it into `400 {"error": message}`. */
export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ParamError";
  }
}
