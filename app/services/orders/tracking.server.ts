/**
 * Courier scan webhooks (decision 023): POST /api/tracking/{courier id} with the courier's own
 * token. Each event is stored once (the courier's event id), an event for an AWB we do not
 * know is answered 404 and stored nowhere, a bad event is refused with its reason while the rest
 * of its batch is stored (decision 059), and the order's status is recomputed from all its
 * events by event time, so out-of-order delivery does not matter.
 */
import { randomBytes } from "node:crypto";

import { and, eq, inArray, sql } from "drizzle-orm";

import { bulkInsert } from "../db/bulk-insert.server";
import type { Db, Executor } from "../db/client.server";
import { couriers, courierServices, courierTokens, orders, trackingEvents } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { creditCashback } from "../money/cashback.server";
import { applyPickupChanges } from "./rollups.server";
import { beforePlacement, parseScanEvent, rawEventId } from "./scan-event";
import { type DerivedState, deriveState, isOrderStatus, type ScanEvent } from "./status";

export const MAX_EVENTS = 1000;

/**
 * The answer for one event of a batch, at its index: 201 stored, 200 already stored (a duplicate
 * of the courier's event id), 404 an AWB that is not this courier's order, 400 refused with the
 * reason in `message`. Only a 201 stores anything (decision 059).
 */
export type EventAnswer = { index: number; event_id: string | null; status: 201 | 200 | 400 | 404; message: string };

/** The courier whose token this is, if it is the courier of the URL. */
export async function courierForToken(
  db: Executor,
  courierId: number,
  token: string | null,
): Promise<{ id: number; name: string } | null> {
  // An id out of the int column's range would be the database's error, not a 401.
  if (!token || !Number.isInteger(courierId) || courierId < 1 || courierId > 2_147_483_647) return null;
  const [row] = await db
    .select({ id: couriers.id, name: couriers.name })
    .from(courierTokens)
    .innerJoin(couriers, eq(couriers.id, courierTokens.courier_id))
    .where(and(eq(courierTokens.courier_id, courierId), eq(courierTokens.token, token)));
  return row ?? null;
}

/** A fresh random token for every courier (seed time; never derived from the seed). */
export async function issueCourierTokens(tx: Executor): Promise<void> {
  const all = await tx.select({ id: couriers.id }).from(couriers);
  if (all.length)
    await tx
      .insert(courierTokens)
      .values(all.map((c) => ({ courier_id: c.id, token: randomBytes(20).toString("hex") })))
      .onConflictDoNothing();
}

/**
 * Stores the events of one courier; answers per event, in the order they came. Each event is
 * judged in memory first (orders/scan-event.ts), so a bad one is refused with its reason and
 * never reaches the database, and the good ones are stored together (decision 059). Set-based,
 * so a batch costs a few statements however long it is (docs/performance.md: ≥ 2,000 events/s):
 * one lookup of the AWBs, one insert that skips events already stored, one read of the touched
 * orders' events and one update of their state. `now` is the clock future-dated scans are judged by.
 */
export async function ingestEvents(
  db: Db,
  courierId: number,
  raw: readonly unknown[],
  opts: { now?: Date } = {},
): Promise<EventAnswer[]> {
  return (await ingestBatches(db, [{ courierId, events: raw }], opts))[0];
}

/**
 * Several couriers' batches, stored as if each had been posted to ingestEvents in turn, with the
 * statements of one (the seed's settling scans, decision 067): the answers are each batch's, an
 * event repeated in a later batch is answered 200, the events are stored in the batches' order,
 * and a settled order's cashback is credited in the order of the batch that settled it (then
 * first settled first). Exactly what posting them one by one gives when no batch holds a scan
 * earlier than an order's scans in the batches before it (the seed posts them in time order).
 */
