/**
 * The Content-Security-Policy nonce of this response (docs/decisions/018-request-edge.md).
 * The server (scripts/server.ts) makes one per request and sends it in the policy; the
 * document's inline scripts (Remix's hydration data, scroll restoration, Mantine's colour
 * scheme) carry it. In the browser it is empty: the scripts have run, and browsers hide a
 * nonce from the page anyway.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
