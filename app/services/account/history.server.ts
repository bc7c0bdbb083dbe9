/** A client's account set-up history: each audited change, field by field (decision 026). */
import { and, desc, eq, inArray } from "drizzle-orm";

import { ACCOUNT_AUDIT_ENTITIES } from "../audit/kinds";
import type { Executor } from "../db/client.server";
import { auditLog } from "../db/schema";
import { CONFIG_FLAGS, KYC_DOCUMENT_LABELS } from "./forms";

/** What each recorded field is called on the page. */
const FIELD_LABELS: Record<string, string> = {
  ...CONFIG_FLAGS,
  ...KYC_DOCUMENT_LABELS,
  company_name: "Company Name",
  company_type: "Company Type",
  business_proof_type: "Business Proof",
  gst_type: "GST Registered",
  gst_no: "GST Number",
  pan_number: "PAN Number",
  msme: "MSME Registered",
  billing_address: "Billing Address",
  billing_address_line2: "Billing Address Line 2",
  billing_city: "City",
  billing_pincode: "Pincode",
  billing_state: "State",
  from_registry: "Filled from the GST registry",
  label_logo: "Label Logo",
  account_holder: "Major Sale Source",
  product_category: "Product Category",
  account_name: "Account Name",
  account_number: "Account Number",
  bank_name: "Bank Name",
  ifsc_code: "IFSC Code",
  avg_per_day_order: "Average Orders per Day",
  daily_order_threshold: "Daily Order Threshold",
  tin_number: "Customer Segment",
  agreement_link: "Agreement Link",
  liability_amount: "Liability Amount",
  key: "SME Code",
  bank_locked: "Bank details locked",
  credit_period: "Credit Period (days)",
  tracking_code: "Tracking Code",
  support_phone_number: "Support Phone Number",
  otp: "Label Table Length",
  current_tolerance: "Tolerance",
  max_tolerance: "Maximum Tolerance",
  token: "Token",
};

export const ACCOUNT_ENTITY_LABELS: Record<(typeof ACCOUNT_AUDIT_ENTITIES)[number], string> = {
  kyc: "KYC Details",
  business_details: "Business Details",
  pickrr_config: "Pickrr Configuration",
  wallet_config: "Wallet Configuration",
  auth_token: "API token",
};

const ACTION_LABELS: Record<string, string> = {
  submit: "Submitted",
  update: "Updated",
  unlock_bank: "Bank details unlocked",
  reveal: "Revealed",
  rotate: "Rotated",
};

export type AccountHistoryEntry = {
  id: number;
  at: string;
  staff: string;
  section: string;
  action: string;
  changes: { field: string; old: string; next: string }[];
};

const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);

export async function accountHistory(db: Executor, clientId: number, limit = 30): Promise<AccountHistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...ACCOUNT_AUDIT_ENTITIES])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const oldV = (r.old_value ?? {}) as Record<string, unknown>;
    const newV = (r.new_value ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(oldV), ...Object.keys(newV)])];
    return {
      id: r.id,
      at: r.at.toISOString(),
      staff: `${r.staff_email} (${r.staff_role})`,
      section: ACCOUNT_ENTITY_LABELS[r.entity as keyof typeof ACCOUNT_ENTITY_LABELS] ?? r.entity,
      action: ACTION_LABELS[r.action] ?? r.action,
      changes: fields.map((f) => ({ field: FIELD_LABELS[f] ?? f, old: show(oldV[f]), next: show(newV[f]) })),
    };
  });
}
