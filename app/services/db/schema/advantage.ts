/**
 * Advantage plans (decision 009): which plans
 * a client is offered and which one the seller activated, the plans' rate cards (defaults
 * and per-client copies made on the first edit), and premium cashback settings.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { ADVANTAGE_PLAN_NAMES, type AdvantagePlanName } from "../../core/plans";
import { clients } from "./clients";
import { money, percent, rateRowChecks, rateRowColumns, sqlList } from "./rate-row";
import { staff } from "./staff";

const PLAN_NAMES_SQL = sqlList(ADVANTAGE_PLAN_NAMES);

/**
 * A plan offered to a client (the row exists ⇔ offered). `activated_at` is set when the
 * seller activates it (POST /api/seller/advantage-plan); at most one plan per client is active.
 */
export const clientAdvantagePlans = pgTable(
  "client_advantage_plans",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    plan: text("plan").$type<AdvantagePlanName>().notNull(),
    offered_at: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    offered_by: integer("offered_by").references(() => staff.id),
    activated_at: timestamp("activated_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.client_id, t.plan] }),
    check("client_advantage_plans_plan", sql`${t.plan} in ${PLAN_NAMES_SQL}`),
    uniqueIndex("client_advantage_plans_one_active")
      .on(t.client_id)
      .where(sql`${t.activated_at} is not null`),
  ],
);

/**
 * A plan's rate card, in the rate-row columns (rate-row.ts): the plan's default rows
 * (`client_id` null) and, once a client's plan card is first edited, that client's own copy
 * (`plan_type` exclusive). Its own table so that "a client's rate rows" keeps meaning the
 * courier-wise card everywhere (quotes, CSV, upload).
 */
export const planRateRows = pgTable(
  "plan_rate_rows",
  {
    id: serial("id").primaryKey(),
    plan: text("plan").$type<AdvantagePlanName>().notNull(),
    client_id: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    ...rateRowColumns(),
  },
  (t) => [
    check("plan_rate_rows_plan", sql`${t.plan} in ${PLAN_NAMES_SQL}`),
    ...rateRowChecks("plan_rate_rows", t),
    uniqueIndex("plan_rate_rows_default_key")
      .on(t.plan, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is null`),
    uniqueIndex("plan_rate_rows_client_key")
      .on(t.client_id, t.plan, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is not null`),
  ],
);

/**
 * Premium cashback settings of a client and plan (docs/product.md §3). No row means the defaults
 * (assurance 85, plans 1 and 1 at 100 %, TAT 2/3/4/5/8 days, no liability set yet). For each
 * of the return (RTO) and delivered-breach plans, the forward and RTO parts are a percentage
 * of the freight or a value in rupees: exactly one of the pair is set.
 */
export const cashbackSettings = pgTable(
  "cashback_settings",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    plan: text("plan").$type<AdvantagePlanName>().notNull(),
    assurance: integer("assurance").notNull().default(85),
    return_plan: integer("return_plan").notNull(),
    return_forward_percentage: percent("return_forward_percentage"),
    return_forward_value: money("return_forward_value"),
    return_rto_percentage: percent("return_rto_percentage"),
    return_rto_value: money("return_rto_value"),
    delivered_plan: integer("delivered_plan").notNull(),
    delivered_forward_percentage: percent("delivered_forward_percentage"),
    delivered_forward_value: money("delivered_forward_value"),
    delivered_rto_percentage: percent("delivered_rto_percentage"),
    delivered_rto_value: money("delivered_rto_value"),
    tat_zoneA: integer("tat_zoneA").notNull(),
    tat_zoneB: integer("tat_zoneB").notNull(),
    tat_zoneC: integer("tat_zoneC").notNull(),
    tat_zoneD: integer("tat_zoneD").notNull(),
    tat_zoneE: integer("tat_zoneE").notNull(),
    max_tat_liability: money("max_tat_liability").notNull(),
    version: integer("version").notNull().default(1),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer("updated_by").references(() => staff.id),
  },
  (t) => [
    primaryKey({ columns: [t.client_id, t.plan] }),
    check("cashback_settings_plan", sql`${t.plan} in ${PLAN_NAMES_SQL}`),
    check("cashback_settings_assurance", sql`${t.assurance} in (85, 90, 95)`),
    check("cashback_settings_return_plan", sql`${t.return_plan} between 1 and 4`),
    check("cashback_settings_delivered_plan", sql`${t.delivered_plan} between 1 and 2`),
    check(
      "cashback_settings_percentages",
      sql`coalesce(least(${t.return_forward_percentage}, ${t.return_rto_percentage}, ${t.delivered_forward_percentage}, ${t.delivered_rto_percentage}), 0) >= 0
        and coalesce(greatest(${t.return_forward_percentage}, ${t.return_rto_percentage}, ${t.delivered_forward_percentage}, ${t.delivered_rto_percentage}), 0) <= 100`,
    ),
    check(
      "cashback_settings_values",
      sql`coalesce(least(${t.return_forward_value}, ${t.return_rto_value}, ${t.delivered_forward_value}, ${t.delivered_rto_value}), 0) >= 0`,
    ),
    check(
      "cashback_settings_one_of_each_pair",
      sql`(${t.return_forward_percentage} is null) <> (${t.return_forward_value} is null)
        and (${t.return_rto_percentage} is null) <> (${t.return_rto_value} is null)
        and (${t.delivered_forward_percentage} is null) <> (${t.delivered_forward_value} is null)
        and (${t.delivered_rto_percentage} is null) <> (${t.delivered_rto_value} is null)`,
    ),
    check(
      "cashback_settings_tat_positive",
      sql`least(${t.tat_zoneA}, ${t.tat_zoneB}, ${t.tat_zoneC}, ${t.tat_zoneD}, ${t.tat_zoneE}) >= 1`,
    ),
    check("cashback_settings_max_liability", sql`${t.max_tat_liability} >= 0`),
  ],
);
