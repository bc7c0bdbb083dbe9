/**
 * Pickrr Select rule writes, one function per spec call (docs/product.md §7):
 *
 *   POST /alloc-engine/rule/  (create) and PUT (edit)      → saveSelectRule (update when the rule exists, else create)
 *   DELETE /alloc-engine/rule/?rule_name=                   → deleteSelectRule
 *   PUT /alloc-engine/update-rules-priority-validity/       → toggleSelectRule, moveSelectRule
 *   clone (the list's Clone)                                → cloneSelectRule
 *
 * Creating and editing: vp and avp (select-rule.edit); toggle, reorder, clone, delete: vp
 * (select-rule.arrange). Each change bumps the rule's version (which the quote cache's stamp
 * reads and the editor's stale check compares) and writes its audit row, old → new, in the
 * same transaction.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { type Conflict, conflict, forbidden, type Invalid, invalid, notFound, type Result } from "../core/result";
import type { Db, Executor, Tx } from "../db/client.server";
import { clientCourierServices, couriers, courierServices, pickrrSelectRules } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { type SelectRule, selectRuleFromStored } from "../rules/rules";
import type { CourierSetupActor } from "./all-couriers.server";
import {
  defaultPriority,
  INLINE_LIST_MAX,
  LIST_HEAD,
  type ListField,
  type ListSizes,
  parseSelectRule,
  SELECT_RULE_MESSAGES,
  selectRuleSummary,
  type SelectRuleValues,
  type StoredLists,
  swapWithNeighbour,
} from "./select-rule-form";

export const SELECT_EDIT_FORBIDDEN = "Only a vp or an avp can create or edit Pickrr Select rules.";
export const SELECT_ARRANGE_FORBIDDEN = "Only a vp can change, reorder, clone or delete Pickrr Select rules.";
export const SELECT_NOT_FOUND = "This rule no longer exists.";
export const SELECT_RULE_CHANGED =
  "Someone else saved this rule meanwhile: nothing was saved. The form now shows the rule as stored.";

type Row = typeof pickrrSelectRules.$inferSelect;
type Forbidden = ReturnType<typeof forbidden>;
type NotFound = ReturnType<typeof notFound>;

/** A stored rule in the spec's shape, as the audit records it. */
function spec(row: Pick<Row, "name" | "priority" | "active" | "criterias" | "courier">): Record<string, unknown> {
  return {
    name: row.name,
    priority: row.priority,
    validity: { active: row.active },
    criterias: row.criterias,
    courier: row.courier,
  };
}

/** Names a rule may list: the client's courier services and their brands. */
export async function selectRuleCouriers(
  db: Executor,
  clientId: number,
): Promise<{ services: string[]; brands: string[] }> {
  const rows = await db
    .select({ name: courierServices.name, brand: couriers.name })
    .from(clientCourierServices)
    .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
    .innerJoin(couriers, eq(couriers.id, courierServices.courier_id))
    .where(eq(clientCourierServices.client_id, clientId))
    .orderBy(asc(courierServices.name));
  return {
    services: rows.map((r) => r.name),
    brands: [...new Set(rows.map((r) => r.brand))].sort(),
  };
}

export type SelectRuleListEntry = {
  id: number;
  name: string;
  priority: number;
  active: boolean;
  summary: { criteria: string; selection: string };
};

/**
 * The Pickrr Select list as the tab shows it, highest priority first. It reads the rule's
 * generated columns — the criteria without the long lists, and the lists' sizes, kept by
 * PostgreSQL on every write — so neither the app nor PostgreSQL reads the long product and
 * pincode lists (50 rules × 10,000 pincodes) to draw it.
 */
export async function selectRuleList(db: Executor, clientId: number): Promise<SelectRuleListEntry[]> {
  const rows = await db
    .select({
      id: pickrrSelectRules.id,
      name: pickrrSelectRules.name,
      priority: pickrrSelectRules.priority,
      active: pickrrSelectRules.active,
      short: pickrrSelectRules.criteria_brief,
      courier: pickrrSelectRules.courier,
      products: pickrrSelectRules.product_count,
      fm: pickrrSelectRules.fm_count,
      lm: pickrrSelectRules.lm_count,
    })
    .from(pickrrSelectRules)
    .where(eq(pickrrSelectRules.client_id, clientId))
    .orderBy(desc(pickrrSelectRules.priority), asc(pickrrSelectRules.id));
  return rows.map((r) => {
    let summary: SelectRuleListEntry["summary"];
    try {
      summary = selectRuleSummary(
        { criterias: r.short, courier: r.courier },
        { products: r.products, fm: r.fm, lm: r.lm },
      );
    } catch {
      summary = { criteria: "cannot be read", selection: "—" };
    }
    return { id: r.id, name: r.name, priority: r.priority, active: r.active, summary };
  });
}

