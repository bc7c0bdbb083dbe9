/**
 * The one PostgreSQL schema of the console. Spec field names are kept (first_slab,
 * auth_token, business_data, pickrr_config …). Money is numeric(12,2); percentages numeric(6,2).
 * Changing this file means `npm run db:generate` and committing the new SQL migration.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AdvantagePlanName } from "../core/plans";
import type { DeliveryType, ShipmentType } from "../core/rate-fields";
import type { StaffRole } from "../core/roles";
import type { RuleCode } from "../core/rule-codes";
import type { Zone } from "../core/zones";

export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    /** Null until the person sets a password (the wider demo hierarchy cannot sign in). */
    password_hash: text("password_hash"),
    /** The next person up the sales hierarchy (tl → bdm → avp → vp). */
    manager_id: integer("manager_id"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_email_idx").on(sql`lower(${t.email})`), index("staff_manager_idx").on(t.manager_id)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staff_id)],
);

export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_attempts_email_at_idx").on(t.email, t.at), index("sign_in_attempts_ip_at_idx").on(t.ip, t.at)],
);

export type BusinessData = {
  label_logo: string | null;
  /** Major sale source: 1 Online Store/D2C, 2 Marketplace, 3 Franchise, 4 Others. */
  account_holder: 1 | 2 | 3 | 4 | null;
  product_category: string | null;
  account_name: string | null;
  account_number: string | null;
  bank_name: string | null;
  ifsc_code: string | null;
  avg_per_day_order: number | null;
  daily_order_threshold: number | null;
  /** Customer segment Segment_1 … Segment_3. */
  tin_number: string | null;
  agreement_link: string | null;
  liability_amount: string | null;
  /** SME code. */
  key: string | null;
};

export type PickrrConfig = {
  allow_duplicate_cid: boolean;
  api_token: boolean;
  deduct_cod: boolean;
  from_mobile: boolean;
  has_fixed_rto_add: boolean;
  has_invoice_table_label: boolean;
  has_wallet: boolean;
  is_marketplace: boolean;
  is_premium: boolean;
  ndr_messaging: boolean;
  order_id_barcode: boolean;
  pickup_notification: boolean;
  reference_id_barcode: boolean;
  send_performance_report: boolean;
  sms_notify: boolean;
  surface_only: boolean;
  wallet_alert: boolean;
  disable_legal: boolean;
  credit_period: number;
  tracking_code: string | null;
  support_phone_number: string | null;
  /** Label table length. */
  otp: number;
};

export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company_name: text("company_name").notNull(),
    phone_number: text("phone_number").notNull(),
    date_joined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
    auth_token: text("auth_token"),
    /** Null for seeded sellers who have not set a password of their own yet. */
    password_hash: text("password_hash"),
    vp_id: integer("vp_id").references(() => staff.id),
    avp_id: integer("avp_id").references(() => staff.id),
    bdm_id: integer("bdm_id").references(() => staff.id),
    tl_id: integer("tl_id").references(() => staff.id),
    business_data: jsonb("business_data").$type<BusinessData>().notNull(),
    pickrr_config: jsonb("pickrr_config").$type<PickrrConfig>().notNull(),
  },
  (t) => [
    uniqueIndex("clients_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("clients_auth_token_idx").on(t.auth_token),
    index("clients_avp_idx").on(t.avp_id),
    index("clients_bdm_idx").on(t.bdm_id),
    index("clients_tl_idx").on(t.tl_id),
    index("clients_date_joined_idx").on(t.date_joined),
  ],
);

/** A courier brand (Delhivery, Blue Dart …). */
export const couriers = pgTable("couriers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** National couriers cover most pincodes; regional ones a few states. */
  coverage: text("coverage").$type<"national" | "regional">().notNull(),
  /** States served by a regional courier (empty for national ones). */
  regions: jsonb("regions").$type<string[]>().notNull().default([]),
});

/** A courier service with its own internal courier id, e.g. "Delhivery Surface 2kg". */
export const courierServices = pgTable(
  "courier_services",
  {
    /** The internal courier id the spec calls courier_id. */
    id: integer("id").primaryKey(),
    courier_id: integer("courier_id")
      .notNull()
      .references(() => couriers.id),
    name: text("name").notNull().unique(),
    has_surface: boolean("has_surface").notNull(),
    is_air: boolean("is_air").notNull(),
    /** Heaviest first slab (kg) the service is sold with. */
    forward_first_slab: doublePrecision("forward_first_slab").notNull(),
    supports_dg: boolean("supports_dg").notNull().default(false),
    supports_mps: boolean("supports_mps").notNull().default(false),
    supports_doc: boolean("supports_doc").notNull().default(true),
  },
  (t) => [index("courier_services_courier_idx").on(t.courier_id)],
);

