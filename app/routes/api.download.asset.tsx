import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadDeps } from "~/features/downloads/deps.server";
import { assetResponse, errorResponse } from "~/features/downloads/downloads.server";

/**
 * GET /api/download/asset?url={assetUrl}: one asset of the content (an event gallery image) as an
 * attachment. Any URL that is not on the content's asset hosts is a 400; no other host is fetched.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return await assetResponse(new URL(request.url).searchParams.get("url"), downloadDeps(request));
  } catch (error) {
    return errorResponse(error);
  }
}
