/**
 * A rate card's sections (Express Shipping, Surface Shipping) with one collapsible panel per
 * weight slab pair. `<details>` panels collapse without JavaScript. Used by client, segment
 * and plan rate cards.
 */
import type { DeliveryType } from "~/services/core/rate-fields";
import { Stack, Text, Title } from "~/ui/layout";

import { RateTable, type RateTableEditing, type RateTableIdentity, type RateTableRow } from "./RateTable";

/**
 * `key` tells sections apart when one page shows several shipment types (a plan card); it
 * defaults to the delivery type. `identity` adds columns that tell a panel's rows apart
 * (the RTO tab's Forward RTO and Reverse RTO rows).
 */
export type RateSection = {
  key?: string;
  delivery: DeliveryType;
  label: string;
  identity?: RateTableIdentity;
  panels: { key: string; title: string; couriers: RateTableRow[] }[];
};

export function RatePanels({
  sections,
  showAll,
  operation,
  editing,
  editHref,
  rowLinks,
}: {
  sections: RateSection[];
  showAll: boolean;
  operation?: boolean;
  editing?: RateTableEditing | null;
  editHref?: (rowId: number) => string;
  rowLinks?: Parameters<typeof RateTable>[0]["rowLinks"];
}) {
  return (
    <>
      {sections.map((section) => (
        <Stack key={section.key ?? section.delivery} gap="xs">
          <Title order={2} size="h4">
            {section.label}
          </Title>
          {section.panels.length === 0 ? (
            <Text size="sm" c="dimmed">
              No {showAll ? "" : "active "}couriers with {section.label.toLowerCase()} rates.
            </Text>
          ) : (
            section.panels.map((panel) => (
              <details key={panel.key} open className="rate-panel">
                <summary>
                  <Text span fw={600} size="sm" data-testid="panel-title">
                    {panel.title}
                  </Text>
                </summary>
                <RateTable
                  rows={panel.couriers}
                  caption={`${section.label}: ${panel.title}`}
                  operation={operation}
                  editing={editing}
                  editHref={editHref}
                  rowLinks={rowLinks}
                  identity={section.identity}
                />
              </details>
            ))
          )}
        </Stack>
      ))}
    </>
  );
}
