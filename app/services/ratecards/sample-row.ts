import type { CardRow } from "./fields";

/** A plausible rate row (0.5 + 0.5 kg surface, prices rising from zone A to E), for tests. */
export function sampleCardRow(extra: Partial<CardRow> = {}): CardRow {
  return {
    id: 7,
    courier_service_id: 101,
    courier_name: "Delhivery Surface 0.5kg",
    is_active: true,
    shipment_type: "FORWARD",
    delivery_type: "surface",
    first_slab: "0.50",
    second_slab: "0.50",
    zone_a_base: "30.00",
    zone_a_add: "28.00",
    zone_b_base: "35.00",
    zone_b_add: "31.00",
    zone_c_base: "40.00",
    zone_c_add: "36.00",
    zone_d_base: "45.00",
    zone_d_add: "40.00",
    zone_e_base: "55.00",
    zone_e_add: "47.00",
    cod_charge: "30.00",
    cod_percentage: "2.00",
    surcharge: "0.00",
    ndd_charge: "0.00",
    divisor: 5000,
    version: 1,
    ...extra,
  };
}
