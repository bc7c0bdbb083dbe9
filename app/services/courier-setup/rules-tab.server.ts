/**
 * The Courier Rules tab's read (docs/product.md §2, §4; §4–§6): the client's selection
 * type, the panel the URL names (else the one matching the type), and only that panel's data —
 * a Pickrr Select list with long pincode lists costs the database most — with what the person
 * may change.
 */
import { type Actor, can } from "../auth/permissions";
import type { Db } from "../db/client.server";
import { fetchCustomPriorityEngine, fetchUserPriorityEngineType } from "../rules/rules.server";
import { customRuleCouriers } from "./custom-rules.server";
import { courierRuleHistory } from "./history.server";
import { defaultPanel, parseRulesView } from "./rules-view";
import { selectRuleList } from "./select-rules.server";

/** What each person may do on the tab (the one permission table); hiding a control is only a courtesy. */
export function rulePermissions(actor: Actor) {
  return {
    canEditRules: can(actor, "rule.edit"),
    canEditSelect: can(actor, "select-rule.edit"),
    canArrangeSelect: can(actor, "select-rule.arrange"),
  };
}
export type RulePermissions = ReturnType<typeof rulePermissions>;

export async function courierRulesTab(db: Db, actor: Actor, clientId: number, search: URLSearchParams) {
  const view = parseRulesView(search);
  const { rule_code } = await fetchUserPriorityEngineType(db, clientId);
  const panel = view.panel ?? defaultPanel(rule_code);
  const [custom, select, couriers, history] = await Promise.all([
    panel === "custom" ? fetchCustomPriorityEngine(db, clientId) : { rule_list: [], unreadable: [] },
    panel === "pickrr_select" ? selectRuleList(db, clientId) : [],
    panel === "custom" ? customRuleCouriers(db, clientId) : [],
    panel === "history" ? courierRuleHistory(db, clientId) : null,
  ]);
  return {
    clientId,
    view: { ...view, panel },
    rule_code,
    customRules: custom.rule_list,
    warnings: custom.unreadable,
    selectRules: select,
    couriers,
    permissions: rulePermissions(actor),
    history,
  };
}
export type CourierRulesTab = Awaited<ReturnType<typeof courierRulesTab>>;
