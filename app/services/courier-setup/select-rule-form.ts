/**
 * Pickrr Select rules on the Courier Rules tab (docs/product.md §3, §4, §5, §9; §4, §5):
 * the editor's form parsed into a rule in the spec's shape, with its messages; the default
 * priority of a new rule; moving a rule up or down; pincode and product lists from text or a
 * CSV; the one-line summaries of the list. Pure.
 */
import { type Invalid, invalid } from "../core/result";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { type Zone, ZONES } from "../core/zones";
import { METRO_CITIES, STATE_CODES } from "../geo/zone-config";
import {
  ADVANTAGE_PROMISE,
  ADVANTAGE_STANDARD,
  type OrderType,
  SELECTION_RULE_TYPES,
  type SelectRule,
  type SelectRuleCriterias,
  type ServiceType,
  type ValueRange,
} from "../rules/rules";
import { ORDER_TYPES, SERVICE_TYPES } from "./custom-rule-form";

export const SELECT_RULE_MESSAGES = {
  name: "Please enter a rule name.",
  nameTaken: "A rule with this name already exists.",
  criteria: "Please add at least one criterion.",
  selection: "Please choose a selection type.",
  maxGreater: "Max Value should be greater",
  number: "Please enter a number (up to two decimals).",
  priorityCouriers: "Please list at least one courier for priority selection.",
  duplicate: "Each courier can be listed only once.",
  unknownCourier: "This courier is not one of the client's couriers.",
  invalid: "Some form fields are invalid.",
  tooMany: (max: number) => `A list may hold at most ${max.toLocaleString("en-IN")} entries.`,
  badPincodes: "These are not 6-digit pincodes",
  lanePlace: "Please choose a state or a metro city from the list.",
  keptListGiven: "To use this new list choose 'Replace it'; 'Keep' saves the stored list unchanged.",
  replaceEmpty: "Please paste or upload the new list, or choose 'Clear it'.",
} as const;

/** The most entries a product or pincode list holds (decision 032). */
export const MAX_LIST_ENTRIES = 100_000;
/** Highest priority; a new rule gets 100 minus the count of existing rules (docs/product.md §4). */
export const TOP_RULE_PRIORITY = 100;
/** Range rows and lane rows the editor shows (more can be added by saving and editing again). */
export const RANGE_ROWS = 3;
export const LANE_ROWS = 3;
export const PRIORITY_ROWS = 5;

/**
 * Stored lists up to this many entries stay editable in their textarea; longer ones are shown
 * as a summary (count, first entries, a CSV download) with Keep / Replace / Clear, so the
 * editor's page never carries a 100,000-entry list (decision 033). 200 pincodes are ~1.6 KB
 * of text, as many as a person reads and edits by hand; past that a list is a file.
 */
export const INLINE_LIST_MAX = 200;
/** Entries of a long stored list the summary shows. */
export const LIST_HEAD = 5;

export const LIST_FIELDS = ["product_list", "fm_list", "lm_list"] as const;
export type ListField = (typeof LIST_FIELDS)[number];
/**
 * 'edit': the list is in its textarea (a new rule, or a short stored list). For a long stored
 * list: 'keep' it as stored (nothing is posted), 'replace' it with the text or CSV posted, or
 * 'clear' it.
 */
export type ListMode = "edit" | "keep" | "replace" | "clear";
/** The stored lists a 'keep' saves (the server reads them from the locked row). */
export type StoredLists = Partial<Record<ListField, string[]>>;

/** The stored list of a field, in the rule's shape. */
export function storedListOf(criterias: SelectRuleCriterias, field: ListField): string[] {
  if (field === "product_list") return criterias.product_list?.list ?? [];
  return (field === "fm_list" ? criterias.pincode_list?.fm : criterias.pincode_list?.lm) ?? [];
}

/** A long stored list as the editor shows it: its size and first entries. */
export type ListSummary = { count: number; head: string[] };
/** The lists' sizes when the rule holds only their first entries (the editor's read). */
export type ListSizes = Record<ListField, number>;

