/**
 * The one column builder of a rate row, shared by `rate_rows` (client and segment cards) and
 * `plan_rate_rows` (advantage plan cards): the prices of one courier service for one shipment
 * type and delivery type (docs/product.md §3). Per zone A–E, `_base` is the price up to
 * `first_slab` kg and `_add` the price of every further `second_slab` kg. `version` guards
 * concurrent edits. Builders are created per call: a drizzle column belongs to one table.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, integer, numeric, text, timestamp } from "drizzle-orm/pg-core";

import { DELIVERY_TYPES, type DeliveryType, SHIPMENT_TYPES, type ShipmentType } from "../../core/rate-fields";
import { courierServices } from "./couriers";

/** Rupees: numeric(12,2). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** Percentages: numeric(6,2). */
export const percent = (name: string) => numeric(name, { precision: 6, scale: 2 });
/** Weights in kg: numeric(6,2). */
const kg = (name: string) => numeric(name, { precision: 6, scale: 2 });

/** A list of codes as an SQL `in` list: ('FORWARD', 'REVERSE', …). */
export const sqlList = (values: readonly string[]) =>
  sql.raw(`(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`);

export function rateRowColumns() {
  return {
    /** The internal courier id. */
    courier_service_id: integer("courier_service_id")
      .notNull()
      .references(() => courierServices.id),
    shipment_type: text("shipment_type").$type<ShipmentType>().notNull(),
    delivery_type: text("delivery_type").$type<DeliveryType>().notNull(),
    first_slab: kg("first_slab").notNull(),
    second_slab: kg("second_slab").notNull(),
    zone_a_base: money("zone_a_base").notNull(),
    zone_a_add: money("zone_a_add").notNull(),
    zone_b_base: money("zone_b_base").notNull(),
    zone_b_add: money("zone_b_add").notNull(),
    zone_c_base: money("zone_c_base").notNull(),
    zone_c_add: money("zone_c_add").notNull(),
    zone_d_base: money("zone_d_base").notNull(),
    zone_d_add: money("zone_d_add").notNull(),
    zone_e_base: money("zone_e_base").notNull(),
    zone_e_add: money("zone_e_add").notNull(),
    /** Minimum COD charge (min_COD). */
    cod_charge: money("cod_charge").notNull(),
    cod_percentage: percent("cod_percentage").notNull(),
    surcharge: money("surcharge").notNull(),
    ndd_charge: money("ndd_charge").notNull(),
    /** Volumetric divisor: cm³ per kg (5000 or 4000). */
    divisor: integer("divisor").notNull(),
    version: integer("version").notNull().default(1),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

type RateRowColumns = Record<keyof ReturnType<typeof rateRowColumns>, AnyPgColumn>;

/** The checks every rate row table carries, named after the table (`rate_rows_divisor_positive`). */
export function rateRowChecks(table: string, t: RateRowColumns) {
  return [
    check(`${table}_shipment_type`, sql`${t.shipment_type} in ${sqlList(SHIPMENT_TYPES)}`),
    check(`${table}_delivery_type`, sql`${t.delivery_type} in ${sqlList(DELIVERY_TYPES)}`),
    check(`${table}_slabs_positive`, sql`${t.first_slab} > 0 and ${t.second_slab} > 0`),
    check(
      `${table}_prices_non_negative`,
      sql`least(${t.zone_a_base}, ${t.zone_a_add}, ${t.zone_b_base}, ${t.zone_b_add}, ${t.zone_c_base}, ${t.zone_c_add}, ${t.zone_d_base}, ${t.zone_d_add}, ${t.zone_e_base}, ${t.zone_e_add}, ${t.cod_charge}, ${t.surcharge}, ${t.ndd_charge}) >= 0`,
    ),
    check(`${table}_cod_percentage_range`, sql`${t.cod_percentage} between 0 and 100`),
    check(`${table}_divisor_positive`, sql`${t.divisor} > 0`),
  ];
}
