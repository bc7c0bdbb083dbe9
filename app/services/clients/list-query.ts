/** The All Users list's URL state (search, sort, page), parsed once for loader and links. */
import { z } from "zod";

import { boundedString, TEXT_LIMITS } from "../core/text-input";

export const CLIENT_SORT_KEYS = ["name", "company_name", "email", "phone_number", "date_joined"] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const querySchema = z.object({
  // A search with control characters never gets here (refuseControlCharacters answers 400).
  q: boundedString(TEXT_LIMITS.search).trim().catch(""),
  sort: z.enum(CLIENT_SORT_KEYS).catch("date_joined"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).catch(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(25),
});

export type ClientListQuery = z.infer<typeof querySchema>;

export function parseClientListQuery(params: URLSearchParams): ClientListQuery {
  return querySchema.parse({
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
    page: params.get("page") ?? undefined,
    perPage: params.get("perPage") ?? undefined,
  });
}

/** Search params for a list view, leaving out defaults so links stay short. */
export function clientListSearch(query: ClientListQuery, patch: Partial<ClientListQuery> = {}): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "date_joined") params.set("sort", next.sort);
  if (next.dir !== "desc") params.set("dir", next.dir);
  if (next.page !== 1) params.set("page", String(next.page));
  if (next.perPage !== 25) params.set("perPage", String(next.perPage));
  const s = params.toString();
  return s ? `?${s}` : "";
}
