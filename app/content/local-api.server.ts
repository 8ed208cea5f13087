import { createLocalContentApi } from "./local-api/index";

type Handler = (request: Request) => Promise<Response>;
const handlers = new Map<string, Handler>();

/** One local content API per content folder, shared by the content client and the /_content mount. */
export function getLocalContentApi(contentDir: string): Handler {
  let handler = handlers.get(contentDir);
  if (!handler) {
    handler = createLocalContentApi({ contentDir });
    handlers.set(contentDir, handler);
  }
  return handler;
}
