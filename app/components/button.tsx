import { z } from "zod";
import { blokBase, linkSchema } from "~/content/schema";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { ResolvedAnchor } from "./smart-link";

export const buttonSchema = z
  .object({
    ...blokBase,
    component: z.literal("button"),
    label: z.string().optional(),
    link: z.union([linkSchema, z.string()]).optional(),
    size: z.enum(["xs", "sm", "lg"]).optional(),
    /** Name of a modal (e.g. a modal-form's key) that the button opens instead of navigating. */
    modalAction: z.string().optional(),
    variant: z.enum(["primary", "secondary", "outline"]).optional(),
  })
  .loose();

export type ButtonBlok = z.infer<typeof buttonSchema>;

export function Button({ blok }: { blok: ButtonBlok }) {
  const { country } = useSite();
  const className = `button button--${blok.size ?? "sm"} button--${blok.variant ?? "primary"}`;
  const label = blok.label ?? "";
  const resolved = resolveLink(blok.link, country);
  if (blok.modalAction) {
    // Without JavaScript the modal's content is reachable through its anchor.
    return (
      <a className={className} href={`#modal-${blok.modalAction}`} data-modal-action={blok.modalAction}>
        {label}
      </a>
    );
  }
  if (!resolved) return null;
  return (
    <ResolvedAnchor resolved={resolved} className={className}>
      {label}
    </ResolvedAnchor>
  );
}
