/** The client rate card screen's URL state: which tab, show all couriers, which row is being edited, which advantage plan. */
import { z } from "zod";

import { ADVANTAGE_PLAN_TYPES, type AdvantagePlanType } from "../core/plans";

export const CARD_TABS = ["forward", "reverse", "rto", "advantage"] as const;
export type CardTab = (typeof CARD_TABS)[number];

const schema = z.object({
  tab: z.enum(CARD_TABS).catch("forward"),
  all: z.literal("1").optional().catch(undefined),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  plan: z.enum(ADVANTAGE_PLAN_TYPES).optional().catch(undefined),
  layout: z.literal("panels").optional().catch(undefined),
});

/**
 * `plan` (the Pickrr Advantage Basic / Premium sub-tab) is null when the URL does not say.
 * `panels`: a client whose card was uploaded is shown as one list (docs/product.md §2); this asks for the
 * slab panels instead.
 */
export type RateCardView = {
  tab: CardTab;
  showAll: boolean;
  editRowId: number | null;
  plan: AdvantagePlanType | null;
  panels?: boolean;
};

export function parseRateCardView(params: URLSearchParams): RateCardView {
  const v = schema.parse({
    tab: params.get("tab") ?? undefined,
    all: params.get("all") ?? undefined,
    edit: params.get("edit") ?? undefined,
    plan: params.get("plan") ?? undefined,
    layout: params.get("layout") ?? undefined,
  });
  return {
    tab: v.tab,
    showAll: v.all === "1",
    editRowId: v.edit ?? null,
    plan: v.plan ?? null,
    panels: v.layout === "panels",
  };
}

/** A link to a view, leaving defaults out. The plan sub-tab only travels with the advantage tab. */
export function rateCardViewSearch(view: RateCardView, patch: Partial<RateCardView> = {}): string {
  const next = { ...view, ...patch };
  const p = new URLSearchParams();
  if (next.tab !== "forward") p.set("tab", next.tab);
  if (next.tab === "advantage" && next.plan) p.set("plan", next.plan);
  if (next.showAll) p.set("all", "1");
  if (next.panels && next.tab !== "advantage") p.set("layout", "panels");
  if (next.editRowId) p.set("edit", String(next.editRowId));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * Back from a dialog to the page it opened over (`/rate-card/weight-slab?row=…` → the card,
 * `/rate-card/advantage/plan?plan=…` → the Pickrr Advantage tab): the dialog's URL less its
 * last segment, keeping the page's view and dropping the dialog's own parameters.
 */
export function rateCardHref(clientId: number | string, url: URL, dialogParams: readonly string[] = []): string {
  const keep = new URLSearchParams(url.search);
  for (const p of dialogParams) keep.delete(p);
  const s = keep.toString();
  const parent = url.pathname.replace(/\/[^/]+\/?$/, "");
  const page = parent.startsWith(`/all-users/${clientId}/rate-card`) ? parent : `/all-users/${clientId}/rate-card`;
  return `${page}${s ? `?${s}` : ""}`;
}

/** The Pickrr Advantage tab's own URL (it was `/rate-card?tab=advantage&plan=…`). */
export function advantageHref(
  clientId: number | string,
  view: { plan: AdvantagePlanType | null; editRowId?: number | null },
): string {
  const p = new URLSearchParams();
  if (view.plan) p.set("plan", view.plan);
  if (view.editRowId) p.set("edit", String(view.editRowId));
  const s = p.toString();
  return `/all-users/${clientId}/rate-card/advantage${s ? `?${s}` : ""}`;
}

/**
 * Where an old `?tab=advantage` link now lives: the card itself, its History dialog and the
 * plan switch dialog (`/rate-card/advantage-plan`) moved under `/rate-card/advantage`. Null
 * for every other URL.
 */
export function movedAdvantageHref(url: URL): string | null {
  if (url.searchParams.get("tab") !== "advantage") return null;
  const m = /^(\/all-users\/[^/]+\/rate-card)(\/history|\/advantage-plan)?\/?$/.exec(url.pathname);
  if (!m) return null;
  const keep = new URLSearchParams(url.search);
  keep.delete("tab");
  const s = keep.toString();
  const dialog = m[2] === "/advantage-plan" ? "/plan" : (m[2] ?? "");
  return `${m[1]}/advantage${dialog}${s ? `?${s}` : ""}`;
}
