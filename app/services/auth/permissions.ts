/**
 * The one table of who may do what (docs/product.md §6, and the role rules of the
 * feature issues). Each action names the staff roles that may do it; a few also need a
 * capability, a property of the person rather than of the role (the six finance approvers
 * are named by e-mail, whatever their role). The server decides with `requireStaff(request,
 * { permission })` and the services with `can`; the screens call `can` only to hide or
 * disable controls (a courtesy: the server checks again).
 *
 * Pure and safe in the browser bundle: no I/O here. Which capabilities a person holds is
 * decided in capabilities.server.ts.
 *
 * A feature that adds an action adds its row here, and its line to the matrix in
 * permissions.test.ts.
 */
import type { StaffRole } from "../core/roles";

/** Properties of a person, not of a role. */
export type Capability =
  /** One of the finance approvers (FINANCE_APPROVER_EMAILS, docs/product.md §6): releases held COD. */
  | "finance-approver"
  /** The one account that manages wallet tolerances (docs/product.md §6 "Wallet Configuration"). */
  | "wallet-admin";

type Rule = {
  roles: readonly StaffRole[];
  /** When set, the role is not enough: the person must also hold this capability. */
  capability?: Capability;
  /** What the action is, in the words of the screens (for the matrix and for reviewers). */
  what: string;
};

/** Everyone who works with clients: every role but legal (legal has its own reduced console). */
const CLIENT_STAFF = ["vp", "kam", "avp", "bdm", "tl"] as const satisfies readonly StaffRole[];
const VP = ["vp"] as const satisfies readonly StaffRole[];
const LEGAL = ["legal"] as const satisfies readonly StaffRole[];

export const PERMISSIONS = {
  // Clients (docs/product.md §2)
  "clients.view": { roles: CLIENT_STAFF, what: "All Users list and a client's page (within the viewer's hierarchy)" },
  "clients.register": { roles: CLIENT_STAFF, what: "Register New User" },

  // Rate cards (docs/product.md §6)
  "ratecard.view": { roles: CLIENT_STAFF, what: "client and segment rate cards, their history, PDF/CSV downloads" },
  "ratecard.edit": { roles: VP, what: "edit a rate row (the Operation column)" },
  "weight-slab.edit": { roles: VP, what: "edit weight slabs" },
  "segment.apply": { roles: VP, what: "apply a segment to the client's rates" },
  "rto.from-forward": { roles: VP, what: "update RTO rates from forward" },
  "ratecard.bulk-change": {
    roles: VP,
    what: "change prices in bulk (by percent or rupees, with a preview) on a client's or a segment's rate card (decision 074)",
  },
  "ratecard.upload": { roles: ["vp", "avp", "bdm", "tl"], what: "upload a rate card CSV (not kam)" },
  "ratecard.sample": { roles: ["vp", "avp", "bdm", "tl"], what: "download the sample CSV (not kam)" },

  // Advantage plans (docs/product.md §6)
  "plan.toggle": { roles: VP, what: "enable or disable an advantage plan for the client" },
  "plan.rate.edit": { roles: VP, what: "edit an advantage plan's rate rows" },
  "cashback.edit": { roles: VP, what: "edit and apply premium cashback settings" },

  // Calculator and serviceability (docs/product.md §2)
  "quote.calculate": { roles: CLIENT_STAFF, what: "Rate Calculator" },
  "serviceability.view": { roles: CLIENT_STAFF, what: "pincode check and pincode list downloads" },

  // Courier setup (docs/product.md §6)
  "courier.view": { roles: CLIENT_STAFF, what: "All Couriers and Courier Rules tabs, read-only" },
  "courier.toggle": { roles: VP, what: "activate or deactivate a courier for the client" },
  "courier.limits": {
    roles: VP,
    what: "edit a courier service's weight and size limits on All Couriers (decision 071)",
  },
  "rule.edit": { roles: VP, what: "selection type, custom priority rules (create, edit, delete), the helper text" },
  "select-rule.edit": { roles: ["vp", "avp"], what: "Pickrr Select: create a rule, edit or delete criteria, save" },
  "select-rule.arrange": { roles: VP, what: "Pickrr Select: toggle validity, reorder, clone, delete a rule" },

  // Orders and analytics (docs/product.md §2)
  "dashboard.view": { roles: CLIENT_STAFF, what: "Dashboard" },
  "orders.track": { roles: CLIENT_STAFF, what: "Order Tracker" },
  "orders.search": { roles: CLIENT_STAFF, what: "header search and Single Search Record" },
  "finance-analytics.request": { roles: CLIENT_STAFF, what: "Finance Analytics (the e-mailed report)" },

  // Legal (docs/product.md §1, §6: legal sees only Account Setup, Merchant Agreement and Status)
  "legal.view": { roles: LEGAL, what: "Merchant Agreements, Legal Status and legal's Account Setup" },
  "legal.publish": { roles: LEGAL, what: "publish a legal document" },
  "legal.block": {
    roles: LEGAL,
    what: "block or unblock a seller from legal enforcement (Blocked Users; the same flag is read-only in Pickrr Configuration)",
  },

  // Money (docs/product.md §6)
  "cod.view": { roles: CLIENT_STAFF, what: "On Hold COD list and its 'Hold COD' action" },
  "cod.release": {
    roles: CLIENT_STAFF,
    capability: "finance-approver",
    what: "release held COD (the six finance approvers)",
  },
  "ledger.view": { roles: CLIENT_STAFF, what: "a client's Account Ledger" },
  "bill.record-payment": {
    roles: CLIENT_STAFF,
    capability: "finance-approver",
    what: "record a seller's payment against a bill (the six finance approvers)",
  },

  // Client account set-up (docs/product.md §2, §6)
  "account-setup.view": { roles: CLIENT_STAFF, what: "a client's Account Setup tab" },
  "kyc.edit": { roles: CLIENT_STAFF, what: "submit KYC and business details" },
  "pickrr-config.edit": { roles: CLIENT_STAFF, what: "the client's Pickrr Configuration flags" },
  "wallet.flag": { roles: ["vp", "avp"], what: "the Activate Wallet flag (has_wallet)" },
  "wallet.configure": { roles: CLIENT_STAFF, capability: "wallet-admin", what: "Wallet Configuration (tolerances)" },
  "bank.unlock": { roles: VP, what: "unlock a client's bank fields once set" },
  "auth-token.manage": { roles: ["vp", "kam"], what: "reveal or rotate a client's auth token" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/**
 * Who is asking. `capabilities` is what capabilities.server.ts found for this person; when it
 * was not looked up (undefined), an action that needs a capability is refused.
 */
export type Actor = { role: StaffRole; capabilities?: readonly Capability[] };

export function ruleOf(permission: Permission): Rule {
  return PERMISSIONS[permission];
}

/** May this person do this? */
export function can(actor: Actor, permission: Permission): boolean {
  const rule: Rule = PERMISSIONS[permission];
  if (!rule.roles.includes(actor.role)) return false;
  return rule.capability === undefined || (actor.capabilities?.includes(rule.capability) ?? false);
}
