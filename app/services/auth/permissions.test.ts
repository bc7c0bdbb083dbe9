import { describe, expect, it } from "vitest";

import { advantagePermissions } from "../advantage/plans";
import { STAFF_ROLES, type StaffRole } from "../core/roles";
import { rateCardPermissions } from "../ratecards/permissions";
import { ALL_PERMISSIONS, can, type Permission, PERMISSIONS, ruleOf } from "./permissions";

/** The table as people read it: one line per action, ✓ where the role may, and the capability it also needs. */
function matrix(): string {
  const width = Math.max(...ALL_PERMISSIONS.map((p) => p.length));
  const cell = (role: StaffRole, p: Permission) => (ruleOf(p).roles.includes(role) ? "✓" : "·");
  const head = `${"action".padEnd(width)} | ${STAFF_ROLES.map((r) => r.padEnd(5)).join(" ")} | also needs`;
  const lines = ALL_PERMISSIONS.map((p) => {
    return `${p.padEnd(width)} | ${STAFF_ROLES.map((r) => cell(r, p).padEnd(5)).join(" ")} | ${ruleOf(p).capability ?? ""}`.trimEnd();
  });
  return [head, "-".repeat(head.length), ...lines].join("\n");
}

function rolesThatMay(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => can({ role, capabilities: ["finance-approver", "wallet-admin"] }, permission));
}

