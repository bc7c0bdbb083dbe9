/**
 * Courier scan webhooks (decision 023): POST /api/tracking/{courier id} with the courier's own
 * token. Each event is stored once (the courier's event id), an event for an AWB we do not
 * know is answered 404 and stored nowhere, and the order's status is recomputed from all its
 * events by event time, so out-of-order delivery does not matter.
 */
import { randomBytes } from "node:crypto";

import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { bulkInsert } from "../db/bulk-insert.server";
import type { Db, Executor } from "../db/client.server";
import { couriers, courierServices, courierTokens, orders, trackingEvents } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { creditCashback } from "../money/cashback.server";
import { applyPickupChanges } from "./rollups.server";
import { type DerivedState, deriveState, isOrderStatus, ORDER_STATUSES, type ScanEvent } from "./status";

export const MAX_EVENTS = 1000;

const eventSchema = z.object({
  awb: z.string().trim().min(1, "awb is required").max(40, "awb is at most 40 characters"),
  event_id: z.string().trim().min(1, "event_id is required").max(100, "event_id is at most 100 characters"),
  status: z.enum(ORDER_STATUSES, {
    errorMap: () => ({ message: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  }),
  location: z.string().trim().max(100, "location is at most 100 characters").default(""),
  at: z.coerce.date({ errorMap: () => ({ message: "at must be a date and time (ISO 8601)" }) }),
});

export type EventAnswer = { event_id: string | null; status: 201 | 200 | 400 | 404; message: string };

/** The courier whose token this is, if it is the courier of the URL. */
export async function courierForToken(
  db: Executor,
  courierId: number,
  token: string | null,
): Promise<{ id: number; name: string } | null> {
  if (!token || !Number.isSafeInteger(courierId)) return null;
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
 * Stores the events of one courier; answers per event, in the order they came. Set-based, so a
 * batch costs a few statements however long it is (docs/performance.md: ≥ 2,000 events/s): one lookup of
 * the AWBs, one insert that skips events already stored, one read of the touched orders' events
 * and one update of their state.
 */
export async function ingestEvents(db: Db, courierId: number, raw: unknown[]): Promise<EventAnswer[]> {
  const parsed = raw.map((item) => eventSchema.safeParse(item));
  const awbs = [...new Set(parsed.flatMap((p) => (p.success ? [p.data.awb.toUpperCase()] : [])))];
  const known = awbs.length
    ? await db
        .select({ id: orders.id, awb: orders.courier_tracking_id })
        .from(orders)
        .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
        .where(and(inArray(orders.courier_tracking_id, awbs), eq(courierServices.courier_id, courierId)))
    : [];
  const orderOf = new Map(known.map((k) => [k.awb, k.id]));
  const key = (orderId: number, eventId: string) => `${orderId}\u0000${eventId}`;
  const answers: EventAnswer[] = [];
  const rows: (typeof trackingEvents.$inferInsert)[] = [];
  const slots: { answer: number; key: string }[] = [];
  for (const [i, p] of parsed.entries()) {
    if (!p.success) {
      const eventId = (raw[i] as { event_id?: unknown } | null)?.event_id;
      answers.push({
        event_id: typeof eventId === "string" ? eventId : null,
        status: 400,
        message: p.error.issues.map((x) => x.message).join("; "),
      });
      continue;
    }
    const orderId = orderOf.get(p.data.awb.toUpperCase());
    if (!orderId) {
      answers.push({
        event_id: p.data.event_id,
        status: 404,
        message: `No order of this courier has the AWB ${p.data.awb}.`,
      });
      continue;
    }
    rows.push({
      order_id: orderId,
      status: p.data.status,
      location: p.data.location,
      at: p.data.at,
      courier_event_id: p.data.event_id,
    });
    slots.push({ answer: answers.length, key: key(orderId, p.data.event_id) });
    answers.push({ event_id: p.data.event_id, status: 200, message: "Already stored." });
  }
  if (rows.length === 0) return answers;
  await transaction(db, async (tx) => {
    const stored = await bulkInsert(tx, trackingEvents, rows, ["order_id", "courier_event_id"], {
      onConflictDoNothing: true,
    });
    const fresh = new Set(stored.map((r) => key(r.order_id as number, r.courier_event_id as string)));
    // The first of a repeated event in one batch is the one stored.
    for (const slot of slots)
      if (fresh.delete(slot.key)) answers[slot.answer] = { ...answers[slot.answer], status: 201, message: "Stored." };
    await applyEventsTo(tx, [...new Set(stored.map((r) => r.order_id as number))]);
  });
  return answers;
}

/** Recomputes these orders' status and dates from all their stored events (by event time). */
async function applyEventsTo(tx: Executor, orderIds: readonly number[], extra: { last_synced_at?: Date } = {}) {
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
    [...states].map(([id, s]) => ({ id, delivered_at: s.delivered_at, rto_at: s.rto_at })),
  );
  return states;
}

/** Recomputes an order's status and dates from all its stored events (by event time); returns the state and how many events there were. */
export async function applyEvents(tx: Executor, orderId: number, extra: { last_synced_at?: Date } = {}) {
  return (await applyEventsTo(tx, [orderId], extra)).get(orderId)!;
}
