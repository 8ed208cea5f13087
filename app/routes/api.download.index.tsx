import type { ActionFunctionArgs } from "@remix-run/node";
import { downloadDeps } from "~/features/downloads/deps.server";
import { errorResponse, readImagesRequest, zipResponse } from "~/features/downloads/downloads.server";

/**
 * POST /api/download/index with `{images: [...]}` (JSON, or a form with `images` fields):
 * images.zip of those files, streamed. Only the content's own assets, at most 50 files and a size
 * cap; bad input is a 4xx with a JSON message. A file named several ways is packed once; the
 * archive's size counts against the client's download budget (429 with Retry-After past it).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  try {
    const images = await readImagesRequest(request);
    return await zipResponse(images, downloadDeps(request, context?.downloadBudget));
  } catch (error) {
    return errorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Use POST with {images: [...]}" }, { status: 405, headers: { Allow: "POST" } });
}
