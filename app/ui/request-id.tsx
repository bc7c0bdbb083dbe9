/**
 * The id of the request an error page answers (decision 078), shown on it so that staff can quote
 * it and an operator can find the request's log lines. On the server it is this response's
 * `X-Request-Id` (scripts/server.ts puts it in the load context, app/entry.server.tsx provides
 * it). In the browser: at first the id the server wrote into the error page it sent (so that
 * hydration renders the same), then the id of the last answer to the console's own data requests
 * (app/entry.client.tsx notes it), which is the one that failed when an error page appears after
 * a navigation.
 */
import { createContext, useContext } from "react";

const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

let lastSeen: string | undefined;

/** The browser's entry: the id in a server-rendered error page, then each data answer's. */
export function noteRequestIds(): void {
  lastSeen = document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? undefined;
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await fetchOf(...args);
    lastSeen = response.headers.get("X-Request-Id") ?? lastSeen;
    return response;
  };
}

export function useRequestId(): string | undefined {
  return useContext(RequestIdContext) ?? lastSeen;
}
