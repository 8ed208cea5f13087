import { z } from "zod";
import { MODAL_SIZES } from "~/components/modal";
import { blokBase } from "~/content/schema";
import { competitionFormBlokSchema, formBlokSchema } from "~/features/forms/content";

/** `modal-form`: a form shown in a modal, opened by buttons whose `modalAction` is the modal key (see modal-form.tsx). */
export const schema = z
  .object({
    ...blokBase,
    component: z.literal("modal-form"),
    /** The name buttons use in `modalAction` to open this modal. */
    modal_key: z.string().trim().min(1).meta({ storyblok: { type: "text", translatable: false } }),
    size: z.enum(MODAL_SIZES).optional(),
    /** The form shown in the modal (one `form` or `competition-form`). */
    form: z.array(z.union([formBlokSchema, competitionFormBlokSchema])).max(1).optional(),
  })
  .loose();

export type ModalFormBlok = z.infer<typeof schema>;

export const queryParams = ["submitted", "model", "dealer"] as const;