export async function getSelectRule(
  db: Executor,
  clientId: number,
  ruleId: number,
): Promise<{ rule: SelectRule; version: number; id: number } | null> {
  const [row] = await db
    .select()
    .from(pickrrSelectRules)
    .where(and(eq(pickrrSelectRules.id, ruleId), eq(pickrrSelectRules.client_id, clientId)));
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    rule: selectRuleFromStored(spec(row)),
  };
}

export type EditorRule = { rule: SelectRule; version: number; id: number; sizes: ListSizes };

/**
 * A rule as the editor opens it: lists of up to INLINE_LIST_MAX entries whole (they are edited
 * inline), longer ones cut to their first LIST_HEAD entries in PostgreSQL, with every list's
 * size. The document is de-toasted once (`#> '{}'`, as the History read does), and a
 * 100,000-pincode list never reaches the app to be shown as five.
 */
export async function getSelectRuleForEditor(
  db: Executor,
  clientId: number,
  ruleId: number,
): Promise<EditorRule | null> {
  const part = (path: string, count: string) =>
    sql.raw(
      `case when r.${count} <= ${INLINE_LIST_MAX} then doc.d #> '{${path.replaceAll(".", ",")}}' else jsonb_path_query_array(doc.d, '$.${path}[0 to ${LIST_HEAD - 1}]') end`,
    );
  const rows = await db.execute<{
    id: number;
    version: number;
    name: string;
    priority: number;
    active: boolean;
    courier: unknown;
    brief: Record<string, unknown>;
    product_count: number;
    fm_count: number;
    lm_count: number;
    products: unknown;
    fm: unknown;
    lm: unknown;
  }>(sql`
    select r.id, r.version, r.name, r.priority, r.active, r.courier, r.criteria_brief as brief,
      r.product_count, r.fm_count, r.lm_count,
      ${part("product_list.list", "product_count")} as products,
      ${part("pincode_list.fm", "fm_count")} as fm,
      ${part("pincode_list.lm", "lm_count")} as lm
    from ${pickrrSelectRules} r
    cross join lateral (select r.criterias #> '{}' as d offset 0) doc
    where r.id = ${ruleId} and r.client_id = ${clientId}`);
  const row = rows.rows[0];
  if (!row) return null;
  const criterias: Record<string, unknown> = { ...row.brief };
  if (row.product_count > 0) criterias.product_list = { list: row.products };
  if (row.fm_count > 0 || row.lm_count > 0)
    criterias.pincode_list = {
      ...(row.fm_count > 0 ? { fm: row.fm } : {}),
      ...(row.lm_count > 0 ? { lm: row.lm } : {}),
    };
  return {
    id: row.id,
    version: row.version,
    rule: selectRuleFromStored({
      name: row.name,
      priority: row.priority,
      validity: { active: row.active },
      criterias,
      courier: row.courier,
    }),
    sizes: { product_list: row.product_count, fm_list: row.fm_count, lm_list: row.lm_count },
  };
}

/** Changes a stored rule: its version moves on, and the audit row holds it before and after. */
async function updateRule(
  tx: Tx,
  actor: CourierSetupActor,
  clientId: number,
  old: Row,
  action: string,
  changes: Partial<Pick<Row, "name" | "criterias" | "courier" | "active" | "priority">>,
): Promise<Row> {
  const [row] = await tx
    .update(pickrrSelectRules)
    .set({ ...changes, version: old.version + 1, updated_at: sql`now()` })
    .where(eq(pickrrSelectRules.id, old.id))
    .returning();
  await writeAudit(tx, actor, {
    clientId,
    entity: "select_rule",
    entityId: row.id,
    action,
    oldValue: spec(old),
    newValue: spec(row),
  });
  return row;
}