export function longListSummaries(rule: SelectRule | null, sizes?: ListSizes): Partial<Record<ListField, ListSummary>> {
  const out: Partial<Record<ListField, ListSummary>> = {};
  if (!rule) return out;
  for (const field of LIST_FIELDS) {
    const list = storedListOf(rule.criterias, field);
    const count = sizes?.[field] ?? list.length;
    if (count > INLINE_LIST_MAX) out[field] = { count, head: list.slice(0, LIST_HEAD) };
  }
  return out;
}

/**
 * Lane ends (decision 033: chosen from a list, not typed). A lane matches a shipment when its
 * 'from' names the pickup's state or city and its 'to' the drop's (quote/allocation.ts), so
 * the places offered are the ones the pincode table names: every state and union territory as
 * the data spells it, and the metro cities (one name spanning districts and states, e.g.
 * Delhi NCR). Billing zones A–E are not places — a zone belongs to a pair of ends — so they are
 * the separate zone list criterion (decision 033).
 */
export type LanePlace = { value: string; label: string; group: "State" | "Metro city" };
export const LANE_PLACES: readonly LanePlace[] = [
  ...STATE_CODES.flatMap((st) =>
    st.dataStates.map((d) => ({
      value: d,
      label: st.dataStates.length > 1 || d !== st.name ? `${st.name} (${d})` : st.name,
      group: "State" as const,
    })),
  ).sort((a, b) => a.label.localeCompare(b.label)),
  ...METRO_CITIES.map((m) => ({ value: m.city, label: m.city, group: "Metro city" as const })),
];
const LANE_PLACE_VALUES = new Set(LANE_PLACES.map((p) => p.value));

export function isLanePlace(value: string): boolean {
  return LANE_PLACE_VALUES.has(value);
}

export function defaultPriority(existingCount: number): number {
  return TOP_RULE_PRIORITY - existingCount;
}

export type Positioned = { id: number; priority: number };

/**
 * Moving a rule up or down swaps its priority with its neighbour's in the list ordered by
 * priority, highest first (docs/product.md §4). The first cannot move up, the last cannot move down.
 */
export function swapWithNeighbour(
  rules: readonly Positioned[],
  id: number,
  direction: "up" | "down",
): { ok: true; updates: Positioned[] } | Invalid {
  const ordered = [...rules].sort((a, b) => b.priority - a.priority || a.id - b.id);
  const at = ordered.findIndex((r) => r.id === id);
  if (at < 0) return invalid("This rule no longer exists.");
  const other = direction === "up" ? at - 1 : at + 1;
  if (other < 0) return invalid("The first rule cannot move up.");
  if (other >= ordered.length) return invalid("The last rule cannot move down.");
  const [a, b] = [ordered[at], ordered[other]];
  // Equal priorities (stored data) would swap to no change: the mover takes one step past its neighbour.
  const [pa, pb] =
    a.priority === b.priority
      ? [direction === "up" ? b.priority + 1 : b.priority - 1, b.priority]
      : [b.priority, a.priority];
  return {
    ok: true,
    updates: [
      { id: a.id, priority: pa },
      { id: b.id, priority: pb },
    ],
  };
}

