import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSubmitAction, methodNotAllowed } from "~/features/forms/action.server";

/** POST /api/form/: an enquiry as JSON (spec transactional.md section 7); stored before 2xx. */
export const loader = methodNotAllowed;

export function action({ request, context }: ActionFunctionArgs) {
  return apiSubmitAction(request, "form", context?.leadLimit);
}
