/**
 * The Courier Rules tab's URL state (docs/product.md §2 "Courier Rules", §4): which panel shows
 * (custom priority, Pickrr Select, History), and which dialog is open — a custom rule being
 * created (`rule=new`) or edited (`rule=<id>`), or a delete to confirm. Every view is a link.
 */
import { z } from "zod";

import { RULE_CODES, type RuleCode } from "../core/rule-codes";

export const RULE_PANELS = ["custom", "pickrr_select", "history"] as const;
export type RulePanel = (typeof RULE_PANELS)[number];

export const SELECTION_OPTIONS: readonly {
  code: RuleCode;
  key: string;
  label: string;
  help: string;
}[] = [
  {
    code: RULE_CODES.cheapest,
    key: "cheapest",
    label: "Cheapest",
    help: "Each order goes to the cheapest eligible courier.",
  },
  {
    code: RULE_CODES.fastest,
    key: "fastest",
    label: "Fastest",
    help: "Each order goes to the courier with the earliest delivery date.",
  },
  {
    code: RULE_CODES.custom,
    key: "custom",
    label: "Custom",
    help: "Your priority list per service type, zone and order type decides; otherwise the cheapest.",
  },
  {
    code: RULE_CODES.pickrr_select,
    key: "pickrr_select",
    label: "Pickrr Select",
    help: "The first active rule whose criteria match decides; otherwise the cheapest.",
  },
];

const id = z.coerce.number().int().positive();
const rulesViewSchema = z.object({
  panel: z.enum(RULE_PANELS).optional().catch(undefined),
  rule: z
    .union([z.literal("new"), id])
    .optional()
    .catch(undefined),
  delete: id.optional().catch(undefined),
  deleteSelect: id.optional().catch(undefined),
});
export type RulesView = z.infer<typeof rulesViewSchema>;

export function parseRulesView(params: URLSearchParams): RulesView {
  const get = (k: string) => params.get(k) ?? undefined;
  return rulesViewSchema.parse({
    panel: get("panel"),
    rule: get("rule"),
    delete: get("delete"),
    deleteSelect: get("deleteSelect"),
  });
}

/** The panel shown when the URL names none: the one matching the client's selection type. */
export function defaultPanel(code: RuleCode): RulePanel | null {
  return code === RULE_CODES.custom ? "custom" : code === RULE_CODES.pickrr_select ? "pickrr_select" : null;
}

export function rulesHref(clientId: number, view: RulesView = {}): string {
  const params = new URLSearchParams();
  if (view.panel) params.set("panel", view.panel);
  if (view.rule) params.set("rule", String(view.rule));
  if (view.delete) params.set("delete", String(view.delete));
  if (view.deleteSelect) params.set("deleteSelect", String(view.deleteSelect));
  const search = params.toString();
  return `/all-users/${clientId}/courier-rules${search ? `?${search}` : ""}`;
}
