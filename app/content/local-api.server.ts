import { getEnv } from "~/server/env.server";
import { localPreviewToken } from "~/server/env.server";
import { createLocalContentApi } from "./local-api/index";

type Handler = (request: Request) => Promise<Response>;
const handlers = new Map<string, Handler>();

/**
 * One local content API per content folder (and preview token), shared by the content client and
 * the /_content mount. It answers drafts only to the local preview token, as Storyblok does.
 */
export function getLocalContentApi(contentDir: string, previewToken: string = localPreviewToken(getEnv())): Handler {
  const key = `${contentDir}\0${previewToken}`;
  let handler = handlers.get(key);
  if (!handler) {
    handler = createLocalContentApi({ contentDir, previewToken });
    handlers.set(key, handler);
  }
  return handler;
}
