import { createContext, useContext, type ReactNode } from "react";

/**
 * The CSP nonce of the response being rendered. entry.server.tsx provides it (from the Express
 * load context); in the browser there is no provider and the value is "" (browsers hide the
 * nonce attribute after load, and scripts React adds later are trusted through 'strict-dynamic').
 */
const NonceContext = createContext<string>("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce for an inline `<script>` (or `<Scripts>`, `<ScrollRestoration>`). */
export function useNonce(): string {
  return useContext(NonceContext);
}
