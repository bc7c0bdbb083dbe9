/**
 * What the audit log records for each kind of entity: the shape of `old_value` / `new_value`
 * per entity, so writers are checked against it and readers (the History dialogs) can rely
 * on it. audit/ sits below the domain areas and imports none of them (decision 055): a kind
 * whose shape is a domain's own type is added by that area, which merges it into AuditDetails
 * from its audit-kinds.ts (ratecards/, advantage/); the others are written here.
 */
import type { StaffRole } from "../core/roles";

export type ClientDetails = { name: string; company_name: string; email: string; phone_number: string };

/** A member of staff created from the command line (`npm run user:create`); never the password. */
export type StaffDetails = { email: string; role: StaffRole; name: string };

/** Account set-up (decision 026): the changed fields of a section, each side's values (never a token or file bytes). */
export type AccountFields = Record<string, string | number | boolean | null>;

/** A courier brand's services switched together (the spec's activate-bl-user-courier). */
export type CourierActivationDetails = { courier: string; courier_id_list: number[]; is_active: boolean };

/** A courier service's package limits (decision 071): kg, kg and cm as stored text, and the row's version. */
export type CourierLimitsDetails = {
  courier_service: string;
  max_dead_weight: string;
  max_chargeable_weight: string;
  max_side: string;
  limits_version: number;
};

/**
 * Each entity's recorded value (either side; null where there is none, as for a created row's
 * old side). An interface, so that an area adds its own kinds (ratecards/audit-kinds.ts,
 * advantage/audit-kinds.ts).
 */
export interface AuditDetails {
  client: ClientDetails;
  staff: StaffDetails;
  kyc: AccountFields;
  business_details: AccountFields;
  pickrr_config: AccountFields;
  wallet_config: AccountFields;
  auth_token: AccountFields;
  /** Legal (decision 028): a published document version, a seller's acceptance, a seller's blocked-users flag. */
  legal_document: AccountFields;
  legal_acceptance: AccountFields;
  legal_access: AccountFields;
  /** Courier setup (decision 027): a courier switched on or off for the client. */
  courier_activation: CourierActivationDetails;
  /** Courier limits (decision 071): one service's limits, which every client's quotes use. */
  courier_limits: CourierLimitsDetails;
  /** The client's selection type ('3', '4', '0', '5'). */
  rule_type: { rule_code: string };
  /** A custom priority rule as stored (priorities 100…96). */
  custom_rule: Record<string, unknown>;
  /** A Pickrr Select rule in the spec's shape (name, priority, validity, criterias, courier). */
  select_rule: Record<string, unknown>;
  /** Money (decision 031): a held COD remittance released by a finance approver (status, amount, approver). */
  cod_remittance: AccountFields;
  /** Money (decision 031): a bill netted against a released remittance, or a payment recorded against it (outstanding before and after). */
  billing_cycle: AccountFields;
}

export type AuditEntity = keyof AuditDetails;

/** The entities of a client's rate changes: its card, and its Pickrr Advantage plans (decision 009). */
export const RATE_AUDIT_ENTITIES = [
  "rate_row",
  "rate_card",
  "plan_rate_row",
  "plan_rate_card",
  "advantage_plan",
  "cashback_settings",
] as const satisfies readonly AuditEntity[];
export type RateAuditEntity = (typeof RATE_AUDIT_ENTITIES)[number];

/** Entities whose entries are one rate row's old → new fields. */
export const ROW_ENTITIES: ReadonlySet<string> = new Set<AuditEntity>(["rate_row", "plan_rate_row"]);

/** The entities of a client's account set-up, shown in its History (account/history.server.ts). */
export const ACCOUNT_AUDIT_ENTITIES = [
  "kyc",
  "business_details",
  "pickrr_config",
  "wallet_config",
  "auth_token",
] as const satisfies readonly AuditEntity[];

/** The entities of a client's courier setup, shown in the Courier Rules History (courier-setup/history.server.ts). */
export const COURIER_SETUP_AUDIT_ENTITIES = [
  "courier_activation",
  "courier_limits",
  "rule_type",
  "custom_rule",
  "select_rule",
] as const satisfies readonly AuditEntity[];