/** Which courier services are switched on for a client. */
export const clientCourierServices = pgTable(
  "client_courier_services",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    courier_service_id: integer("courier_service_id")
      .notNull()
      .references(() => courierServices.id),
    is_active: boolean("is_active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.courier_service_id] })],
);

export const pincodes = pgTable(
  "pincodes",
  {
    pincode: integer("pincode").primaryKey(),
    office_name: text("office_name").notNull(),
    /** The city used for zoning: a metro's name when the district belongs to one, else the district. */
    city: text("city").notNull(),
    district: text("district").notNull(),
    state: text("state").notNull(),
    lat: doublePrecision("lat"),
    long: doublePrecision("long"),
    is_metro: boolean("is_metro").notNull(),
    is_special_zone: boolean("is_special_zone").notNull(),
  },
  (t) => [index("pincodes_state_idx").on(t.state), index("pincodes_city_idx").on(t.city)],
);

/** Key/value settings staff may change without a deploy (e.g. FINANCE_APPROVER_EMAILS). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/** One audit writer for every change to money, rates, plans, rules, access or legal state. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staff_id: integer("staff_id"),
    staff_email: text("staff_email").notNull(),
    staff_role: text("staff_role").notNull(),
    client_id: integer("client_id"),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    action: text("action").notNull(),
    old_value: jsonb("old_value"),
    new_value: jsonb("new_value"),
  },
  (t) => [index("audit_log_client_idx").on(t.client_id, t.at), index("audit_log_entity_idx").on(t.entity, t.entity_id)],
);

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * One line of a rate card (spec part 1 §3): the prices of one courier service for one
 * shipment type and delivery type. A card is owned by a client or by a segment (0, 1, 2),
 * never both. Per zone A–E, `_base` is the price up to `first_slab` kg and `_add` the price
 * of every further `second_slab` kg. `version` guards concurrent edits.
 */
export const rateRows = pgTable(
  "rate_rows",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    segment: integer("segment"),
    /** The internal courier id. */
    courier_service_id: integer("courier_service_id")
      .notNull()
      .references(() => courierServices.id),
    shipment_type: text("shipment_type").$type<ShipmentType>().notNull(),
    delivery_type: text("delivery_type").$type<DeliveryType>().notNull(),
    first_slab: numeric("first_slab", { precision: 6, scale: 2 }).notNull(),
    second_slab: numeric("second_slab", { precision: 6, scale: 2 }).notNull(),
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
    cod_percentage: numeric("cod_percentage", { precision: 6, scale: 2 }).notNull(),
    surcharge: money("surcharge").notNull(),
    ndd_charge: money("ndd_charge").notNull(),
    /** Volumetric divisor: cm³ per kg (5000 or 4000). */
    divisor: integer("divisor").notNull(),
    version: integer("version").notNull().default(1),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rate_rows_one_owner", sql`(${t.client_id} is null) <> (${t.segment} is null)`),
    check("rate_rows_segment_range", sql`${t.segment} in (0, 1, 2)`),
    check("rate_rows_shipment_type", sql`${t.shipment_type} in ('FORWARD', 'REVERSE', 'FORWARD_RTO', 'REVERSE_RTO')`),
    check("rate_rows_delivery_type", sql`${t.delivery_type} in ('express', 'surface')`),
    check("rate_rows_slabs_positive", sql`${t.first_slab} > 0 and ${t.second_slab} > 0`),
    check(
      "rate_rows_prices_non_negative",
      sql`least(${t.zone_a_base}, ${t.zone_a_add}, ${t.zone_b_base}, ${t.zone_b_add}, ${t.zone_c_base}, ${t.zone_c_add}, ${t.zone_d_base}, ${t.zone_d_add}, ${t.zone_e_base}, ${t.zone_e_add}, ${t.cod_charge}, ${t.surcharge}, ${t.ndd_charge}) >= 0`,
    ),
    check("rate_rows_cod_percentage_range", sql`${t.cod_percentage} between 0 and 100`),
    check("rate_rows_divisor_positive", sql`${t.divisor} > 0`),
    // NULL owners never collide in a plain unique index, so each owner kind gets its own.
    // The client one also serves "all rows of client X" (it leads with client_id).
    uniqueIndex("rate_rows_client_key")
      .on(t.client_id, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is not null`),
    uniqueIndex("rate_rows_segment_key")
      .on(t.segment, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.segment} is not null`),
  ],
);

