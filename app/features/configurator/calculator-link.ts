import { CALCULATOR_PARAMS, defaultEntityType } from "~/features/finance/calculator";
import { CALCULATOR_MODAL_ID } from "~/features/finance/components/calculator-texts";
import { DEFAULT_TERM_MONTHS } from "~/features/finance/constants";
import { CALCULATOR_OPEN_PARAM, searchOf } from "./view";

// Apart from view.ts, which the contact form reaches (handoff.ts): the finance rules stay out of its bundle.
/**
 * 'View finance calculator': the build and its step with the calculator open at its defaults
 * (60 months, the buyer type's Primary vehicle use), at the modal's anchor (no-JS form).
 */
export function calculatorOpenHref(pathname: string, buildParams: URLSearchParams, stepView: readonly [string, string][], isABN: boolean): string {
  return `${pathname}${searchOf(buildParams, [
    ...stepView,
    [CALCULATOR_OPEN_PARAM, "1"],
    [CALCULATOR_PARAMS.termMonths, String(DEFAULT_TERM_MONTHS)],
    [CALCULATOR_PARAMS.entityType, defaultEntityType(isABN)],
  ])}#${CALCULATOR_MODAL_ID}`;
}
