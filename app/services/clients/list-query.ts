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

/** The All Users page at a view, with a patch applied. */
export function clientListHref(query: ClientListQuery, patch: Partial<ClientListQuery> = {}): string {
  return `/all-users${clientListSearch(query, patch)}`;
}

/** The Register New User dialog over the list as it is (`?register=1` after the view's own params). */
export function registerClientHref(query: ClientListQuery): string {
  const search = clientListSearch(query);
  return `/all-users${search ? `${search}&` : "?"}register=1`;
}

export type ColumnSort = {
  /** The header's `aria-sort`. */
  ariaSort: "ascending" | "descending" | "none";
  /** The arrow shown beside the label: the current direction on the sorted column, none elsewhere. */
  arrow: "asc" | "desc" | null;
  /** A click sorts by the column, ascending first; on the sorted column it flips the direction. Back to page 1. */
  href: string;
};

/** A sortable column header's state and link for a view. */
export function columnSort(query: ClientListQuery, key: ClientSortKey): ColumnSort {
  const active = query.sort === key;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  return {
    ariaSort: active ? (query.dir === "asc" ? "ascending" : "descending") : "none",
    arrow: active ? query.dir : null,
    href: clientListHref(query, { sort: key, dir: nextDir, page: 1 }),
  };
}

/** What the table says when it has no rows: no match for a search, or no clients at all. */
export function emptyClientsMessage(q: string): string {
  return q ? `No clients match “${q}”.` : "No clients yet. Register the first one.";
}
