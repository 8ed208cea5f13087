import { createContext, useContext } from "react";

/** How the page runs in the browser: islands, or one app (app/root.tsx decides). */
export const HydrationModeContext = createContext<"islands" | "app">("app");

export function useHydrationMode(): "islands" | "app" {
  return useContext(HydrationModeContext);
}
