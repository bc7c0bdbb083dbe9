/** The shipping provider's clients (sellers) with their business data and configuration. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { storedFiles } from "./files";
import { staff } from "./staff";

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
    /** Concurrent edits of Business Details / Pickrr Configuration are refused against these (decision 026). */
    business_version: integer("business_version").notNull().default(1),
    config_version: integer("config_version").notNull().default(1),
    /** A vp unlocked the bank fields for one change (they lock again on the next save, docs/product.md §5). */
    bank_unlocked: boolean("bank_unlocked").notNull().default(false),
    /** The uploaded label logo (stored_files); business_data.label_logo then points at its URL. */
    label_logo_file_id: integer("label_logo_file_id").references(() => storedFiles.id),
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
