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
import type { DeliveryType, ShipmentType } from "../ratecards/fields";

export const STAFF_ROLES = ["vp", "kam", "legal", "avp", "bdm", "tl"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

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
    auth_token: text("auth_token").notNull(),
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