describe("the permission table", () => {
  it("reads as this role × action matrix (a change to the table shows here)", () => {
    expect("\n" + matrix() + "\n").toMatchInlineSnapshot(`
      "
      action                    | vp    kam   legal avp   bdm   tl    | also needs
      ----------------------------------------------------------------------------
      clients.view              | ✓     ✓     ·     ✓     ✓     ✓     |
      clients.register          | ✓     ✓     ·     ✓     ✓     ✓     |
      ratecard.view             | ✓     ✓     ·     ✓     ✓     ✓     |
      ratecard.edit             | ✓     ·     ·     ·     ·     ·     |
      weight-slab.edit          | ✓     ·     ·     ·     ·     ·     |
      segment.apply             | ✓     ·     ·     ·     ·     ·     |
      rto.from-forward          | ✓     ·     ·     ·     ·     ·     |
      ratecard.bulk-change      | ✓     ·     ·     ·     ·     ·     |
      ratecard.upload           | ✓     ·     ·     ✓     ✓     ✓     |
      ratecard.sample           | ✓     ·     ·     ✓     ✓     ✓     |
      plan.toggle               | ✓     ·     ·     ·     ·     ·     |
      plan.rate.edit            | ✓     ·     ·     ·     ·     ·     |
      cashback.edit             | ✓     ·     ·     ·     ·     ·     |
      quote.calculate           | ✓     ✓     ·     ✓     ✓     ✓     |
      serviceability.view       | ✓     ✓     ·     ✓     ✓     ✓     |
      courier.view              | ✓     ✓     ·     ✓     ✓     ✓     |
      courier.toggle            | ✓     ·     ·     ·     ·     ·     |
      courier.limits            | ✓     ·     ·     ·     ·     ·     |
      rule.edit                 | ✓     ·     ·     ·     ·     ·     |
      select-rule.edit          | ✓     ·     ·     ✓     ·     ·     |
      select-rule.arrange       | ✓     ·     ·     ·     ·     ·     |
      dashboard.view            | ✓     ✓     ·     ✓     ✓     ✓     |
      orders.track              | ✓     ✓     ·     ✓     ✓     ✓     |
      orders.search             | ✓     ✓     ·     ✓     ✓     ✓     |
      finance-analytics.request | ✓     ✓     ·     ✓     ✓     ✓     |
      legal.view                | ·     ·     ✓     ·     ·     ·     |
      legal.publish             | ·     ·     ✓     ·     ·     ·     |
      legal.block               | ·     ·     ✓     ·     ·     ·     |
      cod.view                  | ✓     ✓     ·     ✓     ✓     ✓     |
      cod.release               | ✓     ✓     ·     ✓     ✓     ✓     | finance-approver
      ledger.view               | ✓     ✓     ·     ✓     ✓     ✓     |
      bill.record-payment       | ✓     ✓     ·     ✓     ✓     ✓     | finance-approver
      account-setup.view        | ✓     ✓     ·     ✓     ✓     ✓     |
      kyc.edit                  | ✓     ✓     ·     ✓     ✓     ✓     |
      pickrr-config.edit        | ✓     ✓     ·     ✓     ✓     ✓     |
      wallet.flag               | ✓     ·     ·     ✓     ·     ·     |
      wallet.configure          | ✓     ✓     ·     ✓     ✓     ✓     | wallet-admin
      bank.unlock               | ✓     ·     ·     ·     ·     ·     |
      auth-token.manage         | ✓     ✓     ·     ·     ·     ·     |
      "
    `);
  });

  it("gives the vp alone what docs/product.md §6 lists as the vp's", () => {
    // rate rows, premium cashback, apply segment, advantage plans, courier activation, weight
    // slabs, custom priority rules, and toggling / reordering / deleting / cloning Pickrr Select rules.
    const vpOnly: Permission[] = [
      "ratecard.edit",
      "cashback.edit",
      "segment.apply",
      "plan.toggle",
      "plan.rate.edit",
      "courier.toggle",
      "courier.limits",
      "weight-slab.edit",
      "rule.edit",
      "select-rule.arrange",
      "rto.from-forward",
      "ratecard.bulk-change",
    ];
    for (const p of vpOnly) expect(rolesThatMay(p), p).toEqual(["vp"]);
  });

  it("lets vp and avp (only) create and edit Pickrr Select rules (docs/product.md §6)", () => {
    expect(rolesThatMay("select-rule.edit").sort()).toEqual(["avp", "vp"]);
  });

  it("keeps the upload and sample buttons from kam (docs/product.md §6), and from legal", () => {
    for (const p of ["ratecard.upload", "ratecard.sample"] as const)
      expect(rolesThatMay(p).sort(), p).toEqual(["avp", "bdm", "tl", "vp"]);
  });

  it("lets only avp or vp change the Activate Wallet flag (docs/product.md §6)", () => {
    expect(rolesThatMay("wallet.flag").sort()).toEqual(["avp", "vp"]);
  });

  it("gives legal its reduced console and nothing else (docs/product.md §1, §6)", () => {
    const legal = ALL_PERMISSIONS.filter((p) =>
      can({ role: "legal", capabilities: ["finance-approver", "wallet-admin"] }, p),
    );
    expect(legal).toEqual(["legal.view", "legal.publish", "legal.block"]);
    for (const p of legal) expect(rolesThatMay(p), p).toEqual(["legal"]);
  });

  it("lets every role but legal work with clients: view, rate cards, calculator, serviceability, couriers", () => {
    const clientWork: Permission[] = [
      "clients.view",
      "ratecard.view",
      "quote.calculate",
      "serviceability.view",
      "courier.view",
      "ledger.view",
      "cod.view",
    ];
    for (const p of clientWork) expect(rolesThatMay(p).sort(), p).toEqual(["avp", "bdm", "kam", "tl", "vp"]);
  });

  it("releases COD only for a finance approver, whatever the role (docs/product.md §6), and refuses when the capability was not looked up", () => {
    expect(PERMISSIONS["cod.release"].capability).toBe("finance-approver");
    expect(can({ role: "kam", capabilities: ["finance-approver"] }, "cod.release")).toBe(true);
    expect(can({ role: "tl", capabilities: ["finance-approver"] }, "cod.release")).toBe(true);
    expect(can({ role: "vp", capabilities: [] }, "cod.release")).toBe(false);
    expect(can({ role: "vp" }, "cod.release")).toBe(false);
    expect(can({ role: "kam", capabilities: ["wallet-admin"] }, "cod.release")).toBe(false);
    // Legal has no On Hold COD screen at all, approver or not.
    expect(can({ role: "legal", capabilities: ["finance-approver"] }, "cod.release")).toBe(false);
    // Seeing the list needs no capability.
    expect(can({ role: "kam" }, "cod.view")).toBe(true);
  });

  it("limits Wallet Configuration to the wallet admin account", () => {
    expect(can({ role: "vp" }, "wallet.configure")).toBe(false);
    expect(can({ role: "bdm", capabilities: ["wallet-admin"] }, "wallet.configure")).toBe(true);
  });
});

describe("the screens' views of the table", () => {
  it("rate card permissions follow the table for every role", () => {
    for (const role of STAFF_ROLES) {
      expect(rateCardPermissions(role), role).toEqual({
        canView: can({ role }, "ratecard.view"),
        canEditRates: can({ role }, "ratecard.edit"),
        canEditWeightSlabs: can({ role }, "weight-slab.edit"),
        canApplySegment: can({ role }, "segment.apply"),
        canUpdateRtoFromForward: can({ role }, "rto.from-forward"),
        canBulkChange: can({ role }, "ratecard.bulk-change"),
        canUpload: can({ role }, "ratecard.upload"),
        canDownloadSample: can({ role }, "ratecard.sample"),
      });
    }
    expect(rateCardPermissions("kam")).toMatchObject({
      canView: true,
      canEditRates: false,
      canUpload: false,
      canDownloadSample: false,
    });
    expect(rateCardPermissions("legal").canView).toBe(false);
  });

  it("advantage permissions are the vp's", () => {
    for (const role of STAFF_ROLES) {
      const vp = role === "vp";
      expect(advantagePermissions(role), role).toEqual({
        canOfferPlans: vp,
        canEditPlanRates: vp,
        canEditCashback: vp,
      });
    }
  });
});
