/**
 * On Hold COD's two views (decision 066): the held list and the Released view, as links that keep
 * the date range, and the totals of the view's filter above its table (how many, and the amount).
 */
import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { formatInr, rupeesToPaise } from "~/services/core/money";
import { Group, Text, Title } from "~/ui/layout";

export type CodViewName = "held" | "released";

export function CodViewLinks({
  current,
  heldHref,
  releasedHref,
}: {
  current: CodViewName;
  heldHref: string;
  releasedHref: string;
}) {
  const link = (name: CodViewName, label: string, to: string) => (
    <Button
      size="compact-sm"
      variant={current === name ? "filled" : "default"}
      component={Link}
      to={to}
      aria-current={current === name ? "page" : undefined}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" component="nav" aria-label="On Hold COD views">
      {link("held", "On hold", heldHref)}
      {link("released", "Released", releasedHref)}
    </Group>
  );
}

/** The page's heading, its line and the two views. */
export function CodHeader({ line, children }: { line: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h2">
          On Hold COD
        </Title>
        <Text c="dimmed" size="sm">
          {line}
        </Text>
      </div>
      {children}
    </Group>
  );
}

/** "N remittances held · ₹X pending" (or released): the whole filter's, whatever the page. */
export function CodTotals({ count, amount, kind }: { count: number; amount: string; kind: "held" | "released" }) {
  const noun = count === 1 ? "remittance" : "remittances";
  return (
    <Group gap="lg" data-testid="cod-totals" aria-label="Totals for this filter" role="group">
      <Text size="sm">
        <strong>{count.toLocaleString("en-IN")}</strong> {noun} {kind}
      </Text>
      <Text size="sm">
        <strong>{formatInr(rupeesToPaise(amount))}</strong> {kind === "held" ? "pending" : "released"}
      </Text>
    </Group>
  );
}
