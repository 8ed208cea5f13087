import { isBuildLine } from "~/features/configurator/handoff";
import { choicesOf, fieldComponent, type FormField } from "./content";

/**
 * The configurator build a test-drive form carries: read from the page's
 * `build` parameter by the form's block loader (build-handoff.server.ts), shown on the form and
 * posted back in a hidden field of this name; the server resolves it again for the lead.
 */
export const BUILD_FIELD = "build";

/** What the form shows and posts of the build (all rebuilt from the catalogue). */
export interface FormBuildView {
  /** The canonical configurator path: the hidden field's value and the link back. */
  path: string;
  /** 'Tarrak Summit, Red Centre, Saddle Tan Nappa, 2 accessories'. */
  text: string;
  /** The form's model-line choice of the build's line (preselected). */
  lineValue: string;
}

/** The model-line field of a form (SelectModelLine), if it has one. */
export function modelLineField(fields: readonly FormField[]): FormField | null {
  return fields.find((f) => fieldComponent(f) === "SelectModelLine") ?? null;
}

/** The field's choice for a model line (by its value or name), if the form offers the line. */
export function choiceForLine(field: FormField, line: { slug: string; name: string }): string | null {
  return choicesOf(field).find((choice) => isBuildLine(choice, line))?.value ?? null;
}
