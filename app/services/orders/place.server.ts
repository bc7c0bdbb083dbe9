/**
 * Placing an order (decision 023): the Rate Calculator's engine quotes it and allocates the courier
 * by the client's own selection rules, the charge is frozen on the order, and a tracking id is
 * assigned. An Idempotency-Key makes a retry return the first answer and create nothing new; the
 * key is bound to its order, and a seller's client_order_id names one order (decision 058).
 */
import { createHash } from "node:crypto";

import { and, eq, inArray, lt, sql } from "drizzle-orm";

import { fail, type Failure, type FieldErrors, type Invalid, type Result } from "../core/result";
import { logServerError } from "../core/server-log";
import type { Db, Tx } from "../db/client.server";
import { orderNumberSeq, orderRequests, orders } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { legalOrderGate } from "../legal/seller.server";
import { NO_COURIER_MESSAGE } from "../quote/allocation";
import { overLimitsRefusal } from "../quote/limits";
import { quoteForClient } from "../quote/quote.server";
import { awbPrefix, frozenCharge, padNumber } from "./charge";
import { canonicalOrder, type OrderRequest, quoteInputOf } from "./place-form";
import { addPlacedOrderToRollups } from "./rollups.server";

export type Placed = {
  pickrr_order_id: string;
  pickrr_tracking_id: string;
  courier: string;
  edd_stamp: string;
  charged_amount: string;
};
/** A refusal: `{ err, errors }`; a 409 for a client_order_id already used also names that order (`pickrr_order_id`). */
export type Refusal = { err: string; errors?: Record<string, string>; pickrr_order_id?: string };
export type PlaceAnswer = { status: 201; body: Placed } | { status: 400 | 409 | 422; body: Refusal };

/**
 * How long an Idempotency-Key is kept (decision 058; docs/api.md §2): a retry within
 * a day gets the first answer; after that the key is free, and a request with it is a new order.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The answer to a key sent again with another order. */
export const keyReusedMessage = (key: string) =>
  `Idempotency-Key "${key}" was already used for a different order; send a new key for a new order.`;

/** The answer to a second order with a client_order_id the client already used. */
export const clientOrderIdTaken = (clientOrderId: string, pickrrOrderId: string): PlaceAnswer => ({
  status: 409,
  body: {
    err: `An order with client_order_id "${clientOrderId}" already exists: ${pickrrOrderId}.`,
    errors: { client_order_id: `client_order_id is already used by order ${pickrrOrderId}` },
    pickrr_order_id: pickrrOrderId,
  },
});

/** The fingerprint an Idempotency-Key is bound to: sha256 of the order as parsed (decision 058). */
export function orderFingerprint(o: OrderRequest): string {
  return createHash("sha256").update(canonicalOrder(o)).digest("hex");
}

/**
 * The legal team's rule (decision 028): a mandatory document not accepted by its expiry date refuses
 * the seller's new orders, unless the seller is on legal's Blocked Users list.
 */
export async function assertClientMayPlaceOrders(
  tx: Db | Tx,
  clientId: number,
  now = new Date(),
): Promise<Result<{}, Failure<409>>> {
  return legalOrderGate(tx, clientId, now);
}

type Quoted = Result<
  {
    entry: NonNullable<ReturnType<typeof findSelected>>;
    quote: Extract<Awaited<ReturnType<typeof quoteForClient>>, { ok: true }>["quote"];
  },
  Invalid<{ fieldErrors: FieldErrors }> | Failure<422>
>;

/** A refusal as the order API's documented answer: `{ err, errors }` (decision 023). */
const refusedAnswer = (f: Failure & { fieldErrors?: FieldErrors }): PlaceAnswer => ({
  status: f.status as 400 | 409 | 422,
  body: { err: f.message, ...(f.fieldErrors ? { errors: f.fieldErrors } : {}) },
});

const findSelected = (quote: Extract<Awaited<ReturnType<typeof quoteForClient>>, { ok: true }>["quote"]) =>
  quote.rate_list.find((r) => r.courier_id === quote.selected_courier_id);

/** The order's quote by the Rate Calculator's engine (cached quote data, decision 008), or the answer that refuses it. */
async function quoteOrder(db: Db, clientId: number, o: OrderRequest, now: Date): Promise<Quoted> {
  const q = await quoteForClient(db, clientId, quoteInputOf(o), now);
  if (!q.ok) return q;
  const entry = findSelected(q.quote);
  // Nothing else could take it but for the package limits: the refusal names them (decision 071).
  if (!entry && q.quote.rate_list.length === 0 && q.quote.over_limits.length > 0)
    return fail(422, overLimitsRefusal(q.quote.over_limits));
  if (!entry) return fail(422, NO_COURIER_MESSAGE);
  return { ok: true, entry, quote: q.quote };
}

