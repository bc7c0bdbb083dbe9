import { CloseButton, Group, Paper, Title } from "@mantine/core";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A dialog whose open state lives in the URL (e.g. `?register=1`), so it renders on the
 * server, works without JavaScript, and can be linked to. With JavaScript, Escape closes
 * it and focus moves into it.
 */
export function UrlDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>("input, select, textarea, button");
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="dialog-backdrop">
      <Paper
        ref={panel}
        className="dialog-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
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
        {children}
      </Paper>
    </div>
  );
}
