import { CloseButton } from "@mantine/core";
import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";

import { Group, Paper, Title } from "~/ui/layout";

/**
 * A dialog whose open state lives in the URL (e.g. `?register=1`), so it renders on the
 * server, works without JavaScript, and can be linked to. With JavaScript, Escape closes
 * it and focus moves into it.
 */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function UrlDialog({
  title,
  closeTo,
  children,
  actions,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  /**
   * The dialog's buttons, in a footer that stays in view however long the body is (the body
   * scrolls inside the dialog, decision 070). A button submits a form of the body by `form=`.
   */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    // Once, as the dialog opens, focus moves to the dialog itself (announced by its title): the
    // next Tab reaches its first control. Not to a field: leaving an untouched field would
    // validate it, and the message it shows would move the button being clicked.
    panel.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { preventScrollReset: true });
      // Modal: Tab and Shift+Tab go round the dialog's own controls, not the page under it.
      if (e.key === "Tab" && panel.current) {
        const all = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => el.offsetParent !== null,
        );
        if (all.length === 0) return;
        const [head, tail] = [all[0], all[all.length - 1]];
        const inside = panel.current.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === head || !inside)) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && (document.activeElement === tail || !inside)) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="dialog-backdrop">
      <Paper
        ref={panel}
        className="dialog-panel"
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-with-actions={actions ? "" : undefined}
        shadow="xl"
        p="lg"
        radius="md"
      >
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <CloseButton component={Link} to={closeTo} preventScrollReset aria-label="Close" />
        </Group>
        {actions ? (
          <>
            <div className="dialog-body">{children}</div>
            <div className="dialog-actions">{actions}</div>
          </>
        ) : (
          children
        )}
      </Paper>
    </div>
  );
}
