import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

/**
 * The finance page's repayment calculator: the buyer chooses a model, then the finance calculator
 * runs for it in the page (AU). Its labels are the editor's; the calculator's are the spec's.
 */
export const schema = z
  .object({
    ...blokBase,
    component: z.literal("finance-calculator"),
    ...sectionFields,
    /** Label of the model select ("Choose your model"). */
    model_label: field.text,
    /** The select's first, empty option ("Select a model"). */
    model_prompt: field.text,
    /** The button that shows the chosen model's repayments without JavaScript ("Show repayments"). */
    model_button_text: field.text,
  })
  .loose();
/** The model and the calculator's fields (the no-JavaScript form), and the vehicle parts' colour. */
export const queryParams = ["model", "deposit", "term", "balloon", "use", "frequency", "frequency_for", "colour"] as const;
export type FinanceCalculatorBlok = z.infer<typeof schema>;
