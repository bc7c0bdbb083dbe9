import { describe, expect, it } from "vitest";

import type { DeliveryType, ShipmentType } from "../core/rate-fields";
import type { CardRow } from "./fields";
import { buildRateCardPanels, panelTitle } from "./panels";
import { sampleCardRow } from "./sample-row";

let nextId = 1;
function row(
  courier: string,
  shipment: ShipmentType,
  delivery: DeliveryType,
  first: string,
  second: string,
  extra: Partial<CardRow> = {},
): CardRow {
  return sampleCardRow({
    id: nextId++,
    courier_service_id: 100 + courier.length,
    courier_name: courier,
    shipment_type: shipment,
    delivery_type: delivery,
    first_slab: first,
    second_slab: second,
    ...extra,
  });
}

describe("panelTitle", () => {
  it("reads exactly like the spec, with weights printed without trailing zeros", () => {
    expect(panelTitle("0.50", "0.50", 3)).toBe("Base upto 0.5 KG + Every Additional 0.5 KG - 3 Courier Options");
    expect(panelTitle("1.00", "0.50", 1)).toBe("Base upto 1 KG + Every Additional 0.5 KG - 1 Courier Options");
    expect(panelTitle(2, 1, 12)).toBe("Base upto 2 KG + Every Additional 1 KG - 12 Courier Options");
    expect(panelTitle("0.25", "0.10", 2)).toBe("Base upto 0.25 KG + Every Additional 0.1 KG - 2 Courier Options");
  });
});

describe("buildRateCardPanels", () => {
  const rows = [
    row("Xpressbees Surface 0.5kg", "FORWARD", "surface", "0.50", "0.50"),
    row("Delhivery Surface 2kg", "FORWARD", "surface", "2.00", "1.00"),
    row("Delhivery Surface 0.5kg", "FORWARD", "surface", "0.50", "0.50"),
    row("Ekart Surface 0.5kg", "FORWARD", "surface", "0.50", "1.00"),
    row("Blue Dart Air 0.5kg", "FORWARD", "express", "0.50", "0.50"),
    row("Amazon Shipping Surface 0.5kg", "FORWARD", "surface", "0.50", "0.50", { is_active: false }),
    row("Delhivery Surface 10kg", "FORWARD", "surface", "10.00", "1.00"),
    row("Delhivery Surface 0.5kg", "REVERSE", "surface", "0.50", "0.50"),
    row("Delhivery Surface 0.5kg", "FORWARD_RTO", "surface", "0.50", "0.50"),
    row("Blue Dart Air 0.5kg", "REVERSE_RTO", "express", "0.50", "0.50"),
  ];

  it("groups by tab and delivery type, then by slab pair sorted by first then second slab", () => {
    const p = buildRateCardPanels(rows);
    expect(p.forward.surface.map((x) => [x.first_slab, x.second_slab])).toEqual([
      ["0.5", "0.5"],
      ["0.5", "1"],
      ["2", "1"],
      ["10", "1"],
    ]);
    expect(p.forward.express.map((x) => x.title)).toEqual([
      "Base upto 0.5 KG + Every Additional 0.5 KG - 1 Courier Options",
    ]);
    expect(p.reverse.surface).toHaveLength(1);
    expect(p.reverse.express).toEqual([]);
    expect(p.rto.surface[0].couriers.map((c) => c.shipment_type)).toEqual(["FORWARD_RTO"]);
    // Both RTO codes live under the RTO tab.
    expect(p.rto.express[0].couriers.map((c) => c.shipment_type)).toEqual(["REVERSE_RTO"]);
  });

  it("sorts couriers by name and counts them in the title", () => {
    const first = buildRateCardPanels(rows).forward.surface[0];
    expect(first.couriers.map((c) => c.courier_name)).toEqual(["Delhivery Surface 0.5kg", "Xpressbees Surface 0.5kg"]);
    expect(first.title).toBe("Base upto 0.5 KG + Every Additional 0.5 KG - 2 Courier Options");
  });

  it("shows only active couriers unless showAll, and drops panels left empty", () => {
    const onlyInactive = [row("Shadowfax Surface 1kg", "FORWARD", "surface", "1.00", "0.50", { is_active: false })];
    expect(buildRateCardPanels(onlyInactive).forward.surface).toEqual([]);
    const all = buildRateCardPanels(rows, { showAll: true }).forward.surface[0];
    expect(all.couriers.map((c) => c.courier_name)).toEqual([
      "Amazon Shipping Surface 0.5kg",
      "Delhivery Surface 0.5kg",
      "Xpressbees Surface 0.5kg",
    ]);
    expect(all.title).toBe("Base upto 0.5 KG + Every Additional 0.5 KG - 3 Courier Options");
  });

  it("treats 0.5 and 0.50 as one slab and sorts numerically, not as text", () => {
    const p = buildRateCardPanels([
      row("A", "FORWARD", "surface", "10.00", "2.00"),
      row("B", "FORWARD", "surface", "0.5", "0.5"),
      row("C", "FORWARD", "surface", "0.50", "0.50"),
      row("D", "FORWARD", "surface", "2.00", "0.50"),
      row("E", "FORWARD", "surface", "10.00", "1.00"),
    ]);
    expect(p.forward.surface.map((x) => `${x.key}:${x.couriers.length}`)).toEqual([
      "0.5-0.5:2",
      "2-0.5:1",
      "10-1:1",
      "10-2:1",
    ]);
  });
});
