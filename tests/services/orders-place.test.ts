/**
 * Placing orders on a real database (decision 023): the courier and charge are the Rate
 * Calculator's, the charge stays frozen, and an Idempotency-Key creates one order however
 * often — or however concurrently — the request is sent.
 */
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { clients, orderRequests, orders, rateRows } from "~/services/db/schema";
import {
  IDEMPOTENCY_KEY_TTL_MS,
  keyReusedMessage,
  ORDER_NUMBERS_AT_ONCE,
  placeOrder,
  purgeExpiredOrderRequests,
} from "~/services/orders/place.server";
import { type OrderRequest, parseOrder } from "~/services/orders/place-form";
import { searchRecords } from "~/services/orders/search.server";
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

  it("makes a new customer's name searchable at once, and a corrected name too (order_customer_names, decision 093)", async () => {
    const vp = { id: 0, role: "vp" as const };
    const names = async () =>
      (
        (
          await h.db.execute(
            sql`select name from order_customer_names where name in ('zarina quddus', 'zarina quddusi') order by name`,
          )
        ).rows as { name: string }[]
      ).map((r) => r.name);
    expect(await names()).toEqual([]);
    const placed = await placeOrder(h.db, clientId, order({ customer_name: "Zarina QUDDUS" }), { now });
    if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
    expect(await names()).toEqual(["zarina quddus"]);
    const found = await searchRecords(h.db, vp, { type: "customer_name", value: "ina qud" });
    expect(found.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : ""))).toEqual([
      placed.body.pickrr_order_id,
    ]);
    await h.db
      .update(orders)
      .set({ customer_name: "Zarina Quddusi" })
      .where(eq(orders.pickrr_order_id, placed.body.pickrr_order_id));
    expect(await names()).toEqual(["zarina quddus", "zarina quddusi"]);
    const corrected = await searchRecords(h.db, vp, { type: "customer_name", value: "quddusi" });
    expect(corrected.total).toBe(1);
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
    expect(
      await placeOrder(h.db, clientId, order({ drop_pincode: "999999" }), { idempotencyKey: "refused-1", now }),
    ).toEqual(refused);
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

const ordersNamed = async (...names: string[]) =>
  (await h.db.select({ n: count() }).from(orders).where(inArray(orders.customer_name, names)))[0].n;