/**
 * Items of a comma- or line-separated list: trimmed, blanks dropped, duplicates kept once. An
 * item in double quotes is taken as CSV writes it — commas and line breaks inside are part of
 * it and `""` is a quote — so a product name with a comma survives the editor's text (formatList)
 * and the list's CSV download uploaded back.
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let i = 0;
  while (i <= text.length) {
    // Leading spaces, then a quoted item or a plain one, up to the next separator.
    while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
    let item = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          // No closing quote: the rest is the item, as typed.
          item += text.slice(i);
          i = text.length;
          break;
        }
        item += text.slice(i, quote);
        i = quote + 1;
        if (text[i] === '"') {
          item += '"';
          i++;
        } else break;
      }
      // Anything between the closing quote and the separator belongs to the item too.
      const next = text.slice(i).search(/[,\r\n]/);
      const end = next === -1 ? text.length : i + next;
      item = (item + text.slice(i, end).trimEnd()).trim();
      i = end;
    } else {
      const next = text.slice(i).search(/[,\r\n]/);
      const end = next === -1 ? text.length : i + next;
      item = text.slice(i, end).trim();
      i = end;
    }
    if (item) items.push(item);
    i++; // the separator
  }
  return [...new Set(items)];
}

/** A list as the editor's text: comma-separated, an item quoted (CSV style) when it holds a comma, a quote or a line break. */
export function formatList(list: readonly string[]): string {
  return list.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(", ");
}

/** The pincodes, or why not: each bad line back with its number (none when the list is only too long). */
export type PincodeListResult = { ok: true; list: string[] } | Invalid<{ bad: { line: number; value: string }[] }>;

/**
 * A one-column CSV (or pasted text) of pincodes: a BOM, CRLF and blank lines are fine; an
 * optional header 'pincode'; every other line must be exactly 6 digits, else it is listed
 * back with its line number; more than MAX_LIST_ENTRIES is refused.
 */
export function parsePincodeCsv(text: string, max = MAX_LIST_ENTRIES): PincodeListResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const list: string[] = [];
  const seen = new Set<string>();
  const bad: { line: number; value: string }[] = [];
  lines.forEach((raw, i) => {
    for (const part of raw.split(",")) {
      const value = part
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim();
      if (!value) continue;
      if (i === 0 && /^pin ?codes?$/i.test(value)) continue;
      if (!/^\d{6}$/.test(value)) {
        bad.push({ line: i + 1, value: value.slice(0, 20) });
        continue;
      }
      if (!seen.has(value)) {
        seen.add(value);
        list.push(value);
      }
    }
  });
  if (bad.length > 0)
    return invalid(
      `${SELECT_RULE_MESSAGES.badPincodes}: ${bad
        .slice(0, 20)
        .map((b) => `line ${b.line} '${b.value}'`)
        .join(", ")}${bad.length > 20 ? ` and ${bad.length - 20} more` : ""}.`,
      { bad },
    );
  if (list.length > max) return invalid(SELECT_RULE_MESSAGES.tooMany(max), { bad: [] });
  return { ok: true, list };
}

/** A product list (names): one per line or comma-separated, BOM and header 'product' dropped. */
export function parseProductCsv(text: string, max = MAX_LIST_ENTRIES): { ok: true; list: string[] } | Invalid {
  const list = splitList(text.replace(/^\uFEFF/, "")).filter((v, i) => !(i === 0 && /^products?( names?)?$/i.test(v)));
  if (list.length > max) return invalid(SELECT_RULE_MESSAGES.tooMany(max));
  const tooLong = list.find((v) => !boundedString(TEXT_LIMITS.name).safeParse(v).success);
  if (tooLong !== undefined)
    return invalid(
      `A product name must be at most ${TEXT_LIMITS.name} characters without control characters: '${tooLong.slice(0, 30)}…'.`,
    );
  return { ok: true, list };
}

/** The editor's fields as text, to refill it after a refused save. */
export type SelectRuleValues = {
  name: string;
  version: string;
  service_type: string[];
  order_type: string[];
  zone_list: string[];
  product_list: string;
  fm_list: string;
  lm_list: string;
  list_mode: Record<ListField, ListMode>;
  weight: { min: string; max: string }[];
  invoice: { min: string; max: string }[];
  lanes: { from: string; to: string }[];
  selection: string;
  priority_list: string[];
  bl_list: string[];
};

/** The editor's selection options: the spec's cheapest, fastest, custom (our priority list) and advantage. */
export const SELECTION_TYPES = SELECTION_RULE_TYPES;

