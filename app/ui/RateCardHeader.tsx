/**
 * The top of a client's rate card pages: the two plans (the courier-wise card and Pickrr
 * Advantage, each its own route) and the card's actions.
 */
import { Link } from "@remix-run/react";

import type { RateCardPermissions } from "~/services/ratecards/permissions";
import { Group } from "~/ui/layout";

import { RateCardToolbar } from "./RateCardToolbar";

export function RateCardHeader({
  current,
  courierWiseHref,
  advantageHref,
  toolbar,
}: {
  current: "courier-wise" | "advantage";
  courierWiseHref: string;
  advantageHref: string;
  toolbar: { base: string; search: string; hasAuthToken: boolean; permissions: RateCardPermissions };
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <nav className="tab-nav" aria-label="Rate card plans" style={{ borderBottom: "none" }}>
        <Link to={courierWiseHref} aria-current={current === "courier-wise" ? "page" : undefined}>
          Courier Wise Plan
        </Link>
        <Link to={advantageHref} aria-current={current === "advantage" ? "page" : undefined}>
          Pickrr Advantage
        </Link>
      </nav>
      <RateCardToolbar {...toolbar} historyOnly={current === "advantage"} />
    </Group>
  );
}
