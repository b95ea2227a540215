import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce (decision 021). Only the server render has one:
 * entry.server.tsx provides it; in the browser it is "" (browsers hide a
 * nonce attribute after parsing, and React does not patch attributes on
 * hydration), so nothing here needs the value after the first paint.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
