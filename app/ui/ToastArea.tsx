import { Alert, CloseButton } from "@mantine/core";
import { useEffect, useState } from "react";

import type { Toast } from "~/services/auth/session.server";

/** Long enough to read; a toast may ask for longer (e.g. the spec's 15-second plan refusal). */
export const SUCCESS_TOAST_MS = 6_000;
export const ERROR_TOAST_MS = 8_000;

export function toastDurationMs(toast: Pick<Toast, "kind" | "durationMs">): number {
  return toast.durationMs ?? (toast.kind === "error" ? ERROR_TOAST_MS : SUCCESS_TOAST_MS);
}

/**
 * Shows the flash toast from the previous request. Rendered on the server so it appears
 * after a plain form post; with JavaScript it can be dismissed and fades after a while.
 */
export function ToastArea({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState(Boolean(toast));
  // Whether the fade-out timer runs (after hydration): tests wait for it before moving a fake clock.
  const [timed, setTimed] = useState(false);
  useEffect(() => {
    setVisible(Boolean(toast));
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), toastDurationMs(toast));
    setTimed(true);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || !visible) return null;
  return (
    <div
      className="toast-area"
      role={toast.kind === "error" ? "alert" : "status"}
      data-testid="toast"
      data-timed={timed ? "true" : undefined}
    >
      <Alert
        color={toast.kind === "error" ? "red.9" : "teal.9"}
        title={toast.title}
        variant="filled"
        withCloseButton={false}
      >
        <div style={{ display: "flex", gap: 8, alignItems: "flex-start", justifyContent: "space-between" }}>
          <span>{toast.message}</span>
          <CloseButton
            aria-label="Dismiss message"
            variant="transparent"
            c="white"
            size="sm"
            onClick={() => setVisible(false)}
          />
        </div>
      </Alert>
    </div>
  );
}
