/**
 * Courier scan webhooks on a real database (decision 023): idempotent on the courier's event id,
 * unknown AWBs answered 404 and stored nowhere, events applied by event time.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { courierServices, courierTokens, orders, trackingEvents } from "~/services/db/schema";
import { courierForToken, ingestEvents } from "~/services/orders/tracking.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
let order: { id: number; awb: string; courierId: number };

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [o] = await h.db
    .select({ id: orders.id, awb: orders.courier_tracking_id, courierId: courierServices.courier_id })
    .from(orders)
    .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
    .where(eq(orders.current_status, "in_transit"))
    .limit(1);
  order = o;
});
afterAll(() => h?.close());

describe("courier scan events", () => {
  it("knows a courier only by its own random token", async () => {
    const [t] = await h.db.select().from(courierTokens).where(eq(courierTokens.courier_id, order.courierId));
    expect(t.token).toMatch(/^[0-9a-f]{40}$/);
    expect(await courierForToken(h.db, order.courierId, t.token)).toMatchObject({ id: order.courierId });
    expect(await courierForToken(h.db, order.courierId, "0".repeat(40))).toBeNull();
    expect(await courierForToken(h.db, order.courierId + 1, t.token)).toBeNull();
  });

  it("stores each event once, applies them by event time, and refuses unknown AWBs and bad events", async () => {
    const before = (await h.db.select({ n: count() }).from(trackingEvents))[0].n;
    const delivered = {
      awb: order.awb,
      event_id: "hook-2",
      status: "delivered",
      location: "Hub",
      at: "2030-01-02T10:00:00Z",
    };
    const ofd = {
      awb: order.awb,
      event_id: "hook-1",
      status: "out_for_delivery",
      location: "Hub",
      at: "2030-01-02T05:00:00Z",
    };
    // Out of order: delivered arrives first.
    const answers = await ingestEvents(h.db, order.courierId, [
      delivered,
      ofd,
      { ...ofd, awb: "NOPE000000000" },
      { awb: order.awb, event_id: "x", status: "teleported", at: "soon" },
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 404, 400]);
    const [o] = await h.db
      .select({ status: orders.current_status, delivered: orders.delivered_at })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(o).toEqual({ status: "delivered", delivered: new Date("2030-01-02T10:00:00Z") });
    // A retry stores nothing new.
    expect((await ingestEvents(h.db, order.courierId, [delivered, ofd])).map((a) => a.status)).toEqual([200, 200]);
    expect((await h.db.select({ n: count() }).from(trackingEvents))[0].n).toBe(before + 2);
    // The same event twice in one batch: stored once, the repeat answered as already stored.
    const rto = {
      awb: order.awb,
      event_id: "hook-3",
      status: "rto_initiated",
      location: "Hub",
      at: "2030-01-01T10:00:00Z",
    };
    expect((await ingestEvents(h.db, order.courierId, [rto, rto])).map((a) => a.status)).toEqual([201, 200]);
    expect((await h.db.select({ n: count() }).from(trackingEvents))[0].n).toBe(before + 3);
  });
});
