import { createContext, useContext } from "react";

/**
 * The page's own form action: where a form posts without JavaScript (`action`, the route's URL)
 * and the answer to such a post (`result`: errors to show, values to keep). The route provides
 * it; an island that holds a form carries it in its props.
 */
export interface PageForm {
  action: string;
  result?: unknown;
}

const PageFormContext = createContext<PageForm | null>(null);

export const PageFormProvider = PageFormContext.Provider;

/** The page's form action, or null on a page without one. */
export function usePageForm(): PageForm | null {
  return useContext(PageFormContext);
}
