/**
 * Reads of a client's courier-selection rules, one function per spec call (docs/product.md §7):
 *
 *   GET /rule-engine/fetch-custom-priority-engine/     → fetchCustomPriorityEngine
 *   GET /rule-engine/fetch-user-priority-engine-type/  → fetchUserPriorityEngineType
 *   GET /alloc-engine/rule/list/                       → fetchAllocEngineRules
 *
 * The quote engine's data (quote/quote-data.server.ts) and, later, the Courier Rules screens
 * read through these. Stored rows are validated (rules.ts); one that cannot be read is left
 * out and named in `unreadable`, never an error for the whole list.
 */
import { asc, desc, eq } from "drizzle-orm";

import { RULE_CODES, type RuleCode } from "../core/rule-codes";
import { isRuleCode } from "../core/rule-codes";
import type { Db } from "../db/client.server";
import { clientRuleSettings, customPriorityRules, pickrrSelectRules } from "../db/schema";
import type { CustomRule, SelectRule } from "./rules";
import { customRuleFromStored, selectRuleFromStored } from "./rules";

export type CustomPriorityRuleEntry = CustomRule & { id: number; version: number };

/**
 * The client's custom priority rules, oldest first, with priorities read back as slots 1–5
 * (stored 100…96). Only rules with couriers are kept, as the spec's screen does.
 */
export async function fetchCustomPriorityEngine(
  db: Db,
  clientId: number,
): Promise<{ rule_list: CustomPriorityRuleEntry[]; unreadable: string[] }> {
  return customRulesFromRows(
    await db
      .select()
      .from(customPriorityRules)
      .where(eq(customPriorityRules.client_id, clientId))
      .orderBy(asc(customPriorityRules.id)),
  );
}

/** fetchCustomPriorityEngine's answer from one client's stored rows, oldest first (also for a bulk read of many clients). */
export function customRulesFromRows(rows: readonly (typeof customPriorityRules.$inferSelect)[]): {
  rule_list: CustomPriorityRuleEntry[];
  unreadable: string[];
} {
  const rule_list: CustomPriorityRuleEntry[] = [];
  const unreadable: string[] = [];
  for (const row of rows) {
    let rule: CustomRule;
    try {
      rule = customRuleFromStored(row);
    } catch {
      unreadable.push(`custom priority rule #${row.id} cannot be read and is ignored`);
      continue;
    }
    if (rule.courier_list.length === 0) continue;
    rule_list.push({
      id: row.id,
      version: row.version,
      ...rule,
      courier_list: [...rule.courier_list].sort((a, b) => a.priority - b.priority),
    });
  }
  return { rule_list, unreadable };
}

/** The client's selection type as the spec's server sends it: '3' cheapest (also when none is stored), '4', '0', '5'. */
export async function fetchUserPriorityEngineType(db: Db, clientId: number): Promise<{ rule_code: RuleCode }> {
  const [row] = await db
    .select({ rule_code: clientRuleSettings.rule_code })
    .from(clientRuleSettings)
    .where(eq(clientRuleSettings.client_id, clientId));
  return ruleCodeFromRow(row);
}

/** fetchUserPriorityEngineType's answer from the client's stored setting, if any. */
export function ruleCodeFromRow(row: { rule_code: string | null } | undefined): { rule_code: RuleCode } {
  return { rule_code: isRuleCode(row?.rule_code) ? row.rule_code : RULE_CODES.cheapest };
}

export type AllocEngineRule = SelectRule & { id: number; version: number };

/**
 * The client's Pickrr Select rules in the spec's shape (name, priority, validity.active,
 * criterias, courier), highest priority first (the order they are tried in), active or not.
 */
export async function fetchAllocEngineRules(
  db: Db,
  clientId: number,
): Promise<{ rules: AllocEngineRule[]; unreadable: string[] }> {
  return selectRulesFromRows(
    await db
      .select()
      .from(pickrrSelectRules)
      .where(eq(pickrrSelectRules.client_id, clientId))
      .orderBy(desc(pickrrSelectRules.priority), asc(pickrrSelectRules.id)),
  );
}

/** fetchAllocEngineRules's answer from one client's stored rows, highest priority first (also for a bulk read). */
export function selectRulesFromRows(rows: readonly (typeof pickrrSelectRules.$inferSelect)[]): {
  rules: AllocEngineRule[];
  unreadable: string[];
} {
  const rules: AllocEngineRule[] = [];
  const unreadable: string[] = [];
  for (const row of rows) {
    try {
      const rule = selectRuleFromStored({
        name: row.name,
        priority: row.priority,
        validity: { active: row.active },
        criterias: row.criterias,
        courier: row.courier,
      });
      rules.push({ id: row.id, version: row.version, ...rule });
    } catch {
      unreadable.push(`Pickrr Select rule '${row.name}' cannot be read and is ignored`);
    }
  }
  return { rules, unreadable };
}
