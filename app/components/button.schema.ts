import { z } from "zod";
import { blokBase, field } from "~/content/schema";

export const BUTTON_SIZES = ["xs", "sm", "lg"] as const;

export const buttonSchema = z
  .object({
    ...blokBase,
    component: z.literal("button"),
    label: field.text,
    link: field.linkOrHref,
    /** xs, sm or lg; anything else is rejected. */
    size: z.enum(BUTTON_SIZES).optional(),
    /** Name of a modal (e.g. a modal-form's key) that the button opens instead of navigating. */
    modalAction: field.key,
    variant: z.enum(["primary", "secondary", "outline"]).optional(),
    /** WebVTT captions for a video link. */
    captions: field.captions,
  })
  .loose();

export type ButtonBlok = z.infer<typeof buttonSchema>;
