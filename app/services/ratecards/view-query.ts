/** The client rate card screen's URL state: which tab, show all couriers, which row is being edited. */
import { z } from "zod";

export const CARD_TABS = ["forward", "reverse", "rto", "advantage"] as const;
export type CardTab = (typeof CARD_TABS)[number];

const schema = z.object({
  tab: z.enum(CARD_TABS).catch("forward"),
  all: z.literal("1").optional().catch(undefined),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
});

export type RateCardView = { tab: CardTab; showAll: boolean; editRowId: number | null };

export function parseRateCardView(params: URLSearchParams): RateCardView {
  const v = schema.parse({ tab: params.get("tab") ?? undefined, all: params.get("all") ?? undefined, edit: params.get("edit") ?? undefined });
  return { tab: v.tab, showAll: v.all === "1", editRowId: v.edit ?? null };
}

/** A link to a view, leaving defaults out. */
export function rateCardViewSearch(view: RateCardView, patch: Partial<RateCardView> = {}): string {
  const next = { ...view, ...patch };
  const p = new URLSearchParams();
  if (next.tab !== "forward") p.set("tab", next.tab);
  if (next.showAll) p.set("all", "1");
  if (next.editRowId) p.set("edit", String(next.editRowId));
  const s = p.toString();
  return s ? `?${s}` : "";
}
