/**
 * The header search (docs/product.md §2): which kind of value is searched, its box's
 * placeholder, and the check of what was typed before any query runs.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type Invalid, invalid, type Result } from "../core/result";

export const SEARCH_TYPES = [
  "tracking_id",
  "courier_tracking_id",
  "client_order_id",
  "phone",
  "customer_name",
  "seller_email",
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  tracking_id: "Tracking ID",
  courier_tracking_id: "Courier Tracking ID",
  client_order_id: "Client Order ID",
  phone: "Customer Phone number",
  customer_name: "Customer Name",
  seller_email: "Seller Email",
};

export const SEARCH_PLACEHOLDERS: Record<SearchType, string> = {
  tracking_id: "Search by Tracking ID",
  courier_tracking_id: "Search by Courier Tracking ID",
  client_order_id: "Search by Client Order ID",
  phone: "Search by Customer Phone number",
  customer_name: "Search by Customer Name",
  seller_email: "Search by Seller Email",
};

/** docs/product.md §9: search results page size. */
export const SEARCH_PAGE_SIZE = 50;
/**
 * Orders counted at most (20 pages): a common customer name matches thousands of orders, and
 * counting them all cost more than the page of 50; past this the page says "more than 1,000".
 */
export const SEARCH_COUNT_CAP = 1_000;
export const MAX_SEARCH_LENGTH = 100;
/** The longest client_order_id an order can carry (orders/place-form.ts). */
export const MAX_CLIENT_ORDER_ID_LENGTH = 50;

export type ParsedSearch = Result<{ type: SearchType; value: string }, Invalid>;

export const isSearchType = (t: string): t is SearchType => (SEARCH_TYPES as readonly string[]).includes(t);

/** What was typed, checked for its type; the message says plainly what is wrong. */
export function parseSearch(rawType: string | null, rawQuery: string | null): ParsedSearch {
  const type = rawType && isSearchType(rawType) ? rawType : null;
  if (!type) return invalid("Choose what to search by.");
  const q = (rawQuery ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!q) return invalid(`Enter a ${SEARCH_TYPE_LABELS[type]} to search.`);
  if (q.length > MAX_SEARCH_LENGTH) return invalid(`A search is at most ${MAX_SEARCH_LENGTH} characters.`);
  switch (type) {
    case "tracking_id":
    case "courier_tracking_id":
      if (!/^[A-Za-z0-9-]{4,40}$/.test(q))
        return invalid(`A ${SEARCH_TYPE_LABELS[type]} is 4 to 40 letters, digits or dashes.`);
      return { ok: true, type, value: q.toUpperCase() };
    case "client_order_id":
      // The seller's own id, exactly as it was sent (orders/place-form.ts bounds it to 50 characters).
      if (q.length > MAX_CLIENT_ORDER_ID_LENGTH)
        return invalid(`A Client Order ID is at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters.`);
      return { ok: true, type, value: q };
    case "phone": {
      const digits = q.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, "");
      if (!/^[6-9]\d{9}$/.test(digits)) return invalid("Enter a 10-digit Indian mobile number.");
      return { ok: true, type, value: digits };
    }
    case "customer_name":
      if (q.length < 3) return invalid("Enter at least 3 letters of the customer's name.");
      return { ok: true, type, value: q.toLowerCase() };
    case "seller_email":
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)) return invalid("Enter a valid e-mail address.");
      return { ok: true, type, value: q.toLowerCase() };
  }
}

/** What staff are told of an order they cannot see: the same as of one that does not exist (never a hint). */
export const ORDER_NOT_FOUND = "This order does not exist, or you do not have access to it.";

/** A pickrr order id from a URL or a form ("PO00000001"), or null when it cannot be one. */
export function orderIdOf(raw: string | null | undefined): string | null {
  return raw && /^[A-Z0-9]{1,20}$/.test(raw) ? raw : null;
}

/** Sync Tracking's form (a hidden `order`, docs/product.md §2): the order's id. */
export const syncTrackingSchema = z.object({
  order: z.unknown().transform((raw, ctx) => {
    const id = typeof raw === "string" ? orderIdOf(raw) : null;
    if (id) return id;
    ctx.addIssue({ code: "custom", message: ORDER_NOT_FOUND });
    return z.NEVER;
  }),
});
export const syncTrackingValidator = withZod(syncTrackingSchema);