async function lockRule(tx: Tx, clientId: number, ruleId: number): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(pickrrSelectRules)
    .where(and(eq(pickrrSelectRules.id, ruleId), eq(pickrrSelectRules.client_id, clientId)))
    .for("update");
  return row;
}

type SaveInvalid = Invalid<{ fieldErrors: Record<string, string> }>;
export type SaveSelectResult = Result<
  { id: number; created: boolean },
  SaveInvalid | Forbidden | NotFound | Conflict<{ rule: SelectRule; version: number }>
>;

/**
 * Save from the editor: with a rule id (an existing priority) it is an update, refused when
 * the version the person saw is no longer the stored one; without, a create at priority 100
 * minus the count of the client's rules (docs/product.md §4).
 */
export async function saveSelectRule(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; ruleId: number | null; values: SelectRuleValues },
): Promise<SaveSelectResult> {
  if (!can(actor, "select-rule.edit")) return forbidden(SELECT_EDIT_FORBIDDEN);
  return transaction(db, async (tx) => {
    const names = await selectRuleCouriers(tx, input.clientId);
    // One writer of a client's rule list at a time (names and the default priority depend on the
    // others); taken before the rule's row lock, in the order move and clone take them.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${input.clientId})`);
    let old: Row | undefined;
    if (input.ruleId !== null) {
      old = await lockRule(tx, input.clientId, input.ruleId);
      if (!old) return notFound(SELECT_NOT_FOUND);
      if (String(old.version) !== input.values.version)
        return conflict(SELECT_RULE_CHANGED, {
          rule: selectRuleFromStored(spec(old)),
          version: old.version,
        });
    }
    // A long list the editor kept (never posted back) is the one in the row locked above.
    const stored = old ? storedLists(old.criterias) : {};
    const parsed = parseSelectRule(input.values, [...names.services, ...names.brands], stored);
    if (!parsed.ok)
      return invalid(SELECT_RULE_MESSAGES.invalid, {
        fieldErrors: parsed.fieldErrors,
      });
    const [taken] = await tx
      .select({ id: pickrrSelectRules.id })
      .from(pickrrSelectRules)
      .where(and(eq(pickrrSelectRules.client_id, input.clientId), eq(pickrrSelectRules.name, parsed.name)));
    if (taken && taken.id !== input.ruleId)
      return invalid(SELECT_RULE_MESSAGES.invalid, {
        fieldErrors: { name: SELECT_RULE_MESSAGES.nameTaken },
      });
    if (old) {
      const row = await updateRule(tx, actor, input.clientId, old, "update", {
        name: parsed.name,
        criterias: parsed.criterias,
        courier: parsed.courier,
      });
      return { ok: true as const, id: row.id, created: false };
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pickrrSelectRules)
      .where(eq(pickrrSelectRules.client_id, input.clientId));
    const [row] = await tx
      .insert(pickrrSelectRules)
      .values({
        client_id: input.clientId,
        name: parsed.name,
        priority: defaultPriority(Number(n)),
        active: true,
        criterias: parsed.criterias,
        courier: parsed.courier,
      })
      .returning();
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "select_rule",
      entityId: row.id,
      action: "create",
      oldValue: null,
      newValue: spec(row),
    });
    return { ok: true as const, id: row.id, created: true };
  });
}

/** The product and pincode lists of a stored criterias document (arrays of strings only). */
function storedLists(criterias: Row["criterias"]): StoredLists {
  const strings = (v: unknown) =>
    Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
  const c = criterias as { product_list?: { list?: unknown }; pincode_list?: { fm?: unknown; lm?: unknown } };
  return {
    product_list: strings(c.product_list?.list),
    fm_list: strings(c.pincode_list?.fm),
    lm_list: strings(c.pincode_list?.lm),
  };
}

/**
 * One list of a rule, for its CSV download from the editor (the editor shows a long list as a
 * summary). Read from the document in PostgreSQL, as text values.
 */
