import { describe, expect, it } from "vitest";

import { orderRowHtml, type OrderRowView, sellerRowHtml } from "./search-rows";

const order: OrderRowView = {
  pickrr_order_id: "PK0000104729",
  pickrr_tracking_id: "PKT000104729",
  courier_tracking_id: "BD1234567",
  courier_name: "Blue Dart",
  placed_at: new Date("2026-11-20T04:30:00Z"),
  pickup_at: null,
  current_status: "in_transit",
  edd_stamp: "2026-11-24",
  promise_edd: "None",
  items: [
    { name: "Cotton Kurta", sku: "SKU-1", quantity: 2 },
    { name: "Dupatta <silk>", sku: "SKU-2", quantity: 1 },
  ],
  invoice_value: "1299.50",
  payment_mode: "cod",
  cod_amount: "1299.50",
  customer_name: `Asha "Rao" <script>alert(1)</script>`,
  customer_phone: "9876543210",
  customer_address: "12, MG Road & Co",
  drop_state: "Karnataka",
  drop_pincode: 560001,
  last_synced_at: null,
  sales: { name: "Ravi Kumar" },
  retention: null,
  ops: { name: "Meera Iyer" },
} as OrderRowView;

const charged = (id: string) => `/single-search-record?type=phone&q=98&charged=${id}`;

describe("order search rows as HTML", () => {
  it("shows every column the spec lists, with its values escaped", () => {
    const html = orderRowHtml(order, charged);
    expect(html.startsWith(`<tr data-testid="order-result">`)).toBe(true);
    expect(html.match(/<td[ >]/g)).toHaveLength(7);
    expect(html).toContain(`<a class="action-link row-link" href="/orders/PK0000104729">PK0000104729</a>`);
    expect(html).toContain("Placed on 20 Nov 2026, 10:00");
    expect(html).toContain("Picked on —");
    expect(html).toContain("<b>In transit</b>");
    expect(html).not.toContain("Promise EDD");
    expect(html).toContain("Cotton Kurta × 2");
    expect(html).toContain("Dupatta &lt;silk&gt; × 1");
    expect(html).toContain(`<span class="pay-badge pay-cod">COD</span>`);
    expect(html).toContain("COD ₹1,299.50");
    expect(html).toContain(
      `href="/single-search-record?type=phone&amp;q=98&amp;charged=PK0000104729" data-keep-scroll>View Charged Weight</a>`,
    );
    expect(html).toContain(
      `<span data-testid="customer-name">Asha &quot;Rao&quot; &lt;script&gt;alert(1)&lt;/script&gt;</span>`,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("12, MG Road &amp; Co, Karnataka 560001");
    expect(html).toContain("Sales: Ravi Kumar</div><div>Retention: —</div><div>Ops: Meera Iyer");
    // Sync Tracking: a button of the page's one form posting the order's id back to this page; no sync yet, so no time.
    expect(html).toContain(
      `<button type="submit" form="sync-tracking" name="order" value="PK0000104729" class="row-button">Sync Tracking</button>`,
    );
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Synced ");
  });

  it("shows the seller's client order id under the tracking id when the order has one", () => {
    expect(orderRowHtml(order, charged)).not.toContain("client-order-id");
    expect(orderRowHtml({ ...order, client_order_id: "SO-<1>" }, charged)).toContain(
      `<div>PKT000104729</div><div class="muted" data-testid="client-order-id">Client order ID SO-&lt;1&gt;</div>`,
    );
  });

  it("shows a prepaid order without a COD value, and a promise EDD when there is one", () => {
    const html = orderRowHtml(
      { ...order, payment_mode: "prepaid", promise_edd: "2026-11-23", pickup_at: new Date("2026-11-21T06:00:00Z") },
      charged,
    );
    expect(html).toContain(`<span class="pay-badge pay-prepaid">Prepaid</span>`);
    expect(html).not.toContain("COD ₹");
    expect(html).toContain("Promise EDD 2026-11-23");
    expect(html).toContain("Picked on 21 Nov 2026, 11:30");
    expect(orderRowHtml({ ...order, last_synced_at: new Date("2026-11-26T12:00:00Z") }, charged)).toContain(
      `<div class="muted">Synced 26 Nov 2026, 17:30</div>`,
    );
  });

  it("shows a seller with its POCs by name and e-mail, linked to the client", () => {
    const html = sellerRowHtml({
      id: 12,
      email: "o'brien@shop.test",
      name: "O'Brien",
      sales: { id: 1, name: "Ravi", email: "ravi@demo.test" },
      retention: null,
      ops: null,
    });
    expect(html).toBe(
      `<tr data-testid="seller-result"><td><a class="action-link row-link" href="/all-users/12">o&#x27;brien@shop.test</a></td><td>Ravi (ravi@demo.test)</td><td>—</td><td>—</td></tr>`,
    );
  });
});