/**
 * A stored rule as the editor's fields. Lists longer than INLINE_LIST_MAX are not copied into
 * the text: they start as 'keep' (the page shows their summary).
 */
export function valuesOfRule(rule: SelectRule | null, version: number | null, sizes?: ListSizes): SelectRuleValues {
  const c = rule?.criterias ?? {};
  const long = (field: ListField) => (sizes?.[field] ?? storedListOf(c, field).length) > INLINE_LIST_MAX;
  const textOf = (field: ListField) => (long(field) ? "" : formatList(storedListOf(c, field)));
  const pad = <T>(list: T[], n: number, empty: T) => [
    ...list,
    ...Array.from({ length: Math.max(0, n - list.length) }, () => empty),
  ];
  const range = (r: ValueRange) => ({ min: String(r.min), max: String(r.max) });
  return {
    name: rule?.name ?? "",
    version: version === null ? "" : String(version),
    service_type: c.service_type?.list ?? [],
    order_type: c.order_type?.list ?? [],
    zone_list: c.zone_list?.list ?? [],
    product_list: textOf("product_list"),
    fm_list: textOf("fm_list"),
    lm_list: textOf("lm_list"),
    list_mode: Object.fromEntries(LIST_FIELDS.map((f) => [f, long(f) ? "keep" : "edit"])) as Record<
      ListField,
      ListMode
    >,
    weight: pad((c.weight?.list ?? []).map(range), RANGE_ROWS, {
      min: "",
      max: "",
    }),
    invoice: pad((c.invoice_value?.list ?? []).map(range), RANGE_ROWS, {
      min: "",
      max: "",
    }),
    lanes: pad(c.lane_list?.list ?? [], LANE_ROWS, { from: "", to: "" }),
    selection: rule?.courier.courier_selection_rule_type ?? "",
    priority_list: pad(
      [...(rule?.courier.active_parent ?? [])].sort((a, b) => a.priority - b.priority).map((p) => p.name),
      PRIORITY_ROWS,
      "",
    ),
    bl_list: rule?.courier.bl_parent ?? [],
  };
}

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** Range rows: a row with only one end is incomplete and dropped (docs/product.md §4); max below min is refused. */
function ranges(rows: { min: string; max: string }[], field: string, errors: Record<string, string>): ValueRange[] {
  const kept: ValueRange[] = [];
  rows.forEach((r, i) => {
    if (!r.min || !r.max) return;
    if (!DECIMAL.test(r.min)) errors[`${field}_min_${i}`] = SELECT_RULE_MESSAGES.number;
    else if (!DECIMAL.test(r.max)) errors[`${field}_max_${i}`] = SELECT_RULE_MESSAGES.number;
    else if (Number(r.max) < Number(r.min)) errors[`${field}_max_${i}`] = SELECT_RULE_MESSAGES.maxGreater;
    else kept.push({ min: r.min, max: r.max });
  });
  return kept;
}

