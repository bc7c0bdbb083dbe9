import { Alert, CloseButton } from "@mantine/core";
import { type CSSProperties, useEffect, useState } from "react";

import type { Toast } from "~/services/auth/session.server";

/** Long enough to read; a toast may ask for longer (e.g. the spec's 15-second plan refusal). */
export const SUCCESS_TOAST_MS = 6_000;
export const ERROR_TOAST_MS = 8_000;

export function toastDurationMs(toast: Pick<Toast, "kind" | "durationMs">): number {
  return toast.durationMs ?? (toast.kind === "error" ? ERROR_TOAST_MS : SUCCESS_TOAST_MS);
}

/**
 * Shows the flash toast from the previous request. Rendered on the server so it appears
 * after a plain form post. It leaves after its time and can be dismissed with JavaScript on
 * or off: the stylesheet hides it after `--toast-ms` and when its dismiss box is ticked
 * (app.css, "the toast"), so a toast never stays over the page's own controls.
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
  // Each new toast is a new element: its dismiss box unticked and its leaving animation restarted.
  // (React's "adjusting state when a prop changes" pattern.)
  const [shown, setShown] = useState({ toast, key: 0 });
  if (shown.toast !== toast) setShown({ toast, key: shown.key + 1 });
  const key = shown.key;
  if (!toast || !visible) return null;
  return (
    <div
      key={key}
      className="toast-area"
      role={toast.kind === "error" ? "alert" : "status"}
      data-testid="toast"
      data-timed={timed ? "true" : undefined}
      style={{ "--toast-ms": `${toastDurationMs(toast)}ms` } as CSSProperties}
    >
      <input
        type="checkbox"
        id="toast-dismiss"
        className="toast-dismiss visually-hidden"
        aria-label="Dismiss message"
      />
      <Alert
        color={toast.kind === "error" ? "red.9" : "teal.9"}
        title={toast.title}
        variant="filled"
        withCloseButton={false}
      >
        <div style={{ display: "flex", gap: 8, alignItems: "flex-start", justifyContent: "space-between" }}>
          <span>{toast.message}</span>
          <CloseButton
            component="label"
            htmlFor="toast-dismiss"
            aria-hidden
            variant="transparent"
            c="white"
            size="sm"
          />
        </div>
      </Alert>
    </div>
  );
}