describe("an Idempotency-Key is bound to its order (decision 058)", () => {
  it("answers a different order with a used key 422, naming the key, and creates nothing; the same order gets the stored answer", async () => {
    const first = await placeOrder(h.db, clientId, order({ customer_name: "Key Bound A", drop_pincode: "110001" }), {
      idempotencyKey: "bound-1",
      now,
    });
    expect(first.status).toBe(201);
    const other = order({
      customer_name: "Key Bound B",
      drop_pincode: "560001",
      cod_amount: 9_999,
      weight: 40,
    });
    const reused = await placeOrder(h.db, clientId, other, { idempotencyKey: "bound-1", now });
    expect(reused).toEqual({ status: 422, body: { err: keyReusedMessage("bound-1") } });
    expect(reused.status === 422 && reused.body.err).toContain('"bound-1"');
    expect(await ordersNamed("Key Bound B")).toBe(0);
    const again = await placeOrder(h.db, clientId, order({ customer_name: "Key Bound A", drop_pincode: "110001" }), {
      idempotencyKey: "bound-1",
      now,
    });
    expect(again).toEqual(first);
    expect(await ordersNamed("Key Bound A")).toBe(1);
  });

  it("reads the same order written differently as the same order (the parsed order is fingerprinted)", async () => {
    const a = order({ customer_name: "Same Print", weight: 1.5, customer_phone: "9876543210" });
    const b = order({ customer_phone: "+91 98765 43210", weight: "1.50", customer_name: "Same Print" });
    const first = await placeOrder(h.db, clientId, a, { idempotencyKey: "print-1", now });
    expect(await placeOrder(h.db, clientId, b, { idempotencyKey: "print-1", now })).toEqual(first);
    expect(await ordersNamed("Same Print")).toBe(1);
  });

  it("makes one order of 20 concurrent requests with one key and two bodies: the winner's body gets its answer, the other 422", async () => {
    const bodies = [order({ customer_name: "Burst Body A" }), order({ customer_name: "Burst Body B", weight: 2 })];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(h.db, clientId, bodies[i % 2], { idempotencyKey: "burst-2", now }),
      ),
    );
    expect(await ordersNamed("Burst Body A", "Burst Body B")).toBe(1);
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(placed.length).toBe(10);
    expect(refused.length).toBe(10);
    for (const a of placed) expect(a).toEqual(placed[0]);
    for (const r of refused) expect(r.body).toEqual({ err: keyReusedMessage("burst-2") });
    // The refused are all of one body, the placed all of the other.
    const placedIdx = answers.map((a, i) => (a.status === 201 ? i % 2 : -1)).filter((x) => x >= 0);
    expect(new Set(placedIdx).size).toBe(1);
  });

  it("keeps a key for IDEMPOTENCY_KEY_TTL_MS: within it another order is refused, after it the key places a new order", async () => {
    const first = await placeOrder(h.db, clientId, order({ customer_name: "Expiry A" }), {
      idempotencyKey: "expiry-1",
      now,
    });
    expect(first.status).toBe(201);
    const justBefore = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1000);
    expect(
      (
        await placeOrder(h.db, clientId, order({ customer_name: "Expiry B" }), {
          idempotencyKey: "expiry-1",
          now: justBefore,
        })
      ).status,
    ).toBe(422);
    expect(
      await placeOrder(h.db, clientId, order({ customer_name: "Expiry A" }), {
        idempotencyKey: "expiry-1",
        now: justBefore,
      }),
    ).toEqual(first);
    const after = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    const fresh = await placeOrder(h.db, clientId, order({ customer_name: "Expiry B" }), {
      idempotencyKey: "expiry-1",
      now: after,
    });
    expect(fresh.status).toBe(201);
    expect(fresh.status === 201 && first.status === 201 && fresh.body.pickrr_order_id).not.toBe(
      first.status === 201 && first.body.pickrr_order_id,
    );
    expect(await ordersNamed("Expiry B")).toBe(1);
    // From then on the key is the new order's.
    expect(
      await placeOrder(h.db, clientId, order({ customer_name: "Expiry B" }), {
        idempotencyKey: "expiry-1",
        now: after,
      }),
    ).toEqual(fresh);
  });

  it("deletes expired keys, and only those", async () => {
    const at = new Date("2026-12-20T00:00:00Z");
    await h.db.insert(orderRequests).values([
      {
        client_id: clientId,
        idempotency_key: "purge-old",
        fingerprint: "x",
        created_at: new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS - 1),
      },
      {
        client_id: clientId,
        idempotency_key: "purge-young",
        fingerprint: "x",
        created_at: new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS + 60_000),
      },
    ]);
    expect(await purgeExpiredOrderRequests(h.db, at)).toBeGreaterThanOrEqual(1);
    const left = await h.db
      .select({ key: orderRequests.idempotency_key })
      .from(orderRequests)
      .where(inArray(orderRequests.idempotency_key, ["purge-old", "purge-young"]));
    expect(left).toEqual([{ key: "purge-young" }]);
    const [{ stale }] = (
      await h.db.execute(
        sql`select count(*)::int as stale from order_requests where created_at < ${new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString()}`,
      )
    ).rows as { stale: number }[];
    expect(stale).toBe(0);
  });
});

