/** Legal Status's view in the URL (decision 028): `?status=1|0&q=…&page=N`. Pure. */
import { z } from "zod";

import { boundedString, TEXT_LIMITS } from "../core/text-input";
import type { AgreementStatus } from "./forms";

export type StatusView = { status: AgreementStatus | null; q: string; page: number };

const schema = z.object({
  status: z.enum(["1", "0"]).nullable().catch(null),
  q: boundedString(TEXT_LIMITS.search).trim().catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseStatusView(params: URLSearchParams): StatusView {
  return schema.parse({ status: params.get("status"), q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}

/** The search string for a view (defaults left out), with `over` applied. */
export function statusSearch(view: StatusView, over: Partial<StatusView> = {}): string {
  const v = { ...view, ...over };
  const p = new URLSearchParams();
  if (v.status) p.set("status", v.status);
  if (v.q) p.set("q", v.q);
  if (v.page > 1) p.set("page", String(v.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
