/**
 * The Courier Rules tab's writes for the selection type and custom priority, one function per
 * spec call (docs/product.md §7):
 *
 *   POST /rule-engine/update-user-priority-engine-type/         → updateUserPriorityEngineType
 *   POST /rule-engine/update-user-custom-priority-engine/       → createCustomRule
 *   PUT  (delete the old rule, then PUT the new, one transaction) → editCustomRule
 *   DELETE                                                       → deleteCustomRule
 *
 * vp only (the permission table's rule.edit). Each change bumps the row's version (the quote
 * cache's stamp reads it) and writes its audit row in the same transaction.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { type Conflict, conflict, forbidden, type Invalid, invalid, notFound, type Result } from "../core/result";
import { isRuleCode, type RuleCode } from "../core/rule-codes";
import type { Db, Executor } from "../db/client.server";
import { clientCourierServices, clientRuleSettings, courierServices, customPriorityRules } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { type CustomRule, customRuleToStored } from "../rules/rules";
import type { CourierSetupActor } from "./all-couriers.server";
import { type CourierOption, type CustomRuleValues, parseCustomRule } from "./custom-rule-form";

export const RULE_EDIT_FORBIDDEN = "Only a vp can change courier rules.";
export const CUSTOM_RULE_NOT_FOUND = "This rule no longer exists.";
export const CUSTOM_RULE_CHANGED =
  "Someone else changed this rule meanwhile: nothing was saved. The rule now reads as shown.";

/** The client's active couriers (service names) a custom rule may list, by name. */
export async function customRuleCouriers(db: Executor, clientId: number): Promise<CourierOption[]> {
  return db
    .select({
      name: courierServices.name,
      has_surface: courierServices.has_surface,
    })
    .from(clientCourierServices)
    .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
    .where(and(eq(clientCourierServices.client_id, clientId), eq(clientCourierServices.is_active, true)))
    .orderBy(asc(courierServices.name));
}

export async function updateUserPriorityEngineType(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; rule_code: string },
): Promise<Result<{ rule_code: RuleCode; changed: boolean }>> {
  if (!can(actor, "rule.edit")) return forbidden(RULE_EDIT_FORBIDDEN);
  if (!isRuleCode(input.rule_code)) return invalid("Choose cheapest, fastest, custom or Pickrr Select.");
  const code = input.rule_code;
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(clientRuleSettings)
      .where(eq(clientRuleSettings.client_id, input.clientId))
      .for("update");
    const old = before?.rule_code ?? "3";
    if (before && old === code) return { ok: true as const, rule_code: code, changed: false };
    await tx
      .insert(clientRuleSettings)
      .values({ client_id: input.clientId, rule_code: code })
      .onConflictDoUpdate({
        target: clientRuleSettings.client_id,
        set: {
          rule_code: code,
          version: sql`${clientRuleSettings.version} + 1`,
          updated_at: sql`now()`,
        },
      });
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "rule_type",
      entityId: input.clientId,
      action: "update",
      oldValue: { rule_code: old },
      newValue: { rule_code: code },
    });
    return { ok: true as const, rule_code: code, changed: old !== code };
  });
}

type CustomRuleInvalid = Invalid<{ fieldErrors: Record<string, string> }>;
type StoredRuleRow = typeof customPriorityRules.$inferSelect;
const audited = (row: Pick<StoredRuleRow, "service_type" | "zone_list" | "order_type" | "courier_list">) => ({
  service_type: row.service_type,
  zone_list: row.zone_list,
  order_type: row.order_type,
  courier_list: row.courier_list,
});

async function checked(
  db: Executor,
  clientId: number,
  values: CustomRuleValues,
): Promise<{ ok: true; rule: CustomRule } | CustomRuleInvalid> {
  return parseCustomRule(values, await customRuleCouriers(db, clientId));
}

export async function createCustomRule(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; values: CustomRuleValues },
): Promise<Result<{ id: number }, CustomRuleInvalid | ReturnType<typeof forbidden>>> {
  if (!can(actor, "rule.edit")) return forbidden(RULE_EDIT_FORBIDDEN);
  return transaction(db, async (tx) => {
    const parsed = await checked(tx, input.clientId, input.values);
    if (!parsed.ok) return parsed;
    const stored = customRuleToStored(parsed.rule);
    const [row] = await tx
      .insert(customPriorityRules)
      .values({ client_id: input.clientId, ...stored })
      .returning();
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "custom_rule",
      entityId: row.id,
      action: "create",
      oldValue: null,
      newValue: audited(row),
    });
    return { ok: true as const, id: row.id };
  });
}

/** Edit = delete the old rule and store the new one (the spec's DELETE then PUT), in one transaction, if nobody changed it meanwhile. */
export async function editCustomRule(
  db: Db,
  actor: CourierSetupActor,
  input: {
    clientId: number;
    ruleId: number;
    version: number;
    values: CustomRuleValues;
  },
): Promise<
  Result<
    { id: number },
    CustomRuleInvalid | ReturnType<typeof forbidden> | ReturnType<typeof notFound> | Conflict<StoredRuleRow>
  >
> {
  if (!can(actor, "rule.edit")) return forbidden(RULE_EDIT_FORBIDDEN);
  return transaction(db, async (tx) => {
    const [old] = await tx
      .select()
      .from(customPriorityRules)
      .where(and(eq(customPriorityRules.id, input.ruleId), eq(customPriorityRules.client_id, input.clientId)))
      .for("update");
    if (!old) return notFound(CUSTOM_RULE_NOT_FOUND);
    if (old.version !== input.version) return conflict(CUSTOM_RULE_CHANGED, old);
    const parsed = await checked(tx, input.clientId, input.values);
    if (!parsed.ok) return parsed;
    await tx.delete(customPriorityRules).where(eq(customPriorityRules.id, old.id));
    const [row] = await tx
      .insert(customPriorityRules)
      .values({
        client_id: input.clientId,
        ...customRuleToStored(parsed.rule),
        version: old.version + 1,
      })
      .returning();
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "custom_rule",
      entityId: row.id,
      action: "update",
      oldValue: { id: old.id, ...audited(old) },
      newValue: audited(row),
    });
    return { ok: true as const, id: row.id };
  });
}

export async function deleteCustomRule(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; ruleId: number },
): Promise<Result<{}, ReturnType<typeof forbidden> | ReturnType<typeof notFound>>> {
  if (!can(actor, "rule.edit")) return forbidden(RULE_EDIT_FORBIDDEN);
  return transaction(db, async (tx) => {
    const [old] = await tx
      .delete(customPriorityRules)
      .where(and(eq(customPriorityRules.id, input.ruleId), eq(customPriorityRules.client_id, input.clientId)))
      .returning();
    if (!old) return notFound(CUSTOM_RULE_NOT_FOUND);
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "custom_rule",
      entityId: old.id,
      action: "delete",
      oldValue: audited(old),
      newValue: null,
    });
    return { ok: true as const };
  });
}
