import type { ComponentType } from "react";
import type { z } from "zod";

/** A registered CMS block: its zod schema and the component that renders it. */
export interface BlockDefinition<S extends z.ZodType = z.ZodType> {
  schema: S;
  Component: ComponentType<{ blok: z.infer<S> }>;
}

export function defineBlock<S extends z.ZodType>(
  schema: S,
  Component: ComponentType<{ blok: z.infer<S> }>,
): BlockDefinition<S> {
  return { schema, Component };
}