export async function ingestBatches(
  db: Db,
  batches: readonly { courierId: number; events: readonly unknown[] }[],
  opts: { now?: Date } = {},
): Promise<EventAnswer[][]> {
  const now = opts.now ?? new Date();
  const verdicts = batches.map((b) => b.events.map((item) => parseScanEvent(item, now)));
  const sought = new Map<string, { courier: number; awb: string }>();
  for (const [n, batch] of batches.entries())
    for (const v of verdicts[n])
      if (v.ok)
        sought.set(`${batch.courierId}\u0000${v.event.awb.toUpperCase()}`, {
          courier: batch.courierId,
          awb: v.event.awb.toUpperCase(),
        });
  const known = sought.size
    ? await db
        .select({
          id: orders.id,
          awb: orders.courier_tracking_id,
          courier: courierServices.courier_id,
          placed_at: orders.placed_at,
        })
        .from(orders)
        .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
        .where(
          and(
            inArray(orders.courier_tracking_id, [...new Set([...sought.values()].map((s) => s.awb))]),
            inArray(courierServices.courier_id, [...new Set(batches.map((b) => b.courierId))]),
          ),
        )
    : [];
  const orderOf = new Map(known.map((k) => [`${k.courier}\u0000${k.awb}`, k]));
  const key = (orderId: number, eventId: string) => `${orderId}\u0000${eventId}`;
  const answers: EventAnswer[][] = batches.map(() => []);
  const rows: (typeof trackingEvents.$inferInsert)[] = [];
  const slots: { batch: number; answer: number; key: string; order: number; settles: boolean }[] = [];
  for (const [n, batch] of batches.entries()) {
    const raw = batch.events;
    const mine = answers[n];
    for (const [index, v] of verdicts[n].entries()) {
      if (!v.ok) {
        mine.push({ index, event_id: rawEventId(raw[index]), status: 400, message: v.message });
        continue;
      }
      const e = v.event;
      const order = orderOf.get(`${batch.courierId}\u0000${e.awb.toUpperCase()}`);
      if (!order) {
        mine.push({
          index,
          event_id: e.event_id,
          status: 404,
          message: `No order of this courier has the AWB ${e.awb}.`,
        });
        continue;
      }
      const early = beforePlacement(e.at, order.placed_at);
      if (early) {
        mine.push({ index, event_id: e.event_id, status: 400, message: early });
        continue;
      }
      // Received by the clock the batch is judged by (the seed's ingestion passes its reference date, decision 067).
      rows.push({
        order_id: order.id,
        order_placed_at: order.placed_at,
        status: e.status,
        location: e.location,
        at: e.at,
        courier_event_id: e.event_id,
        received_at: now,
      });
      const settles = e.status === "delivered" || e.status === "rto_initiated";
      slots.push({ batch: n, answer: mine.length, key: key(order.id, e.event_id), order: order.id, settles });
      mine.push({ index, event_id: e.event_id, status: 200, message: "Already stored." });
    }
  }
  if (rows.length === 0) return answers;
  await transaction(db, async (tx) => {
    const stored = await bulkInsert(tx, trackingEvents, rows, ["order_id", "courier_event_id", "order_placed_at"], {
      onConflictDoNothing: true,
    });
    const fresh = new Set(stored.map((r) => key(r.order_id as number, r.courier_event_id as string)));
    // The first of a repeated event is the one stored; an order is credited with the batch whose scan settled it.
    const batchOf = new Map<number, { first: number; settled?: number }>();
    for (const slot of slots) {
      if (!fresh.delete(slot.key)) continue;
      const a = answers[slot.batch];
      a[slot.answer] = { ...a[slot.answer], status: 201, message: "Stored." };
      const seen = batchOf.get(slot.order) ?? { first: slot.batch };
      if (slot.settles && seen.settled === undefined) seen.settled = slot.batch;
      batchOf.set(slot.order, seen);
    }
    await applyEventsTo(tx, [...batchOf.keys()], {
      now,
      rank: new Map([...batchOf].map(([id, b]) => [id, b.settled ?? b.first])),
    });
  });
  return answers;
}

/** Recomputes these orders' status and dates from all their stored events (by event time). */
async function applyEventsTo(
  tx: Executor,
  orderIds: readonly number[],
  extra: { last_synced_at?: Date; now?: Date; rank?: ReadonlyMap<number, number> } = {},
) {
  if (orderIds.length === 0) return new Map<number, DerivedState & { events: number }>();
  const before = await tx
    .select({ id: orders.id, client_id: orders.client_id, pickup_at: orders.pickup_at })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  const events = await tx
    .select({
      order_id: trackingEvents.order_id,
      status: trackingEvents.status,
      at: trackingEvents.at,
      courier_event_id: trackingEvents.courier_event_id,
    })
    .from(trackingEvents)
    .where(inArray(trackingEvents.order_id, [...orderIds]));
  const byOrder = new Map<number, ScanEvent[]>(orderIds.map((id) => [id, []]));
  const counts = new Map<number, number>();
  for (const e of events) {
    counts.set(e.order_id, (counts.get(e.order_id) ?? 0) + 1);
    if (isOrderStatus(e.status))
      byOrder.get(e.order_id)!.push({ status: e.status, at: e.at, courier_event_id: e.courier_event_id });
  }
  const states = new Map([...byOrder].map(([id, list]) => [id, { ...deriveState(list), events: counts.get(id) ?? 0 }]));
  const update = [...states].map(([id, s]) => ({
    id,
    current_status: s.current_status,
    pickup_at: s.pickup_at,
    delivered_at: s.delivered_at,
    rto_at: s.rto_at,
  }));
  await tx.execute(sql`
    update ${orders} o set current_status = x.current_status, pickup_at = x.pickup_at, delivered_at = x.delivered_at, rto_at = x.rto_at,
      last_synced_at = coalesce(${extra.last_synced_at ?? null}::timestamptz, o.last_synced_at)
    from json_to_recordset(${JSON.stringify(update)}::json) as x(id int, current_status text, pickup_at timestamptz, delivered_at timestamptz, rto_at timestamptz)
    where o.id = x.id`);
  // The picked-up rollups follow the first pickup scan (decision 030), in this transaction.
  await applyPickupChanges(
    tx,
    before.map((b) => ({ client_id: b.client_id, before: b.pickup_at, after: states.get(b.id)?.pickup_at ?? null })),
  );
  // Premium cashback for a late delivery or a return, credited once per order (decision 031).
  await creditCashback(
    tx,
    [...states].map(([id, s]) => ({ id, delivered_at: s.delivered_at, rto_at: s.rto_at, rank: extra.rank?.get(id) })),
    extra.now,
  );
  return states;
}

/** Recomputes an order's status and dates from all its stored events (by event time); returns the state and how many events there were. */
export async function applyEvents(tx: Executor, orderId: number, extra: { last_synced_at?: Date } = {}) {
  return (await applyEventsTo(tx, [orderId], extra)).get(orderId)!;
}