/**
 * Each accepted rate card upload. A client with at least one has "an uploaded rate card
 * list" (spec §2), which switches the client's rate card screen to the uploaded-card view.
 */
export const rateCardUploads = pgTable(
  "rate_card_uploads",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    uploaded_by: integer("uploaded_by").references(() => staff.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    row_count: integer("row_count").notNull(),
    file_name: text("file_name").notNull(),
  },
  (t) => [index("rate_card_uploads_client_idx").on(t.client_id, t.at)],
);

/**
 * The e-mail outbox: a message is written in the same transaction as the change it reports
 * and delivered after commit, with retries (app/services/mail/outbox.server.ts).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: jsonb("to").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    last_error: text("last_error"),
    delivered_ref: text("delivered_ref"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);

// ---------------------------------------------------------------------------------------
// Quote and allocation engine (issue 5): courier serviceability per pincode, the client's
// courier-selection type, custom priority rules and Pickrr Select rules, and the data
// versions that tell in-memory quote caches when to reload (docs/decisions/008-*.md).
// ---------------------------------------------------------------------------------------

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

/** The client's courier selection type (spec part 1 §4): '3' cheapest, '4' fastest, '0' custom, '5' pickrr_select. */
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
 * A custom priority rule (spec part 1 §3): for a service type, zones and order types, up to
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

/** A Pickrr Select rule (spec part 1 §3): name, priority, validity.active, criterias, courier. */
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
        courier_selection_rule_type: "cheapest" | "fastest" | "priority";
        active_parent: { name: string; priority: number }[];
        bl_parent: string[];
      }>()
      .notNull(),
    version: integer("version").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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

// =======================================================================================
// Advantage plans (issue 4; docs/decisions/009-advantage-plans-and-cashback.md): which plans
// a client is offered and which one the seller activated, the plans' rate cards (defaults
// and per-client copies made on the first edit), and premium cashback settings.
// =======================================================================================

const PLAN_NAMES_SQL = sql.raw(`('advantage_basic', 'advantage_premium')`);

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
    uniqueIndex("client_advantage_plans_one_active").on(t.client_id).where(sql`${t.activated_at} is not null`),
  ],
);

/**
 * A plan's rate card, in the same columns as `rate_rows`: the plan's default rows
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
    courier_service_id: integer("courier_service_id")
      .notNull()
      .references(() => courierServices.id),
    shipment_type: text("shipment_type").$type<ShipmentType>().notNull(),
    delivery_type: text("delivery_type").$type<DeliveryType>().notNull(),
    first_slab: numeric("first_slab", { precision: 6, scale: 2 }).notNull(),
    second_slab: numeric("second_slab", { precision: 6, scale: 2 }).notNull(),
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
    cod_charge: money("cod_charge").notNull(),
    cod_percentage: numeric("cod_percentage", { precision: 6, scale: 2 }).notNull(),
    surcharge: money("surcharge").notNull(),
    ndd_charge: money("ndd_charge").notNull(),
    divisor: integer("divisor").notNull(),
    version: integer("version").notNull().default(1),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plan_rate_rows_plan", sql`${t.plan} in ${PLAN_NAMES_SQL}`),
    check("plan_rate_rows_shipment_type", sql`${t.shipment_type} in ('FORWARD', 'REVERSE', 'FORWARD_RTO', 'REVERSE_RTO')`),
    check("plan_rate_rows_delivery_type", sql`${t.delivery_type} in ('express', 'surface')`),
    check("plan_rate_rows_slabs_positive", sql`${t.first_slab} > 0 and ${t.second_slab} > 0`),
    check(
      "plan_rate_rows_prices_non_negative",
      sql`least(${t.zone_a_base}, ${t.zone_a_add}, ${t.zone_b_base}, ${t.zone_b_add}, ${t.zone_c_base}, ${t.zone_c_add}, ${t.zone_d_base}, ${t.zone_d_add}, ${t.zone_e_base}, ${t.zone_e_add}, ${t.cod_charge}, ${t.surcharge}, ${t.ndd_charge}) >= 0`,
    ),
    check("plan_rate_rows_cod_percentage_range", sql`${t.cod_percentage} between 0 and 100`),
    check("plan_rate_rows_divisor_positive", sql`${t.divisor} > 0`),
    uniqueIndex("plan_rate_rows_default_key")
      .on(t.plan, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is null`),
    uniqueIndex("plan_rate_rows_client_key")
      .on(t.client_id, t.plan, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is not null`),
  ],
);

const percent = (name: string) => numeric(name, { precision: 6, scale: 2 });

/**
 * Premium cashback settings of a client and plan (spec §3). No row means the defaults
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
