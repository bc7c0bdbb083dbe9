/**
 * Placing orders on a real database (decision 023): the courier and charge are the Rate
 * Calculator's, the charge stays frozen, and an Idempotency-Key creates one order however
 * often — or however concurrently — the request is sent.
 */
import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { clients, orders, rateRows } from "~/services/db/schema";
import { ORDER_NUMBERS_AT_ONCE, placeOrder } from "~/services/orders/place.server";
import { type OrderRequest, parseOrder } from "~/services/orders/place-form";
import { parseCalculator } from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
let clientId: number;
const now = new Date("2026-11-20T06:00:00Z");

function order(extra: Partial<Record<string, unknown>> = {}): OrderRequest {
  const parsed = parseOrder({
    pickup_pincode: "110001",
    drop_pincode: "560001",
    payment_mode: "cod",
    cod_amount: 899,
    invoice_value: 899,
    weight: 1.2,
    length: 20,
    breadth: 15,
    height: 10,
    items: [{ name: "Kurta", sku: "K-1", quantity: 2 }],
    customer_name: "Priya Sharma",
    customer_phone: "9876543210",
    customer_address: "12 MG Road, Bengaluru",
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.order;
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [c] = await h.db
    .select({ id: clients.id })
    .from(clients)
    .where(isNotNull(clients.auth_token))
    .orderBy(clients.id)
    .limit(1);
  clientId = c.id;
});
afterAll(() => h?.close());

describe("placing an order", () => {
  it("allocates and charges exactly as the Rate Calculator quotes, and keeps the charge after a rate edit", async () => {
    const placed = await placeOrder(h.db, clientId, order(), { now });
    expect(placed.status).toBe(201);
    if (placed.status !== 201) return;
    const calc = parseCalculator({
      shipment_type: "forward",
      pickup_pincode: "110001",
      drop_pincode: "560001",
      delivery_mode: "express",
      length: "20",
      breadth: "15",
      height: "10",
      weight: "1.2",
      payment_mode: "cod",
      cod_amount: "899",
      invoice_value: "899",
      product_names: "Kurta",
    });
    if (!calc.ok) throw new Error("calculator input");
    const q = await quoteForClient(h.db, clientId, calc.input, now);
    if (!q.ok) throw new Error(q.message);
    const entry = q.quote.rate_list.find((r) => r.courier_id === q.quote.selected_courier_id)!;
    expect(placed.body.courier).toBe(entry.courier);
    expect(placed.body.edd_stamp).toBe(entry.edd_stamp);
    expect(placed.body.charged_amount).toBe(
      (
        (entry.base_price +
          entry.additional_price_multiplier * entry.additional_price +
          entry.cod_charge +
          entry.surcharge) /
        100
      ).toFixed(2),
    );
    const [row] = await h.db.select().from(orders).where(eq(orders.pickrr_order_id, placed.body.pickrr_order_id));
    expect(row).toMatchObject({
      client_id: clientId,
      current_status: "placed",
      charged_amount: placed.body.charged_amount,
      customer_phone: "9876543210",
    });
    await h.db
      .update(rateRows)
      .set({ zone_c_base: "777.00", zone_d_base: "777.00" })
      .where(eq(rateRows.client_id, clientId));
    const [after] = await h.db
      .select({ charge: orders.charge, charged_amount: orders.charged_amount })
      .from(orders)
      .where(eq(orders.id, row.id));
    expect(after).toEqual({ charge: row.charge, charged_amount: row.charged_amount });
  });

  it("returns the first answer to a retry with the same Idempotency-Key, and creates one order", async () => {
    const first = await placeOrder(h.db, clientId, order({ customer_name: "Retry Once" }), {
      idempotencyKey: "retry-1",
      now,
    });
    const second = await placeOrder(h.db, clientId, order({ customer_name: "Retry Once" }), {
      idempotencyKey: "retry-1",
      now,
    });
    expect(second).toEqual(first);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.client_id, clientId), eq(orders.customer_name, "Retry Once")));
    expect(n).toBe(1);
  });

  it("creates one order from 20 concurrent requests with the same key", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(h.db, clientId, order({ customer_name: "Twenty At Once" }), { idempotencyKey: "burst-1", now }),
      ),
    );
    const ids = new Set(answers.map((a) => (a.status === 201 ? a.body.pickrr_order_id : "refused")));
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).toMatch(/^PA\d{8}$/);
    const [{ n }] = await h.db.select({ n: count() }).from(orders).where(eq(orders.customer_name, "Twenty At Once"));
    expect(n).toBe(1);
  });

  it("stores the same order with a key as without one (one transaction claims the key and places), and keeps a refusal's answer for the retry", async () => {
    const plain = await placeOrder(h.db, clientId, order({ customer_name: "Same Order" }), { now });
    const keyed = await placeOrder(h.db, clientId, order({ customer_name: "Same Order" }), {
      idempotencyKey: "same-1",
      now,
    });
    if (plain.status !== 201 || keyed.status !== 201) throw new Error("not placed");
    const ids = (b: typeof plain.body) => ({ ...b, pickrr_order_id: "", pickrr_tracking_id: "" });
    expect(ids(keyed.body)).toEqual(ids(plain.body));
    const rows = await h.db.select().from(orders).where(eq(orders.customer_name, "Same Order")).orderBy(orders.id);
    expect(rows).toHaveLength(2);
    const comparable = ({
      id,
      pickrr_order_id,
      pickrr_tracking_id,
      courier_tracking_id,
      ...rest
    }: (typeof rows)[number]) => rest;
    expect(comparable(rows[1])).toEqual(comparable(rows[0]));
    const refused = await placeOrder(h.db, clientId, order({ drop_pincode: "999999" }), {
      idempotencyKey: "refused-1",
      now,
    });
    expect(refused.status).toBe(400);
    expect(await placeOrder(h.db, clientId, order(), { idempotencyKey: "refused-1", now })).toEqual(refused);
  });

  it("numbers concurrent orders uniquely, past one batch of numbers, and a second database numbers from its own sequence", async () => {
    const n = ORDER_NUMBERS_AT_ONCE * 2 + 3;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        placeOrder(h.db, clientId, order({ customer_name: `Numbered ${i}` }), { now }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const ids = answers.map((a) => (a.status === 201 ? a.body.pickrr_order_id : ""));
    expect(new Set(ids).size).toBe(n);
    expect(new Set(answers.map((a) => (a.status === 201 ? a.body.pickrr_tracking_id : ""))).size).toBe(n);
    const other = await openTestDb({ seeded: true });
    try {
      const [c] = await other.db
        .select({ id: clients.id })
        .from(clients)
        .where(isNotNull(clients.auth_token))
        .orderBy(clients.id)
        .limit(1);
      const first = await placeOrder(other.db, c.id, order(), { now });
      // The other database's first number is its own sequence's first, not one of this one's.
      expect(first.status === 201 && first.body.pickrr_order_id).toBe("PA00000001");
    } finally {
      await other.close();
    }
  });

  it("refuses an unknown pincode with the field named, and creates nothing", async () => {
    const before = await h.db.select({ n: count() }).from(orders);
    const answer = await placeOrder(h.db, clientId, order({ drop_pincode: "999999" }), { now });
    expect(answer).toMatchObject({ status: 400, body: { errors: { drop_pincode: expect.any(String) } } });
    expect(await h.db.select({ n: count() }).from(orders)).toEqual(before);
  });
});
