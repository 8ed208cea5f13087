import { getBuildId } from "~/features/shell/build-id.server";
import { NO_STORE_HEADERS } from "~/features/http/cache-control";

/** GET /api/build: `{ buildId }` of the running server, for the browser's build freshness check. */
export async function loader() {
  return Response.json({ buildId: await getBuildId() }, { headers: NO_STORE_HEADERS });
}