describe("a seller's client_order_id (decision 058)", () => {
  it("is stored, shown by the Client Order ID search, and a second order with it is a 409 naming the first", async () => {
    const first = await placeOrder(h.db, clientId, order({ customer_name: "Coid First", client_order_id: "SO-1001" }), {
      now,
    });
    if (first.status !== 201) throw new Error(JSON.stringify(first.body));
    const [row] = await h.db
      .select({ client_order_id: orders.client_order_id })
      .from(orders)
      .where(eq(orders.pickrr_order_id, first.body.pickrr_order_id));
    expect(row.client_order_id).toBe("SO-1001");
    const second = await placeOrder(
      h.db,
      clientId,
      order({ customer_name: "Coid Second", client_order_id: "SO-1001" }),
      {
        now,
      },
    );
    expect(second).toEqual({
      status: 409,
      body: {
        err: `An order with client_order_id "SO-1001" already exists: ${first.body.pickrr_order_id}.`,
        errors: { client_order_id: `client_order_id is already used by order ${first.body.pickrr_order_id}` },
        pickrr_order_id: first.body.pickrr_order_id,
      },
    });
    expect(await ordersNamed("Coid Second")).toBe(0);
    const found = await searchRecords(h.db, { id: 0, role: "vp" }, { type: "client_order_id", value: "SO-1001" });
    expect(found.kind).toBe("orders");
    expect(found.rows.map((r) => ("pickrr_order_id" in r ? [r.pickrr_order_id, r.client_order_id] : []))).toEqual([
      [first.body.pickrr_order_id, "SO-1001"],
    ]);
  });

  it("is unique per client: other clients may use the same id, and orders without one are many", async () => {
    const others = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(isNotNull(clients.auth_token), sql`${clients.id} <> ${clientId}`))
      .orderBy(clients.id)
      .limit(5);
    expect((await placeOrder(h.db, clientId, order({ client_order_id: "SO-SHARED" }), { now })).status).toBe(201);
    // (A client may refuse for its own reasons — legal, no courier on the lane — never for this id.)
    const elsewhere = await Promise.all(
      others.map((c) => placeOrder(h.db, c.id, order({ client_order_id: "SO-SHARED" }), { now })),
    );
    expect(elsewhere.some((a) => a.status === 201)).toBe(true);
    for (const a of elsewhere) expect(a.status === 201 ? undefined : a.body.errors?.client_order_id).toBeUndefined();
    const plain = await Promise.all(
      [1, 2].map(() => placeOrder(h.db, clientId, order({ customer_name: "No Coid" }), { now })),
    );
    expect(plain.map((a) => a.status)).toEqual([201, 201]);
  });

  it("makes one order of 20 concurrent posts with the same client_order_id: the others are 409 with its id", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(h.db, clientId, order({ customer_name: `Coid Burst ${i}`, client_order_id: "SO-BURST" }), { now }),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    const id = placed[0].status === 201 ? placed[0].body.pickrr_order_id : "";
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) expect(c.body).toMatchObject({ pickrr_order_id: id });
    const [{ n }] = await h.db.select({ n: count() }).from(orders).where(eq(orders.client_order_id, "SO-BURST"));
    expect(n).toBe(1);
  });

  it("with keys: a new key with a used client_order_id is a 409 (kept for that key); the first key still answers its order", async () => {
    const first = await placeOrder(h.db, clientId, order({ client_order_id: "SO-KEYED" }), {
      idempotencyKey: "coid-k1",
      now,
    });
    expect(first.status).toBe(201);
    const second = await placeOrder(h.db, clientId, order({ client_order_id: "SO-KEYED" }), {
      idempotencyKey: "coid-k2",
      now,
    });
    expect(second.status).toBe(409);
    expect(
      await placeOrder(h.db, clientId, order({ client_order_id: "SO-KEYED" }), { idempotencyKey: "coid-k2", now }),
    ).toEqual(second);
    expect(
      await placeOrder(h.db, clientId, order({ client_order_id: "SO-KEYED" }), { idempotencyKey: "coid-k1", now }),
    ).toEqual(first);
  });

  it("is found through its index, not a scan of the order book", async () => {
    const plan = (await h.db.execute(sql`explain select id from orders where client_order_id = 'SO-1001'`)).rows.map(
      (r) => Object.values(r as Record<string, string>)[0],
    );
    // On PostgreSQL each month's copy of the index (decision 085: the book is partitioned), and no
    // scan but of the empty months ahead (cost 0).
    expect(plan.join("\n")).toMatch(
      /Index (Only )?Scan using orders_(\d{4}_\d{2}_client_order_id_client_id|client_order_id)_idx/,
    );
    expect(plan.filter((line) => /Seq Scan/.test(line) && !/cost=0\.00\.\.0\.00 /.test(line))).toEqual([]);
  });
});
