/**
 * Client account set-up (docs/product.md §3 "KYC", "Wallet config"; decision 026): the submitted KYC
 * with its documents, the GST registry the lookup reads, and each wallet client's tolerances.
 * Business Details and the Pickrr Configuration flags stay on `clients` (business_data,
 * pickrr_config) with a version per section there.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { clients } from "./clients";
import { storedFiles } from "./files";

/**
 * A client's KYC, written once at submit (gst_type set means submitted: the form is read-only
 * from then on, docs/product.md §4). Documents are stored_files rows written in the same transaction.
 */
export const clientKyc = pgTable(
  "client_kyc",
  {
    client_id: integer("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    company_name: text("company_name").notNull(),
    company_type: text("company_type").notNull(),
    business_proof_type: text("business_proof_type").notNull(),
    gst_type: text("gst_type").notNull(),
    gst_no: text("gst_no"),
    pan_number: text("pan_number").notNull(),
    msme: text("msme").notNull(),
    billing_address: text("billing_address").notNull(),
    billing_address_line2: text("billing_address_line2").notNull().default(""),
    billing_city: text("billing_city").notNull(),
    billing_pincode: text("billing_pincode").notNull(),
    billing_state: text("billing_state").notNull(),
    send_email_flag: boolean("send_email_flag").notNull().default(false),
    /** The billing fields, company name and PAN came from the GST registry (and were locked). */
    from_registry: boolean("from_registry").notNull().default(false),
    business_proof_file_id: integer("business_proof_file_id").references(() => storedFiles.id),
    pancard_file_id: integer("pancard_file_id").references(() => storedFiles.id),
    gst_certificate_file_id: integer("gst_certificate_file_id").references(() => storedFiles.id),
    msme_certificate_file_id: integer("msme_certificate_file_id").references(() => storedFiles.id),
    submitted_by: text("submitted_by").notNull(),
    submitted_at: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("client_kyc_gst_type", sql`${t.gst_type} in ('yes', 'no')`),
    check("client_kyc_gst_no", sql`(${t.gst_type} = 'yes') = (${t.gst_no} is not null)`),
    check("client_kyc_msme", sql`${t.msme} in ('yes', 'no')`),
  ],
);

/**
 * GST registrations the KYC lookup reads (the built-in registry behind `GstRegistry`,
 * account/registry.server.ts). Seeded with valid GSTINs for the demo clients.
 */
export const gstRegistry = pgTable("gst_registry", {
  gstin: text("gstin").primaryKey(),
  company_name: text("company_name").notNull(),
  billing_address: text("billing_address").notNull(),
  billing_address_line2: text("billing_address_line2").notNull().default(""),
  city: text("city").notNull(),
  pincode: text("pincode").notNull(),
  state: text("state").notNull(),
  send_email_flag: boolean("send_email_flag").notNull().default(false),
});

/** Wallet tolerances of a client with a wallet (docs/product.md §3 "Wallet config", §7 wallet config GET/PUT). */
export const clientWalletConfig = pgTable("client_wallet_config", {
  client_id: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  configuration_type: text("configuration_type").notNull().default("DEFAULT"),
  initial_tolerance: numeric("initial_tolerance", { precision: 12, scale: 2 }).notNull().default("0"),
  current_tolerance: numeric("current_tolerance", { precision: 12, scale: 2 }).notNull().default("0"),
  max_tolerance: numeric("max_tolerance", { precision: 12, scale: 2 }).notNull().default("0"),
  version: integer("version").notNull().default(1),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
