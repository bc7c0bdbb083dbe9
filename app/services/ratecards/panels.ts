/**
 * How a rate card is laid out on screen (docs/product.md §2, §3, §9): tabs Forward / Reverse /
 * RTO, each with Express and Surface sections, each section a list of collapsible panels, one
 * per weight slab pair, sorted ascending by first then second slab, couriers sorted by name,
 * only active couriers unless asked to show all.
 */
import { DELIVERY_TYPES, type DeliveryType } from "../core/rate-fields";
import { type CardRow, compareCourierNames, RATE_TABS, type RateTab, TAB_OF_SHIPMENT_TYPE } from "./fields";
import { formatKg, parseHundredths } from "./money";

export type RatePanel<R extends CardRow = CardRow> = {
  /** Stable within a section, e.g. "0.5-0.5" (usable as an id or a URL fragment). */
  key: string;
  first_slab: string;
  second_slab: string;
  title: string;
  couriers: R[];
};

export type RateCardPanels<R extends CardRow = CardRow> = Record<RateTab, Record<DeliveryType, RatePanel<R>[]>>;

/** Exactly `Base upto X KG + Every Additional Y KG - N Courier Options`. */
export function panelTitle(firstSlab: string | number, secondSlab: string | number, courierCount: number): string {
  return `Base upto ${formatKg(firstSlab)} KG + Every Additional ${formatKg(secondSlab)} KG - ${courierCount} Courier Options`;
}

function slabValue(slab: string): number {
  const h = parseHundredths(slab);
  return h ?? Number(slab);
}

export function buildRateCardPanels<R extends CardRow>(
  rows: readonly R[],
  opts: { showAll?: boolean } = {},
): RateCardPanels<R> {
  const out = Object.fromEntries(
    RATE_TABS.map((tab) => [tab, Object.fromEntries(DELIVERY_TYPES.map((d) => [d, [] as RatePanel<R>[]]))]),
  ) as RateCardPanels<R>;

  const groups = new Map<string, { tab: RateTab; delivery: DeliveryType; first: number; second: number; rows: R[] }>();
  for (const row of rows) {
    if (!opts.showAll && !row.is_active) continue;
    const tab = TAB_OF_SHIPMENT_TYPE[row.shipment_type];
    const first = slabValue(row.first_slab);
    const second = slabValue(row.second_slab);
    const id = `${tab}|${row.delivery_type}|${first}|${second}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { tab, delivery: row.delivery_type, first, second, rows: [] }));
    g.rows.push(row);
  }

  for (const g of groups.values()) {
    const couriers = g.rows.sort(
      (x, y) =>
        compareCourierNames(x.courier_name, y.courier_name) ||
        x.shipment_type.localeCompare(y.shipment_type) ||
        x.id - y.id,
    );
    const first = formatKg(couriers[0].first_slab);
    const second = formatKg(couriers[0].second_slab);
    out[g.tab][g.delivery].push({
      key: `${first}-${second}`,
      first_slab: first,
      second_slab: second,
      title: panelTitle(first, second, couriers.length),
      couriers,
    });
  }
  for (const tab of RATE_TABS) {
    for (const d of DELIVERY_TYPES) {
      out[tab][d].sort(
        (a, b) =>
          slabValue(a.first_slab) - slabValue(b.first_slab) || slabValue(a.second_slab) - slabValue(b.second_slab),
      );
    }
  }
  return out;
}
