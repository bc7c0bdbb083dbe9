/**
 * The browser's entry: Remix's own, plus noting each answer's request id for the error pages
 * (app/ui/request-id.tsx, decision 078).
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { noteRequestIds } from "./ui/request-id";

noteRequestIds();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
