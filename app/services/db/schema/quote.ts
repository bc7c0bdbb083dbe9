/** The quote engine's tables: serviceability, selection rules and data versions. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import type { RuleCode } from "../../core/rule-codes";
import type { Zone } from "../../core/zones";
import { clients } from "./clients";

// Quote and allocation engine (decisions 005, 008): courier serviceability per pincode, the client's
// courier-selection type, custom priority rules and Pickrr Select rules, and the data
// versions that tell in-memory quote caches when to reload (docs/decisions/008-*.md).

/**
 * What a courier (brand) does at a pincode: first-mile pickup (fm), last-mile delivery (lm),
 * COD and prepaid collection, reverse pickup, and whether express (air-linked) and surface
 * services reach it. `extra_tat_days` is the courier's extra last-mile days at this pincode.
 * No foreign keys: the table is bulk-built from pincodes × couriers, and rows for a deleted
 * courier or pincode only ever widen nothing (quotes join from the client's services).
 */
export const courierServiceability = pgTable(
  "courier_serviceability",
  {
    courier_id: integer("courier_id").notNull(),
    pincode: integer("pincode").notNull(),
    fm_pickup: boolean("fm_pickup").notNull(),
    lm_delivery: boolean("lm_delivery").notNull(),
    cod: boolean("cod").notNull(),
    prepaid: boolean("prepaid").notNull(),
    reverse_pickup: boolean("reverse_pickup").notNull(),
    express: boolean("express").notNull(),
    surface: boolean("surface").notNull(),
    extra_tat_days: integer("extra_tat_days").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courier_id, t.pincode] })],
);

/** The client's courier selection type (docs/product.md §4): '3' cheapest, '4' fastest, '0' custom, '5' pickrr_select. */
export const clientRuleSettings = pgTable(
  "client_rule_settings",
  {
    client_id: integer("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    rule_code: text("rule_code").$type<RuleCode>().notNull().default("3"),
    version: integer("version").notNull().default(1),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("client_rule_settings_rule_code", sql`${t.rule_code} in ('0', '3', '4', '5')`)],
);

/**
 * A custom priority rule (docs/product.md §3): for a service type, zones and order types, up to
 * five couriers. Priorities are stored as the spec's server does, 100 down to 96 for slots 1–5.
 */
export const customPriorityRules = pgTable(
  "custom_priority_rules",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    service_type: text("service_type").$type<"express" | "surface">().notNull(),
    zone_list: jsonb("zone_list").$type<Zone[]>().notNull(),
    order_type: jsonb("order_type").$type<("cod" | "prepaid" | "reverse")[]>().notNull(),
    courier_list: jsonb("courier_list").$type<{ name: string; priority: number }[]>().notNull(),
    version: integer("version").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_priority_rules_client_idx").on(t.client_id),
    check("custom_priority_rules_service_type", sql`${t.service_type} in ('express', 'surface')`),
  ],
);

/** The length of the array at `path` in a rule's criterias; 0 when it is missing or not an array. */
function listSize(path: string) {
  return sql.raw(
    `coalesce(jsonb_array_length(case when jsonb_typeof(criterias #> '${path}') = 'array' then criterias #> '${path}' end), 0)`,
  );
}

/** A Pickrr Select rule (docs/product.md §3): name, priority, validity.active, criterias, courier. */
export const pickrrSelectRules = pgTable(
  "pickrr_select_rules",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priority: integer("priority").notNull(),
    /** validity.active */
    active: boolean("active").notNull().default(true),
    criterias: jsonb("criterias").$type<Record<string, unknown>>().notNull(),
    courier: jsonb("courier")
      .$type<{
        courier_selection_rule_type: "cheapest" | "fastest" | "priority" | "advantage";
        active_parent: { name: string; priority: number }[];
        bl_parent: string[];
        /** Advantage rules: standard '_0', promise '_85'. */
        standard?: string;
        promise?: string;
      }>()
      .notNull(),
    version: integer("version").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // What the rule list shows, kept by PostgreSQL on every insert and update (generated
    // columns, whoever writes the row): the criteria without the long lists, and the lists'
    // sizes. The list reads these small values and never the toasted criterias document
    // (50 rules × 10,000 pincodes; decision 032).
    criteria_brief: jsonb("criteria_brief")
      .$type<Record<string, unknown>>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when jsonb_typeof(criterias) = 'object' then criterias - 'product_list' - 'pincode_list' else criterias end`,
      ),
    product_count: integer("product_count").notNull().generatedAlwaysAs(listSize("{product_list,list}")),
    fm_count: integer("fm_count").notNull().generatedAlwaysAs(listSize("{pincode_list,fm}")),
    lm_count: integer("lm_count").notNull().generatedAlwaysAs(listSize("{pincode_list,lm}")),
  },
  (t) => [uniqueIndex("pickrr_select_rules_client_name_idx").on(t.client_id, t.name)],
);

/**
 * A counter per shared data set (serviceability, pincodes), bumped by statement triggers on
 * those tables, so every app server's in-memory caches see a change with one tiny read.
 */
export const dataVersions = pgTable("data_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});