/**
 * Order numbers, taken from the sequence ORDER_NUMBERS_AT_ONCE at a time per database and
 * process (one round trip in that many placements instead of one each). Numbers stay unique
 * (each comes from the sequence once); as with any sequence, an order that is refused or rolled
 * back leaves a gap, and with several servers the numbers of orders placed moments apart
 * interleave — they never were an order of placement (placed_at is).
 */
export const ORDER_NUMBERS_AT_ONCE = 20;
const numberPools = new WeakMap<Db, bigint[]>();

async function nextOrderNumber(db: Db, tx: Tx): Promise<bigint> {
  let pool = numberPools.get(db);
  if (!pool?.length) {
    const rows = (
      await tx.execute(
        sql`select nextval(${orderNumberSeq.seqName}) as n from generate_series(1, ${ORDER_NUMBERS_AT_ONCE})`,
      )
    ).rows as { n: string }[];
    pool = rows.map((r) => BigInt(r.n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    numberPools.set(db, pool);
  }
  return pool.shift()!;
}

/** Inside the caller's transaction: the legal gate, then the order with its frozen charge and its rollups. */
async function insertOrder(
  db: Db,
  tx: Tx,
  clientId: number,
  o: OrderRequest,
  quoted: Quoted,
  now: Date,
): Promise<PlaceAnswer> {
  if (!quoted.ok) return refusedAnswer(quoted);
  const { entry, quote } = quoted;
  const charge = frozenCharge(entry, quote.billing_zone);
  const gate = await assertClientMayPlaceOrders(tx, clientId, now);
  if (!gate.ok) return { status: gate.status, body: { err: gate.message } };
  const number = await nextOrderNumber(db, tx);
  const placed: Placed = {
    pickrr_order_id: `PA${padNumber(number, 8)}`,
    pickrr_tracking_id: `PKA${padNumber(number, 9)}`,
    courier: entry.courier,
    edd_stamp: entry.edd_stamp,
    charged_amount: (charge.total / 100).toFixed(2),
  };
  // A client_order_id already used by this client (committed, or committed by a concurrent
  // placement this insert waited for) inserts nothing: the 409 names the order that has it.
  // order_keys' trigger skips the row (decision 085: a partitioned table has no such unique index).
  const inserted = await tx
    .insert(orders)
    .values({
      pickrr_order_id: placed.pickrr_order_id,
      pickrr_tracking_id: placed.pickrr_tracking_id,
      courier_tracking_id: `${awbPrefix(entry.courier)}A${padNumber(number, 11)}`,
      client_id: clientId,
      courier_service_id: entry.courier_id,
      courier_name: entry.courier,
      service: entry.is_air ? "express" : "surface",
      payment_mode: o.payment_mode,
      cod_amount: o.payment_mode === "cod" ? Number(o.cod_amount).toFixed(2) : "0.00",
      invoice_value: o.invoice_value.toFixed(2),
      items: o.items,
      dead_weight: String(o.weight),
      length: String(o.length),
      breadth: String(o.breadth),
      height: String(o.height),
      pickup_pincode: quote.pickup.pincode,
      pickup_city: quote.pickup.city,
      pickup_state: quote.pickup.state,
      drop_pincode: quote.drop.pincode,
      drop_city: quote.drop.city,
      drop_state: quote.drop.state,
      order_zone: quote.billing_zone,
      customer_name: o.customer_name,
      customer_phone: o.customer_phone,
      customer_address: o.customer_address,
      placed_at: now,
      current_status: "placed",
      edd_stamp: entry.edd_stamp,
      charge,
      charged_amount: placed.charged_amount,
      client_order_id: o.client_order_id ?? null,
    })
    .returning({ id: orders.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ pickrr_order_id: orders.pickrr_order_id })
      .from(orders)
      .where(and(eq(orders.client_id, clientId), eq(orders.client_order_id, o.client_order_id!)));
    if (!existing) throw new Error("client_order_id conflict without the order that holds it");
    return clientOrderIdTaken(o.client_order_id!, existing.pickrr_order_id);
  }
  await addPlacedOrderToRollups(tx, clientId, now);
  return { status: 201 as const, body: placed };
}

/**
 * The stored answer to an earlier request with this key, waiting (briefly) while one is still in
 * flight; a 422 when that request was for another order.
 */
async function priorAnswer(db: Db, clientId: number, key: string, fingerprint: string): Promise<PlaceAnswer> {
  for (let i = 0; i < 100; i++) {
    const [prior] = await db
      .select()
      .from(orderRequests)
      .where(and(eq(orderRequests.client_id, clientId), eq(orderRequests.idempotency_key, key)));
    // A row from before fingerprints were kept has none: its answer stands, as it did.
    if (prior?.fingerprint && prior.fingerprint !== fingerprint)
      return { status: 422, body: { err: keyReusedMessage(key) } };
    if (prior?.response)
      return {
        status: prior.status as PlaceAnswer["status"],
        body: prior.response as PlaceAnswer["body"],
      } as PlaceAnswer;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { status: 409, body: { err: "A request with this Idempotency-Key is still being processed; retry shortly." } };
}

/** Expired keys deleted at most this many at a time, once every PURGE_EVERY keyed placements per process and database. */
export const PURGE_AT_ONCE = 500;
const PURGE_EVERY = 50;
const keyedSincePurge = new WeakMap<Db, number>();

/**
 * Deletes Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_MS, oldest first, at most PURGE_AT_ONCE
 * (the created_at index finds them). Its own statement, after a placement's commit, taking only
 * rows no one holds (SKIP LOCKED): it never waits, so it never deadlocks with a claim. Returns how
 * many it deleted.
 */
export async function purgeExpiredOrderRequests(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const expired = db
    .select({ id: orderRequests.id })
    .from(orderRequests)
    .where(lt(orderRequests.created_at, cutoff))
    .orderBy(orderRequests.created_at)
    .limit(PURGE_AT_ONCE)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(orderRequests)
    .where(inArray(orderRequests.id, expired))
    .returning({ id: orderRequests.id });
  return deleted.length;
}

/**
 * Places the order; with a key, at most once per (client, key) within IDEMPOTENCY_KEY_TTL_MS. The
 * quote is read first (from the cached quote data, outside any transaction); then one transaction
 * claims the key with the order's fingerprint, places the order and stores the answer with the
 * claim. A concurrent request with the same key waits on the claim's unique index until that
 * transaction ends, then reads the stored answer — or a 422 if its order is another (or, if it
 * rolled back, claims the key itself). A key older than the TTL is claimed afresh, in the same
 * statement. One commit a placement, not three (decision 035).
 */
export async function placeOrder(
  db: Db,
  clientId: number,
  o: OrderRequest,
  opts: { idempotencyKey?: string | null; now?: Date } = {},
): Promise<PlaceAnswer> {
  const now = opts.now ?? new Date();
  const key = opts.idempotencyKey?.trim();
  const quoted = await quoteOrder(db, clientId, o, now);
  // Without a key nothing is stored: a refusal is answered as it is.
  if (!key)
    return quoted.ok ? transaction(db, (tx) => insertOrder(db, tx, clientId, o, quoted, now)) : refusedAnswer(quoted);
  const fingerprint = orderFingerprint(o);
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const answer = await transaction(db, async (tx) => {
    const claimed = await tx
      .insert(orderRequests)
      .values({ client_id: clientId, idempotency_key: key, fingerprint, created_at: now })
      .onConflictDoUpdate({
        target: [orderRequests.client_id, orderRequests.idempotency_key],
        set: { fingerprint, created_at: now, status: sql`null`, response: sql`null` },
        setWhere: lt(orderRequests.created_at, cutoff),
      })
      .returning({ id: orderRequests.id });
    if (claimed.length === 0) return null;
    const placed = await insertOrder(db, tx, clientId, o, quoted, now);
    await tx
      .update(orderRequests)
      .set({ status: placed.status, response: placed.body })
      .where(eq(orderRequests.id, claimed[0].id));
    return placed;
  });
  const since = (keyedSincePurge.get(db) ?? 0) + 1;
  keyedSincePurge.set(db, since % PURGE_EVERY);
  // The answer is committed: a failed clean-up is logged, never the placement's answer.
  if (since === PURGE_EVERY)
    await purgeExpiredOrderRequests(db, now).catch((error) =>
      logServerError(error, "Deleting expired Idempotency-Keys failed"),
    );
  return answer ?? priorAnswer(db, clientId, key, fingerprint);
}
