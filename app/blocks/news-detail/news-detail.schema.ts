import type { z } from "zod";
import { newsDetailSchema } from "~/content/content-types";

/** The content type and the block are one: the schema lives with the other content types. */
export const schema = newsDetailSchema;
export type NewsDetailBlok = z.infer<typeof schema>;
