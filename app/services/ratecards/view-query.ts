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
});

/** `plan` (the Pickrr Advantage Basic / Premium sub-tab) is null when the URL does not say. */
export type RateCardView = { tab: CardTab; showAll: boolean; editRowId: number | null; plan: AdvantagePlanType | null };

export function parseRateCardView(params: URLSearchParams): RateCardView {
  const v = schema.parse({
    tab: params.get("tab") ?? undefined,
    all: params.get("all") ?? undefined,
    edit: params.get("edit") ?? undefined,
    plan: params.get("plan") ?? undefined,
  });
  return { tab: v.tab, showAll: v.all === "1", editRowId: v.edit ?? null, plan: v.plan ?? null };
}

/** A link to a view, leaving defaults out. The plan sub-tab only travels with the advantage tab. */
export function rateCardViewSearch(view: RateCardView, patch: Partial<RateCardView> = {}): string {
  const next = { ...view, ...patch };
  const p = new URLSearchParams();
  if (next.tab !== "forward") p.set("tab", next.tab);
  if (next.tab === "advantage" && next.plan) p.set("plan", next.plan);
  if (next.showAll) p.set("all", "1");
  if (next.editRowId) p.set("edit", String(next.editRowId));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * Back to the client's rate card from one of its dialogs (`/rate-card/weight-slab?row=…`),
 * keeping the card's view and dropping the dialog's own parameters.
 */
export function rateCardHref(clientId: number | string, url: URL, dialogParams: readonly string[] = []): string {
  const keep = new URLSearchParams(url.search);
  for (const p of dialogParams) keep.delete(p);
  const s = keep.toString();
  return `/all-users/${clientId}/rate-card${s ? `?${s}` : ""}`;
}
