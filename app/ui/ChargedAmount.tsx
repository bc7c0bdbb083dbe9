/**
 * Charged Amount Details (docs/product.md §2, §3 invoice amount details): the order's charge as it
 * was frozen at placement, and the formula with its numbers. A dialog by URL, so it works
 * without JavaScript.
 */
import "./small-table.css";

import { formatInr } from "~/services/core/money";
import type { FrozenCharge } from "~/services/db/schema/orders";
import { chargedAmountFormula } from "~/services/quote/pricing";
import { Text } from "~/ui/layout";

import { UrlDialog } from "./UrlDialog";

type Order = {
  pickrr_order_id: string;
  dead_weight: string;
  length: string;
  breadth: string;
  height: string;
  order_zone: string;
  charge: FrozenCharge;
  payment_mode: string;
};

export function ChargedAmountDialog({ order, closeTo }: { order: Order; closeTo: string }) {
  const c = order.charge;
  const rows: [string, string][] = [
    ["Dead weight", `${Number(order.dead_weight).toFixed(2)} kg`],
    ["Dimensions (L × B × H)", `${order.length} × ${order.breadth} × ${order.height} cm`],
    ["Volumetric divisor", String(c.divisor)],
    ["Volumetric weight", `${c.volumetric_weight.toFixed(2)} kg`],
    ["Charged weight", `${c.chargeable_weight.toFixed(2)} kg`],
    ["Courier", c.courier],
    ["Zone", c.zone],
    ["Weight slab", `Base upto ${c.base_weight} kg + every additional ${c.additional_weight} kg`],
    ["Rate card", c.rate_card === "client" ? "Client's rate card" : c.rate_card],
    ["COD charge", formatInr(c.cod_charge)],
    ["Surcharge", formatInr(c.surcharge)],
  ];
  return (
    <UrlDialog title="Charged Amount Details" closeTo={closeTo}>
      <Text size="sm" mb="xs">
        Order {order.pickrr_order_id}, as charged when it was placed.
      </Text>
      <table
        className="small-table small-table-bordered small-table-compact"
        aria-label="Charged amount details"
        data-testid="charged-details"
      >
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text size="sm" mt="sm" fw={600}>
        base multiplier × base price + additional multiplier × additional price + COD charge + surcharge = total
      </Text>
      <Text size="sm" ff="monospace" data-testid="charged-formula">
        {chargedAmountFormula(c as Parameters<typeof chargedAmountFormula>[0])}
      </Text>
    </UrlDialog>
  );
}
