import { getBuildId } from "~/features/shell/build-id.server";

/** GET /api/build: `{ buildId }` of the running server, for the browser's build freshness check. */
export async function loader() {
  return Response.json({ buildId: await getBuildId() }, { headers: { "Cache-Control": "no-store" } });
}