export type ParsedSelectRule =
  | {
      ok: true;
      name: string;
      criterias: SelectRuleCriterias;
      courier: SelectRule["courier"];
    }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * The editor's form as a rule: a name, at least one criterion and a selection type are
 * required (docs/product.md §5); incomplete weight, invoice and lane rows are dropped; lists come from
 * comma-separated text (pincode lists must be 6-digit pincodes). `couriers` are the names
 * priority and blacklist entries may use (the client's services and their brands).
 */
export function parseSelectRule(
  values: SelectRuleValues,
  couriers: readonly string[],
  stored: StoredLists = {},
): ParsedSelectRule {
  const errors: Record<string, string> = {};
  const name = boundedString(TEXT_LIMITS.name).safeParse(values.name);
  if (!values.name) errors.name = SELECT_RULE_MESSAGES.name;
  else if (!name.success) errors.name = name.error.issues[0]?.message ?? SELECT_RULE_MESSAGES.name;

  const criterias: SelectRuleCriterias = {};
  const services = SERVICE_TYPES.filter((s) => values.service_type.includes(s)) as ServiceType[];
  if (services.length) criterias.service_type = { list: services };
  const orders = ORDER_TYPES.filter((o) => values.order_type.includes(o)) as OrderType[];
  if (orders.length) criterias.order_type = { list: orders };
  const zones = ZONES.filter((z) => values.zone_list.includes(z)) as Zone[];
  if (zones.length) criterias.zone_list = { list: zones };

  const lists: Partial<Record<ListField, string[]>> = {};
  for (const field of LIST_FIELDS) {
    const mode = values.list_mode[field];
    const given = values[field].trim() !== "";
    if (mode === "keep" || mode === "clear") {
      // A long stored list is kept as the server holds it (never posted back), or cleared.
      if (given) errors[field] = SELECT_RULE_MESSAGES.keptListGiven;
      else if (mode === "keep") lists[field] = stored[field] ?? [];
      continue;
    }
    if (mode === "replace" && !given) {
      errors[field] = SELECT_RULE_MESSAGES.replaceEmpty;
      continue;
    }
    const parsed = field === "product_list" ? parseProductCsv(values[field]) : parsePincodeCsv(values[field]);
    if (!parsed.ok) errors[field] = parsed.message;
    else lists[field] = parsed.list;
  }
  if (lists.product_list?.length) criterias.product_list = { list: lists.product_list };
  const pincodes: { fm?: string[]; lm?: string[] } = {};
  if (lists.fm_list?.length) pincodes.fm = lists.fm_list;
  if (lists.lm_list?.length) pincodes.lm = lists.lm_list;
  if (pincodes.fm || pincodes.lm) criterias.pincode_list = pincodes;

  const weight = ranges(values.weight, "weight", errors);
  if (weight.length) criterias.weight = { list: weight };
  const invoice = ranges(values.invoice, "invoice", errors);
  if (invoice.length) criterias.invoice_value = { list: invoice };
  const lanes = parseLanes(values.lanes, errors);
  if (lanes.length) criterias.lane_list = { list: lanes };

  if (Object.keys(criterias).length === 0 && !Object.keys(errors).some((k) => k !== "name"))
    errors.criteria = SELECT_RULE_MESSAGES.criteria;

  const known = new Set(couriers);
  const selection = (SELECTION_TYPES as readonly string[]).includes(values.selection)
    ? (values.selection as SelectRule["courier"]["courier_selection_rule_type"])
    : null;
  if (!selection) errors.selection = SELECT_RULE_MESSAGES.selection;
  const priority: string[] = [];
  values.priority_list.forEach((n, i) => {
    if (!n) return;
    if (!known.has(n)) errors[`priority_${i}`] = SELECT_RULE_MESSAGES.unknownCourier;
    else if (priority.includes(n)) errors[`priority_${i}`] = SELECT_RULE_MESSAGES.duplicate;
    else priority.push(n);
  });
  if (selection === "priority" && priority.length === 0 && !Object.keys(errors).some((k) => k.startsWith("priority_")))
    errors.priority_0 = SELECT_RULE_MESSAGES.priorityCouriers;
  const blacklist = [...new Set(values.bl_list.filter(Boolean))];
  if (blacklist.some((n) => !known.has(n))) errors.bl_parent = SELECT_RULE_MESSAGES.unknownCourier;

  if (Object.keys(errors).length > 0 || !selection) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    name: values.name,
    criterias,
    courier: {
      courier_selection_rule_type: selection,
      active_parent: selection === "priority" ? priority.map((n, i) => ({ name: n, priority: i + 1 })) : [],
      bl_parent: blacklist,
      ...(selection === "advantage" ? { standard: ADVANTAGE_STANDARD, promise: ADVANTAGE_PROMISE } : {}),
    },
  };
}

/**
 * Lane rows: both ends must be places of LANE_PLACES (else the end's field error, and the
 * save is refused); a row with one end empty is incomplete and dropped (docs/product.md §4); repeats kept once.
 */