export async function selectRuleListEntries(
  db: Executor,
  clientId: number,
  ruleId: number,
  field: ListField,
): Promise<{ name: string; entries: string[] } | null> {
  const path =
    field === "product_list"
      ? sql`'{product_list,list}'`
      : field === "fm_list"
        ? sql`'{pincode_list,fm}'`
        : sql`'{pincode_list,lm}'`;
  const rows = await db.execute<{ name: string; entries: unknown }>(sql`
    select name, coalesce(criterias #> ${path}::text[], '[]'::jsonb) as entries
    from pickrr_select_rules where id = ${ruleId} and client_id = ${clientId}`);
  const row = rows.rows[0];
  if (!row) return null;
  const entries = Array.isArray(row.entries) ? row.entries.filter((x): x is string => typeof x === "string") : [];
  return { name: row.name, entries };
}

/** An advisory lock key space for "a client's Pickrr Select list" (any fixed number unique in the app). */
const LOCK_SPACE = 13_005;

async function arranged<T extends object>(
  db: Db,
  actor: CourierSetupActor,
  body: (tx: Tx) => Promise<Result<T, NotFound | Invalid>>,
): Promise<Result<T, Forbidden | NotFound | Invalid>> {
  if (!can(actor, "select-rule.arrange")) return forbidden(SELECT_ARRANGE_FORBIDDEN);
  return transaction(db, body);
}

export async function toggleSelectRule(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; ruleId: number; active: boolean },
) {
  return arranged(db, actor, async (tx) => {
    const old = await lockRule(tx, input.clientId, input.ruleId);
    if (!old) return notFound(SELECT_NOT_FOUND);
    if (old.active === input.active) return { ok: true as const };
    await updateRule(tx, actor, input.clientId, old, input.active ? "activate" : "deactivate", {
      active: input.active,
    });
    return { ok: true as const };
  });
}

export async function moveSelectRule(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; ruleId: number; direction: "up" | "down" },
) {
  return arranged(db, actor, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${input.clientId})`);
    const rows = await tx
      .select()
      .from(pickrrSelectRules)
      .where(eq(pickrrSelectRules.client_id, input.clientId))
      .for("update");
    const swap = swapWithNeighbour(rows, input.ruleId, input.direction);
    if (!swap.ok) return rows.some((r) => r.id === input.ruleId) ? swap : notFound(SELECT_NOT_FOUND);
    for (const u of swap.updates) {
      await updateRule(
        tx,
        actor,
        input.clientId,
        rows.find((r) => r.id === u.id)!,
        `move_${input.direction}`,
        { priority: u.priority },
      );
    }
    return { ok: true as const };
  });
}

/** A copy named '<name> (copy)' (then ' (copy 2)' …) at the default priority, active as the original. */
export async function cloneSelectRule(db: Db, actor: CourierSetupActor, input: { clientId: number; ruleId: number }) {
  return arranged<{ id: number }>(db, actor, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${input.clientId})`);
    const rows = await tx
      .select({ id: pickrrSelectRules.id, name: pickrrSelectRules.name })
      .from(pickrrSelectRules)
      .where(eq(pickrrSelectRules.client_id, input.clientId));
    const old = await lockRule(tx, input.clientId, input.ruleId);
    if (!old) return notFound(SELECT_NOT_FOUND);
    const names = new Set(rows.map((r) => r.name));
    let name = `${old.name} (copy)`.slice(0, 100);
    for (let k = 2; names.has(name); k++) name = `${old.name} (copy ${k})`.slice(0, 100);
    const [row] = await tx
      .insert(pickrrSelectRules)
      .values({
        client_id: input.clientId,
        name,
        priority: defaultPriority(rows.length),
        active: old.active,
        criterias: old.criterias,
        courier: old.courier,
      })
      .returning();
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "select_rule",
      entityId: row.id,
      action: "clone",
      oldValue: null,
      newValue: { ...spec(row), cloned_from: old.name },
    });
    return { ok: true as const, id: row.id };
  });
}

export async function deleteSelectRule(db: Db, actor: CourierSetupActor, input: { clientId: number; ruleId: number }) {
  return arranged(db, actor, async (tx) => {
    const [old] = await tx
      .delete(pickrrSelectRules)
      .where(and(eq(pickrrSelectRules.id, input.ruleId), eq(pickrrSelectRules.client_id, input.clientId)))
      .returning();
    if (!old) return notFound(SELECT_NOT_FOUND);
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "select_rule",
      entityId: old.id,
      action: "delete",
      oldValue: spec(old),
      newValue: null,
    });
    return { ok: true as const };
  });
}
