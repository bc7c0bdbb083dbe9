/**
 * The History view of the Courier Rules tab: the client's courier activations, selection type
 * changes and custom priority and Pickrr Select rule changes, newest first, each old → new as
 * the audit recorded them (JSON; long lists shortened for reading).
 */
import { sql } from "drizzle-orm";

import { COURIER_SETUP_AUDIT_ENTITIES } from "../audit/kinds";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";

export type CourierRuleHistoryEntry = {
  id: number;
  at: string;
  who: string;
  what: string;
  old: string;
  next: string;
};

const ENTITY_LABELS: Record<string, string> = {
  courier_activation: "Courier",
  courier_limits: "Courier limits",
  rule_type: "Selection type",
  custom_rule: "Custom priority rule",
  select_rule: "Pickrr Select rule",
};
const SHOWN_CHARS = 600;
const IST = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "short",
});

/** Items of a list shown before "… N more". */
const SHOWN_ITEMS = 10;

/**
 * A value as JSON, lists of more than 10 items shortened to their first 10 and a count.
 * `lengths` gives the true length of lists the database already cut to their first items
 * (by path, `criterias.pincode_list.lm`), so the count is still right.
 */
export function shortJson(value: unknown, lengths: Record<string, number> = {}): string {
  if (value === null || value === undefined) return "—";
  const shorten = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) {
      const n = Math.max(lengths[path] ?? 0, v.length);
      const kept = v.slice(0, SHOWN_ITEMS).map((x) => shorten(x, path));
      return n > SHOWN_ITEMS ? [...kept, `… ${n - SHOWN_ITEMS} more`] : kept;
    }
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x, path ? `${path}.${k}` : k)]));
    return v;
  };
  const text = JSON.stringify(shorten(value, ""));
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/**
 * The long lists an audited value may hold: a Pickrr Select rule's product and pincode lists
 * (up to 100,000 entries each, old and new in one row). The database cuts them to their first
 * items and says their lengths, so a History page never carries megabytes of pincodes.
 */
const LONG_LISTS = ["criterias.product_list.list", "criterias.pincode_list.fm", "criterias.pincode_list.lm"] as const;

const pgPath = (path: string) => `'{${path.split(".").join(",")}}'`;
/** `value` with the list at `path` cut to its first SHOWN_ITEMS items (unchanged when shorter or absent). */
const cut = (value: string, path: string) => {
  const at = `${value} #> ${pgPath(path)}`;
  return `case when jsonb_typeof(${at}) = 'array' and jsonb_array_length(${at}) > ${SHOWN_ITEMS} then jsonb_set(${value}, ${pgPath(path)}, jsonb_path_query_array(${at}, '$[0 to ${SHOWN_ITEMS - 1}]')) else ${value} end`;
};
const length = (value: string, path: string) =>
  `coalesce(jsonb_array_length(case when jsonb_typeof(${value} #> ${pgPath(path)}) = 'array' then ${value} #> ${pgPath(path)} end), 0)`;

type HistoryRow = {
  id: number;
  at: Date | string;
  staff_email: string;
  staff_role: string;
  entity: string;
  action: string;
  old_value: unknown;
  new_value: unknown;
  old_lengths: Record<string, number>;
  new_lengths: Record<string, number>;
};

export async function courierRuleHistory(db: Db, clientId: number, limit = 100): Promise<CourierRuleHistoryEntry[]> {
  // One lateral step per long list (nesting them would repeat the expression 4× per level).
  // The stored value is read (de-toasted, decompressed) once: `#> '{}'` (the whole value) makes
  // it a plain value the later steps share, instead of each reference decompressing it again.
  const steps = (side: "old" | "new") =>
    [
      `cross join lateral (select a.${side}_value #> '{}' as v offset 0) ${side}_whole`,
      ...LONG_LISTS.map(
        (path, i) =>
          `cross join lateral (select ${cut(i === 0 ? `${side}_whole.v` : `${side}${i - 1}.v`, path)} as v offset 0) ${side}${i}`,
      ),
    ].join("\n");
  const lengths = (side: "old" | "new") =>
    `jsonb_build_object(${LONG_LISTS.map((path) => `'${path}', ${length(`${side}_whole.v`, path)}`).join(", ")})`;
  const last = LONG_LISTS.length - 1;
  const result = await db.execute<HistoryRow>(sql`
    with shown as (
      select id from ${auditLog}
      where client_id = ${clientId} and entity in (${sql.join(
        COURIER_SETUP_AUDIT_ENTITIES.map((e) => sql`${e}`),
        sql`, `,
      )})
      order by at desc, id desc
      limit ${limit}
    )
    select a.id, a.at, a.staff_email, a.staff_role, a.entity, a.action,
      ${sql.raw(`old${last}.v`)} as old_value, ${sql.raw(`new${last}.v`)} as new_value,
      ${sql.raw(lengths("old"))} as old_lengths, ${sql.raw(lengths("new"))} as new_lengths
    from shown join ${auditLog} a on a.id = shown.id
    ${sql.raw(steps("old"))}
    ${sql.raw(steps("new"))}
    order by a.at desc, a.id desc`);
  return result.rows.map((r) => ({
    id: r.id,
    at: IST.format(new Date(r.at)),
    who: `${r.staff_email} (${r.staff_role})`,
    what: `${ENTITY_LABELS[r.entity] ?? r.entity} · ${r.action.replace(/_/g, " ")}`,
    old: shortJson(r.old_value, r.old_lengths),
    next: shortJson(r.new_value, r.new_lengths),
  }));
}
