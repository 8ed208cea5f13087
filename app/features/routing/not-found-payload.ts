import type { Blok, Country } from "~/content/schema";
import type { Globals } from "~/features/shell/globals";

/** What a 404 carries to the error screen: the message, the error story and the layout's globals. */
export interface NotFoundPayload {
  notFound: true;
  message: string;
  path: string;
  country: Country;
  errorStory: Blok | null;
  globals: Globals | null;
}

export function isNotFoundPayload(value: unknown): value is NotFoundPayload {
  return typeof value === "object" && value !== null && (value as { notFound?: unknown }).notFound === true;
}
