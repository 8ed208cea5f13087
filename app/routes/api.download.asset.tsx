import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadDeps } from "~/features/downloads/deps.server";
import { assetResponse, errorResponse } from "~/features/downloads/downloads.server";

/**
 * GET /api/download/asset?url={assetUrl}: one asset of the content (an event gallery image) as an
 * attachment. Any URL that is not on the content's asset hosts is a 400; no other host is fetched.
 * Counted against the client's download budget (429 with Retry-After past it).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return await assetResponse(new URL(request.url).searchParams.get("url"), downloadDeps(request, context?.downloadBudget));
  } catch (error) {
    return errorResponse(error);
  }
}
