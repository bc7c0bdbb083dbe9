/**
 * What the client's card page shows of a card: only what its tables render (the page's HTML
 * and serialised data scale with the rows), shaped for RatePanels and RateTable.
 */
import { DELIVERY_TYPES, RATE_FIELDS, type RateField } from "~/services/core/rate-fields";
import { type CardRow, DELIVERY_TYPE_LABELS, type RateTab } from "~/services/ratecards/fields";
import type { RateCardPanels } from "~/services/ratecards/panels";

import type { RateTableRow } from "./rate-table-rows";

/** A panel table's row: the prices, and the price type the RTO tab labels. */
export function tableRow(r: CardRow): RateTableRow {
  const row = {
    id: r.id,
    courier_name: r.courier_name,
    is_active: r.is_active,
    version: r.version,
    shipment_type: r.shipment_type,
  } as RateTableRow;
  for (const f of RATE_FIELDS) (row as Record<RateField, string | number>)[f] = r[f];
  return row;
}

/** The uploaded-card list is one table: each row carries what tells it apart. */
export function uploadedRow(r: CardRow): RateTableRow {
  return { ...tableRow(r), delivery_type: r.delivery_type, first_slab: r.first_slab, second_slab: r.second_slab };
}

/** One tab's panels, per delivery type. */
export function cardSections(panels: RateCardPanels, tab: RateTab) {
  return DELIVERY_TYPES.map((d) => ({
    delivery: d,
    label: DELIVERY_TYPE_LABELS[d],
    // The RTO tab holds Forward RTO and Reverse RTO rows: a Price Type column tells them apart.
    identity: tab === "rto" ? ("price-type" as const) : undefined,
    panels: panels[tab][d].map((p) => ({ key: p.key, title: p.title, couriers: p.couriers.map(tableRow) })),
  }));
}
