import { Alert, CloseButton } from "@mantine/core";
import { useEffect, useState } from "react";
import type { Toast } from "~/services/auth/session.server";

/**
 * Shows the flash toast from the previous request. Rendered on the server so it appears
 * after a plain form post; with JavaScript it can be dismissed and fades after a while.
 */
export function ToastArea({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState(Boolean(toast));
  useEffect(() => {
    setVisible(Boolean(toast));
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), toast.kind === "error" ? 15_000 : 6_000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || !visible) return null;
  return (
    <div className="toast-area" role={toast.kind === "error" ? "alert" : "status"} data-testid="toast">
      <Alert
        color={toast.kind === "error" ? "red.9" : "teal.9"}
        title={toast.title}
        variant="filled"
        withCloseButton={false}
      >
        <div style={{ display: "flex", gap: 8, alignItems: "flex-start", justifyContent: "space-between" }}>
          <span>{toast.message}</span>
          <CloseButton aria-label="Dismiss message" variant="transparent" c="white" size="sm" onClick={() => setVisible(false)} />
        </div>
      </Alert>
    </div>
  );
}