export function parseLanes(
  rows: readonly { from: string; to: string }[],
  errors: Record<string, string>,
): { from: string; to: string }[] {
  const kept: { from: string; to: string }[] = [];
  rows.forEach((l, i) => {
    let bad = false;
    for (const end of ["from", "to"] as const)
      if (l[end] && !isLanePlace(l[end])) {
        errors[`lane_${end}_${i}`] = SELECT_RULE_MESSAGES.lanePlace;
        bad = true;
      }
    if (bad || !l.from || !l.to) return;
    if (!kept.some((k) => k.from === l.from && k.to === l.to)) kept.push({ from: l.from, to: l.to });
  });
  return kept;
}

/**
 * Whether Save may be pressed (docs/product.md §5): a name, at least one criterion and a selection type.
 * A chosen CSV file (`listFileChosen`) is a criterion too: it fills its list on the server.
 */
export function selectRuleReady(values: SelectRuleValues, listFileChosen = false): boolean {
  const any =
    listFileChosen ||
    LIST_FIELDS.some((f) => values.list_mode[f] === "keep") ||
    values.service_type.length + values.order_type.length + values.zone_list.length > 0 ||
    [values.product_list, values.fm_list, values.lm_list].some((t) => t.trim() !== "") ||
    [...values.weight, ...values.invoice].some((r) => r.min && r.max) ||
    values.lanes.some((l) => l.from && l.to);
  return values.name.trim() !== "" && any && values.selection !== "";
}

const count = (n: number) => n.toLocaleString("en-IN");

/** One line each for the list's Criteria and Selection columns. */
export function selectRuleSummary(
  rule: Pick<SelectRule, "criterias" | "courier">,
  /** Sizes of the long lists when the caller read only those (the list page never loads 10,000 pincodes per rule). */
  sizes?: { products: number; fm: number; lm: number },
): { criteria: string; selection: string } {
  const c = rule.criterias;
  const n = sizes ?? {
    products: c.product_list?.list.length ?? 0,
    fm: c.pincode_list?.fm?.length ?? 0,
    lm: c.pincode_list?.lm?.length ?? 0,
  };
  const parts: string[] = [];
  if (c.service_type?.list.length) parts.push(`service ${c.service_type.list.join("/")}`);
  if (c.order_type?.list.length) parts.push(`order ${c.order_type.list.join("/")}`);
  if (c.zone_list?.list.length) parts.push(`zones ${c.zone_list.list.join("")}`);
  if (n.products) parts.push(`${count(n.products)} products`);
  if (n.fm) parts.push(`${count(n.fm)} pickup pincodes`);
  if (n.lm) parts.push(`${count(n.lm)} destination pincodes`);
  if (c.weight?.list.length) parts.push(`weight ${c.weight.list.map((r) => `${r.min}–${r.max} kg`).join(", ")}`);
  if (c.invoice_value?.list.length)
    parts.push(`invoice ₹${c.invoice_value.list.map((r) => `${r.min}–${r.max}`).join(", ₹")}`);
  if (c.lane_list?.list.length) parts.push(`lanes ${c.lane_list.list.map((l) => `${l.from} → ${l.to}`).join(", ")}`);
  const k = rule.courier;
  const selection =
    k.courier_selection_rule_type === "priority"
      ? `priority: ${[...k.active_parent]
          .sort((a, b) => a.priority - b.priority)
          .map((p) => p.name)
          .join(" > ")}`
      : k.courier_selection_rule_type === "advantage"
        ? `advantage (standard ${k.standard ?? ADVANTAGE_STANDARD}, promise ${k.promise ?? ADVANTAGE_PROMISE})`
        : k.courier_selection_rule_type;
  return {
    criteria: parts.join("; ") || "none",
    selection: k.bl_parent.length ? `${selection} (blacklist: ${k.bl_parent.join(", ")})` : selection,
  };
}
