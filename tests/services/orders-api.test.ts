/**
 * POST /api/orders over HTTP, as a seller's system calls it (decision 058): the route's action on
 * a real seeded database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), pointed at it
 * with useAsAppDb. An Idempotency-Key is bound to its order, a client_order_id names one order
 * per client, and number fields take numbers, never true, [1] or {}.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { orders } from "~/services/db/schema";

import { openTestDb, useAsAppDb } from "../support/db";
import { firstClientToken, orderFixture, postOrderBody } from "../support/orders-api";

let h: DbHandle;
let token: string;

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  token = await firstClientToken(h.db);
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

const ORDER = orderFixture("Http Customer");

const post = (body: unknown, headers: Record<string, string> = {}) =>
  postOrderBody(token, JSON.stringify(body), headers);

const ordersNamed = async (...names: string[]) =>
  (await h.db.select({ n: count() }).from(orders).where(inArray(orders.customer_name, names)))[0].n;

describe("POST /api/orders: an Idempotency-Key is bound to its order", () => {
  it("answers the same key with another drop, COD, weight and customer — 422 naming the key", async () => {
    const first = await post(
      { ...ORDER, drop_pincode: "110001", customer_name: "Key Http A" },
      { "Idempotency-Key": "http-k" },
    );
    expect(first.status).toBe(201);
    const second = await post(
      { ...ORDER, drop_pincode: "560001", cod_amount: 9_999, weight: 40, customer_name: "Key Http B" },
      { "Idempotency-Key": "http-k" },
    );
    expect(second.status).toBe(422);
    expect(second.body.err).toContain('Idempotency-Key "http-k"');
    expect(await ordersNamed("Key Http B")).toBe(0);
    // The same body again: the stored answer, byte for byte, and still one order.
    const again = await post(
      { ...ORDER, drop_pincode: "110001", customer_name: "Key Http A" },
      { "Idempotency-Key": "http-k" },
    );
    expect(again).toEqual(first);
    expect(await ordersNamed("Key Http A")).toBe(1);
  });

  it("makes one order of 20 concurrent posts with one key and two bodies; the rest are the stored answer or 422", async () => {
    const bodies = [
      { ...ORDER, customer_name: "Http Burst A" },
      { ...ORDER, customer_name: "Http Burst B", weight: 2 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(bodies[i % 2], { "Idempotency-Key": "http-burst" })),
    );
    expect(await ordersNamed("Http Burst A", "Http Burst B")).toBe(1);
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(10);
    expect(new Set(placed.map((a) => a.body.pickrr_order_id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(10);
  });

  it("binds each order of a batch to its own key (<key>:<index>)", async () => {
    const batch = [
      { ...ORDER, customer_name: "Batch Http 0" },
      { ...ORDER, customer_name: "Batch Http 1" },
    ];
    const first = await post(batch, { "Idempotency-Key": "http-batch" });
    expect(first.status).toBe(200);
    expect(first.body.map((a: { status: number }) => a.status)).toEqual([201, 201]);
    const changed = await post([batch[0], { ...batch[1], weight: 3 }], { "Idempotency-Key": "http-batch" });
    expect(changed.body[0]).toEqual(first.body[0]);
    expect(changed.body[1]).toMatchObject({ status: 422, err: expect.stringContaining('"http-batch:1"') });
  });
});

describe("POST /api/orders: client_order_id", () => {
  it("stores it, and answers a second order with it 409 with the existing order's id", async () => {
    const first = await post({ ...ORDER, client_order_id: "HTTP-SO-1" });
    expect(first.status).toBe(201);
    const [row] = await h.db
      .select({ client_order_id: orders.client_order_id })
      .from(orders)
      .where(eq(orders.pickrr_order_id, first.body.pickrr_order_id));
    expect(row.client_order_id).toBe("HTTP-SO-1");
    const second = await post({ ...ORDER, customer_name: "Http Duplicate", client_order_id: "HTTP-SO-1" });
    expect(second).toEqual({
      status: 409,
      body: {
        err: `An order with client_order_id "HTTP-SO-1" already exists: ${first.body.pickrr_order_id}.`,
        errors: { client_order_id: `client_order_id is already used by order ${first.body.pickrr_order_id}` },
        pickrr_order_id: first.body.pickrr_order_id,
      },
    });
    expect(await ordersNamed("Http Duplicate")).toBe(0);
  });

  it("is unique under 20 concurrent posts without a key: one 201, nineteen 409 with its id", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ ...ORDER, customer_name: `Http Coid ${i}`, client_order_id: "HTTP-SO-BURST" }),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) expect(c.body.pickrr_order_id).toBe(placed[0].body.pickrr_order_id);
    const [{ n }] = await h.db.select({ n: count() }).from(orders).where(eq(orders.client_order_id, "HTTP-SO-BURST"));
    expect(n).toBe(1);
  });
});

describe("POST /api/orders: JSON types", () => {
  it("answers true, [1], {} or 'abc' in a number field 400 naming the field, and places nothing", async () => {
    const before = (await h.db.select({ n: count() }).from(orders))[0].n;
    for (const field of ["weight", "invoice_value", "length", "breadth", "height", "cod_amount"])
      for (const bad of [true, [1], {}, "abc"]) {
        const answer = await post({ ...ORDER, [field]: bad });
        expect(answer, `${field} = ${JSON.stringify(bad)}`).toEqual({
          status: 400,
          body: {
            err: `The order is not valid: ${field}: ${field} must be a number`,
            errors: { [field]: `${field} must be a number` },
          },
        });
      }
    const quantity = await post({ ...ORDER, items: [{ name: "Diya", sku: "D-1", quantity: true }] });
    expect(quantity).toMatchObject({
      status: 400,
      body: { errors: { "items.0.quantity": "items.quantity must be a number" } },
    });
    expect((await h.db.select({ n: count() }).from(orders))[0].n).toBe(before);
  });

  it("accepts numbers written as numeric text, as documented", async () => {
    const answer = await post({ ...ORDER, customer_name: "Http Text Numbers", weight: "0.8", cod_amount: "1200.00" });
    expect(answer.status).toBe(201);
    const [row] = await h.db
      .select({ dead_weight: orders.dead_weight, cod_amount: orders.cod_amount })
      .from(orders)
      .where(eq(orders.customer_name, "Http Text Numbers"));
    expect(row).toEqual({ dead_weight: "0.800", cod_amount: "1200.00" });
  });
});
