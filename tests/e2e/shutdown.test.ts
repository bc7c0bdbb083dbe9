/**
 * SIGTERM during a burst of order placements (decision 078): the console started as `npm start`
 * starts it takes orders from eight senders at once; SIGTERM comes while they are under way. The
 * server stops accepting, finishes what it is handling, closes its database and exits 0 — and
 * every order it acknowledged (2xx) is stored exactly once, none twice, none it did not accept.
 */
import { randomBytes } from "node:crypto";

import { inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orders } from "~/services/db/schema";

import { type ConsoleProcess, startConsoleProcess } from "../support/console-process";
import { firstClientToken, orderFixture } from "../support/orders-api";

const ORDER = orderFixture("Drain Customer");

const SENDERS = 8;

describe("SIGTERM during a burst of POST /api/orders", () => {
  let server: ConsoleProcess;
  let token = "";
  beforeAll(async () => {
    server = await startConsoleProcess({}, async (db) => {
      token = await firstClientToken(db);
    });
    // One order first, alone: the first one waits for the start-up's jobs (the cycle cutter's
    // first run over the copied book) and warms the caches; the burst then measures the drain only.
    const res = await fetch(`${server.base}/api/orders`, {
      method: "POST",
      headers: { Authorization: `Token ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...ORDER, client_order_id: `DRAIN-warm-${randomBytes(3).toString("hex")}` }),
    });
    expect(res.status, server.log().slice(-3000)).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await server?.cleanup();
  });

  it("stores every acknowledged order exactly once and exits 0", { timeout: 60_000 }, async () => {
    const run = randomBytes(3).toString("hex");
    const acknowledged = new Map<string, string>(); // client_order_id → pickrr_order_id
    const attempted = new Set<string>();
    let signalledAt = 0;
    let acknowledgedAfterSignal = 0;
    const refusals: string[] = [];

    const sender = async (n: number) => {
      for (let i = 0; ; i++) {
        const id = `DRAIN-${run}-${n}-${i}`;
        attempted.add(id);
        let res: Response;
        try {
          res = await fetch(`${server.base}/api/orders`, {
            method: "POST",
            headers: { Authorization: `Token ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ ...ORDER, client_order_id: id }),
            signal: AbortSignal.timeout(30_000),
          });
        } catch {
          return; // the server stopped accepting (refused or closed): this sender is done
        }
        const body = (await res.json().catch(() => ({}))) as { pickrr_order_id?: string; err?: string };
        if (res.status >= 200 && res.status < 300) {
          acknowledged.set(id, body.pickrr_order_id!);
          if (signalledAt) acknowledgedAfterSignal++;
        } else refusals.push(`${res.status} ${body.err}`);
        if (signalledAt && Date.now() - signalledAt > 25_000) return;
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, n) => sender(n));
    // SIGTERM once the burst is well under way.
    const t0 = Date.now();
    while (acknowledged.size < 24 && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged.size, `${refusals.join("\n")}\n${server.log().slice(-3000)}`).toBeGreaterThanOrEqual(24);
    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await Promise.all(senders);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(25_000);
    expect(refusals, server.log().slice(-3000)).toEqual([]);
    // Requests under way when the signal came were finished, not dropped.
    expect(acknowledgedAfterSignal).toBeGreaterThan(0);
    expect(server.log()).toContain('"msg":"Stopped","cut":false');

    const h = server.openDb();
    try {
      const stored = await h.db
        .select({
          id: orders.client_order_id,
          pickrr: orders.pickrr_order_id,
          n: sql<number>`count(*) over (partition by ${orders.client_order_id})::int`,
        })
        .from(orders)
        .where(like(orders.client_order_id, `DRAIN-${run}-%`));
      const byId = new Map(stored.map((r) => [r.id!, r]));
      for (const [id, pickrr] of acknowledged) {
        expect(byId.get(id), id).toMatchObject({ pickrr, n: 1 });
      }
      for (const row of stored) {
        expect(row.n, row.id!).toBe(1);
        expect(attempted.has(row.id!)).toBe(true);
      }
      const again = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(inArray(orders.client_order_id, [...acknowledged.keys()]));
      expect(again[0].n).toBe(acknowledged.size);
    } finally {
      await h.close();
    }
  });
});
