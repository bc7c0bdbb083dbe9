/**
 * Courier scan webhooks (issue 14): POST /api/tracking/{courier id} with the courier's own
 * token. Each event is stored once (the courier's event id), an event for an AWB we do not
 * know is answered 404 and stored nowhere, and the order's status is recomputed from all its
 * events by event time, so out-of-order delivery does not matter.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db, Executor } from "../db/client.server";
import { courierServices, courierTokens, couriers, orders, trackingEvents } from "../db/schema";
import { deriveState, isOrderStatus, ORDER_STATUSES, type ScanEvent } from "./status";

export const MAX_EVENTS = 1000;

const eventSchema = z.object({
  awb: z.string().trim().min(1, "awb is required").max(40, "awb is at most 40 characters"),
  event_id: z.string().trim().min(1, "event_id is required").max(100, "event_id is at most 100 characters"),
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: `status must be one of ${ORDER_STATUSES.join(", ")}` }) }),
  location: z.string().trim().max(100, "location is at most 100 characters").default(""),
  at: z.coerce.date({ errorMap: () => ({ message: "at must be a date and time (ISO 8601)" }) }),
});

export type EventAnswer = { event_id: string | null; status: 201 | 200 | 400 | 404; message: string };

/** The courier whose token this is, if it is the courier of the URL. */
export async function courierForToken(db: Executor, courierId: number, token: string | null): Promise<{ id: number; name: string } | null> {
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
  if (all.length) await tx.insert(courierTokens).values(all.map((c) => ({ courier_id: c.id, token: randomBytes(20).toString("hex") }))).onConflictDoNothing();
}

/** Stores the events of one courier; answers per event. */
export async function ingestEvents(db: Db, courierId: number, raw: unknown[]): Promise<EventAnswer[]> {
  const answers: EventAnswer[] = [];
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
  const touched = new Set<number>();
  await db.transaction(async (tx) => {
    for (const [i, p] of parsed.entries()) {
      if (!p.success) {
        answers.push({ event_id: typeof (raw[i] as { event_id?: unknown })?.event_id === "string" ? ((raw[i] as { event_id: string }).event_id) : null, status: 400, message: p.error.issues.map((x) => x.message).join("; ") });
        continue;
      }
      const orderId = orderOf.get(p.data.awb.toUpperCase());
      if (!orderId) {
        answers.push({ event_id: p.data.event_id, status: 404, message: `No order of this courier has the AWB ${p.data.awb}.` });
        continue;
      }
      const stored = await tx
        .insert(trackingEvents)
        .values({ order_id: orderId, status: p.data.status, location: p.data.location, at: p.data.at, courier_event_id: p.data.event_id })
        .onConflictDoNothing()
        .returning({ id: trackingEvents.id });
      answers.push({ event_id: p.data.event_id, status: stored.length ? 201 : 200, message: stored.length ? "Stored." : "Already stored." });
      if (stored.length) touched.add(orderId);
    }
    for (const orderId of touched) await applyEvents(tx, orderId);
  });
  return answers;
}

/** Recomputes an order's status and dates from all its stored events (by event time); returns the state and how many events there were. */
export async function applyEvents(tx: Executor, orderId: number, extra: { last_synced_at?: Date } = {}) {
  const events = await tx.select().from(trackingEvents).where(eq(trackingEvents.order_id, orderId));
  const state = deriveState(events.flatMap((e) => (isOrderStatus(e.status) ? [{ status: e.status, at: e.at, courier_event_id: e.courier_event_id } satisfies ScanEvent] : [])));
  await tx.update(orders).set({ ...state, ...extra }).where(eq(orders.id, orderId));
  return { ...state, events: events.length };
}
