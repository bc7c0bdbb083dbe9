/**
 * The rows of Single Search Record (docs/product.md §2) as HTML text (html.ts, decision 012): a page
 * holds 50 orders of ~30 elements each, rendered on every search. Their links are plain anchors
 * (`a.row-link`) that the table's click handler turns into client-side navigations (useRowLinkNavigation),
 * and each Sync Tracking is a button of the page's one Remix form (SYNC_FORM_ID, outside the
 * table; a button's `form` attribute), not a form a row: without JavaScript the browser posts the
 * button's `order`, with it Remix does. Every value is escaped.
 */
import { istDateTimeLabel } from "~/services/clients/dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import type { OrderSearchRow, SellerSearchRow } from "~/services/orders/search.server";
import { isOrderStatus, STATUS_LABELS } from "~/services/orders/status";

import { escapeHtml as e } from "../html";

/** What a row shows of an order: the POCs by name only (the orders view shows no e-mails). */
export type OrderRowView = Omit<OrderSearchRow, "id" | "sales" | "retention" | "ops"> &
  Record<"sales" | "retention" | "ops", { name: string } | null>;

/** The id of the page's Sync Tracking form, which every row's button submits. */
export const SYNC_FORM_ID = "sync-tracking";

const rupees = (v: string) => formatInr(rupeesToPaise(v));
const link = (href: string, text: string, keepScroll = false) =>
  `<a class="action-link row-link" href="${e(href)}"${keepScroll ? " data-keep-scroll" : ""}>${e(text)}</a>`;
const div = (text: string, cls?: string) => `<div${cls ? ` class="${cls}"` : ""}>${text}</div>`;

export function orderRowHtml(o: OrderRowView, chargedHref: (orderId: string) => string): string {
  const status = isOrderStatus(o.current_status) ? STATUS_LABELS[o.current_status] : o.current_status;
  const cod = o.payment_mode === "cod";
  return (
    `<tr data-testid="order-result">` +
    `<td>${link(`/orders/${o.pickrr_order_id}`, o.pickrr_order_id)}${div(e(o.pickrr_tracking_id))}` +
    // The seller's own id, when the order came with one (decision 058).
    `${o.client_order_id ? `<div class="muted" data-testid="client-order-id">Client order ID ${e(o.client_order_id)}</div>` : ""}` +
    // Sync Tracking (docs/product.md §2): a button of the page's one form (SYNC_FORM_ID), posting
    // the order's id to this page's action, which comes back here.
    `<button type="submit" form="${SYNC_FORM_ID}" name="order" value="${e(o.pickrr_order_id)}" class="row-button">Sync Tracking</button>` +
    `${o.last_synced_at ? div(`Synced ${e(istDateTimeLabel(o.last_synced_at))}`, "muted") : ""}</td>` +
    `<td>${div(e(o.courier_name))}${div(e(o.courier_tracking_id ?? ""), "muted")}</td>` +
    `<td>${div(`Placed on ${e(istDateTimeLabel(o.placed_at))}`)}${div(`Picked on ${o.pickup_at ? e(istDateTimeLabel(o.pickup_at)) : "—"}`)}` +
    `${div(`<b>${e(status)}</b>`)}${div(`EDD ${e(o.edd_stamp ?? "")}`)}${o.promise_edd && o.promise_edd !== "None" ? div(`Promise EDD ${e(o.promise_edd)}`) : ""}</td>` +
    `<td>${o.items.map((i) => div(`${e(i.name)} × ${e(i.quantity)} <span class="muted">(${e(i.sku)})</span>`)).join("")}</td>` +
    `<td>${div(`Invoice ${e(rupees(o.invoice_value))}`)}<span class="pay-badge ${cod ? "pay-cod" : "pay-prepaid"}">${cod ? "COD" : "Prepaid"}</span>` +
    `${cod ? div(`COD ${e(rupees(o.cod_amount))}`) : ""}${link(chargedHref(o.pickrr_order_id), "View Charged Weight", true)}</td>` +
    `<td class="wrap-anywhere"><span data-testid="customer-name">${e(o.customer_name)}</span>, <span data-testid="customer-phone">${e(o.customer_phone)}</span>` +
    `${div(`${e(o.customer_address)}, ${e(o.drop_state)} ${e(o.drop_pincode)}`, "muted")}</td>` +
    `<td>${div(`Sales: ${e(o.sales?.name ?? "—")}`)}${div(`Retention: ${e(o.retention?.name ?? "—")}`)}${div(`Ops: ${e(o.ops?.name ?? "—")}`)}</td>` +
    `</tr>`
  );
}

const person = (p: { name: string; email: string } | null) => (p ? `${p.name} (${p.email})` : "—");

export function sellerRowHtml(s: SellerSearchRow): string {
  return (
    `<tr data-testid="seller-result">` +
    `<td>${link(`/all-users/${s.id}`, s.email)}</td><td>${e(person(s.sales))}</td><td>${e(person(s.retention))}</td><td>${e(person(s.ops))}</td>` +
    `</tr>`
  );
}
