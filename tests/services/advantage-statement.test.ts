/**
 * The cashback statement and the seed's cashback (decision 067; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a late scan that arrives twice — one after the other, or at once — credits
 * once and shows once; a seeded Premium seller's statement agrees with its Account Ledger's
 * cashback lines, cycle by cycle; and the seed's Premium sellers have cashback credited by the
 * couriers' ingestion itself (their settling scans were received at the seed's clock, and every
 * late delivery after activation has its credit), no one else has any.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { addDays, istDayOf } from "~/services/core/ist-dates";
import { paiseToRupeesString, rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { cashbackCredits, cashbackSettings, clientAdvantagePlans } from "~/services/db/schema";
import { remainingLiability } from "~/services/money/cashback-statement";
import { cashbackStatement, type StatementRow } from "~/services/money/cashback-statement.server";
import { LEDGER_VIEWS } from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";
import { ingestEvents } from "~/services/orders/tracking.server";
import { seededPlanOffers } from "~/services/seed/advantage.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(() => h?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await h.db.execute(query)).rows as T[];

/** Open orders (picked up, not settled) of clients the seed gave no Premium plan, with what a courier needs to scan them. */
async function openOrdersOfOthers() {
  const list = await rows<{
    id: number;
    client_id: number;
    pickrr_order_id: string;
    awb: string;
    courier_id: number;
  }>(sql`
    select o.id, o.client_id, o.pickrr_order_id, o.courier_tracking_id as awb, cs.courier_id
    from orders o join courier_services cs on cs.id = o.courier_service_id
    where o.pickup_at is not null and o.delivered_at is null and o.rto_at is null
      and o.current_status in ('picked_up', 'in_transit', 'out_for_delivery')
    order by o.client_id, o.id`);
  return list.filter((o) => seededPlanOffers(o.client_id).active !== "advantage_premium");
}

/** Puts a client on an activated Premium plan promising one day in every zone. */
async function premium(clientId: number) {
  await h.db.delete(clientAdvantagePlans).where(eq(clientAdvantagePlans.client_id, clientId));
  await h.db
    .insert(clientAdvantagePlans)
    .values({ client_id: clientId, plan: "advantage_premium", activated_at: new Date(Date.now() - 90 * 86_400_000) });
  await h.db.delete(cashbackSettings).where(eq(cashbackSettings.client_id, clientId));
  await h.db.insert(cashbackSettings).values({
    client_id: clientId,
    plan: "advantage_premium",
    assurance: 85,
    return_plan: 1,
    return_forward_percentage: "100.00",
    return_rto_percentage: "100.00",
    delivered_plan: 1,
    delivered_forward_percentage: "100.00",
    delivered_rto_percentage: "100.00",
    tat_zoneA: 1,
    tat_zoneB: 1,
    tat_zoneC: 1,
    tat_zoneD: 1,
    tat_zoneE: 1,
    max_tat_liability: "100000.00",
  });
}

/** Every row of a cycle, page by page. */
async function allRows(clientId: number, cycle: string) {
  const out: StatementRow[] = [];
  for (let page = 1; ; page++) {
    const s = await cashbackStatement(h.db, clientId, { cycle, page });
    if (!s.premium) throw new Error("not premium");
    out.push(...s.rows);
    if (page >= s.pages) return out;
  }
}

describe("cashback statement", () => {
  it("a late scan that arrives twice credits once and shows once, sequential or at once", async () => {
    const open = await openOrdersOfOthers();
    const clientId = open.find((o) => open.filter((x) => x.client_id === o.client_id).length >= 2)!.client_id;
    const [first, second] = open.filter((o) => o.client_id === clientId);
    await premium(clientId);
    // Delivered three days from now: late against a one-day promise whenever it was picked up.
    const at = new Date(Date.now() + 3 * 86_400_000);
    const scan = (o: typeof first, id: string) => [
      { awb: o.awb, event_id: id, status: "delivered", location: "Drop", at: at.toISOString() },
    ];
    const then = { now: at };
    // One after the other: the same event, then the courier's resend under a new id.
    expect((await ingestEvents(h.db, first.courier_id, scan(first, "late-1"), then))[0].status).toBe(201);
    expect((await ingestEvents(h.db, first.courier_id, scan(first, "late-1"), then))[0].status).toBe(200);
    await ingestEvents(h.db, first.courier_id, scan(first, "late-1-resent"), then);
    // At once: two copies of the same scan racing (on PostgreSQL, two connections).
    await Promise.all([
      ingestEvents(h.db, second.courier_id, scan(second, "late-2"), then),
      ingestEvents(h.db, second.courier_id, scan(second, "late-2-resent"), then),
    ]);
    for (const o of [first, second]) {
      const credits = await h.db.select().from(cashbackCredits).where(eq(cashbackCredits.order_id, o.id));
      expect(credits).toHaveLength(1);
      expect(rupeesToPaise(credits[0].amount)).toBeGreaterThan(0);
      // The week's line is in the ledger's Future view until the week's last day, in Pending from
      // it on (ledger.server.ts): as of the delivery, and as of the days either side of that change
      // (so both are seen whatever weekday the test runs on).
      const lastDay = addDays(credits[0].bill_start, 6);
      const asOf = [
        [at, istDayOf(at) < lastDay ? "future" : "pending"],
        [new Date(`${addDays(lastDay, -1)}T12:00:00+05:30`), "future"],
        [new Date(`${lastDay}T00:05:00+05:30`), "pending"],
      ] as const;
      for (const [when, view] of asOf) {
        const statement = await cashbackStatement(h.db, clientId, { cycle: credits[0].bill_start, page: 1 }, when);
        if (!statement.premium) throw new Error("not premium");
        const shown = statement.rows.filter((r) => r.pickrr_order_id === o.pickrr_order_id);
        expect(shown, when.toISOString()).toHaveLength(1);
        expect(shown[0], when.toISOString()).toMatchObject({
          credited: credits[0].amount,
          outcome: "delivered",
          ledger_view: view,
        });
      }
    }
  });

  it("a seeded Premium seller's statement matches its ledger's cashback lines, cycle by cycle", async () => {
    // The seed's credits (at its clock), not the ones the test above made.
    const [busiest] = await rows<{ client_id: number }>(
      sql`select client_id from cashback_credits where credited_at = ${inject("seedOrdersUntil")}::timestamptz
          group by client_id order by count(*) desc, client_id limit 1`,
    );
    expect(busiest, "the seed credits some Premium seller").toBeDefined();
    const clientId = busiest.client_id;
    expect(seededPlanOffers(clientId).active).toBe("advantage_premium");
    const statement = await cashbackStatement(h.db, clientId, { cycle: null, page: 1 });
    if (!statement.premium) throw new Error("the seller is not premium");
    expect(statement.cycles.length).toBeGreaterThan(0);
    const ledger = (await Promise.all(LEDGER_VIEWS.map((v) => accountLedger(h.db, clientId, v)))).flatMap((l, i) =>
      l.entries.map((e) => ({ ...e, view: LEDGER_VIEWS[i] })),
    );
    const cashbackLines = ledger.filter((e) => e.reference_id.endsWith("-CASHBACK"));
    expect(cashbackLines.length).toBeGreaterThan(0);
    let statementTotal = 0;
    for (const cycle of statement.cycles) {
      const lines = cashbackLines.filter((e) => e.reference_id === `${cycle.reference}-CASHBACK`);
      expect(lines.length, cycle.reference).toBeGreaterThan(0);
      const credited = rupeesToPaise(cycle.credited);
      expect(lines.reduce((s, e) => s - rupeesToPaise(e.total_amount), 0)).toBe(credited);
      expect(lines.reduce((s, e) => s + e.order_count, 0)).toBe(cycle.orders);
      const listed = lines.flatMap((e) => /^Cashback credit for ([^;]*)/.exec(e.remark ?? "")![1].split(", "));
      const all = await allRows(clientId, cycle.start);
      expect(all.map((r) => r.pickrr_order_id).sort()).toEqual(listed.sort());
      expect(all.reduce((s, r) => s + rupeesToPaise(r.credited), 0)).toBe(credited);
      for (const r of all) {
        expect(r.ledger_line).toBe(`${cycle.reference}-CASHBACK`);
        // The row's link opens the view that lists its line.
        expect(lines.some((e) => e.view === r.ledger_view)).toBe(true);
        expect(rupeesToPaise(r.computed)).toBeGreaterThanOrEqual(rupeesToPaise(r.credited));
        expect(r.reason).toMatch(/late: \d+ days against \d+ promised for zone [A-E]$/);
      }
      const shown = await cashbackStatement(h.db, clientId, { cycle: cycle.start, page: 1 });
      if (!shown.premium || !shown.cycle) throw new Error("no cycle");
      expect(shown.cycle.remaining).toBe(
        paiseToRupeesString(remainingLiability(shown.max_liability, shown.cycle.credited)),
      );
      statementTotal += credited;
    }
    expect(cashbackLines.reduce((s, e) => s - rupeesToPaise(e.total_amount), 0)).toBe(statementTotal);
  });

  it("without Premium the statement is the sentence's case, not an empty table", async () => {
    const [none] = await rows<{ id: number }>(sql`
      select id from clients c where not exists (select 1 from client_advantage_plans p where p.client_id = c.id and p.activated_at is not null)
      order by id limit 1`);
    expect(await cashbackStatement(h.db, none.id, { cycle: null, page: 1 })).toEqual({ premium: false });
  });
});

describe("the seed's cashback", () => {
  it("the seed's Premium sellers have cashback credited by the couriers' ingestion, and only they", async () => {
    const seededUntil = new Date(inject("seedOrdersUntil"));
    const credits = await rows<{ order_id: number; client_id: number; amount: string; received_at: string }>(sql`
      select c.order_id, c.client_id, c.amount::text as amount,
        (select max(e.received_at) from tracking_events e where e.order_id = c.order_id and e.status in ('delivered', 'rto_initiated'))::text as received_at
      from cashback_credits c
      where c.credited_at = ${seededUntil.toISOString()}::timestamptz`);
    const sellers = new Set(credits.map((c) => c.client_id));
    expect(sellers.size, "Premium sellers with seeded cashback").toBeGreaterThanOrEqual(1);
    for (const id of sellers) expect(seededPlanOffers(id).active).toBe("advantage_premium");
    expect(credits.some((c) => rupeesToPaise(c.amount) > 0)).toBe(true);
    // Their settling scan came through the ingestion (received at the seed's clock), not the bulk load (received when scanned).
    for (const c of credits) expect(new Date(c.received_at).getTime()).toBe(seededUntil.getTime());

    // Every late delivery of a Premium seller since it activated has its credit: the ingestion saw them all.
    const late = await rows<{ id: number; client_id: number }>(sql`
      select o.id, o.client_id from orders o
      join client_advantage_plans p on p.client_id = o.client_id and p.plan = 'advantage_premium' and p.activated_at is not null
      join cashback_settings s on s.client_id = o.client_id and s.plan = 'advantage_premium'
      where o.delivered_at is not null and o.rto_at is null and o.pickup_at is not null and o.delivered_at >= p.activated_at
        and o.delivered_at <= ${seededUntil.toISOString()}::timestamptz
        and (o.delivered_at at time zone 'Asia/Kolkata')::date - (o.pickup_at at time zone 'Asia/Kolkata')::date >
          case o.order_zone when 'A' then s."tat_zoneA" when 'B' then s."tat_zoneB" when 'C' then s."tat_zoneC" when 'D' then s."tat_zoneD" else s."tat_zoneE" end
        and not exists (select 1 from cashback_credits c where c.order_id = o.id)`);
    // (The seed's Premium sellers: the test above put another client on Premium, its old deliveries never rescanned.)
    expect(late.filter((o) => seededPlanOffers(o.client_id).active === "advantage_premium")).toEqual([]);

    // And the ledger shows them: each seeded seller's cashback lines add up to its credits.
    const [seller] = [...sellers];
    const ledger = (await Promise.all(LEDGER_VIEWS.map((v) => accountLedger(h.db, seller, v)))).flatMap(
      (l) => l.entries,
    );
    const onLedger = ledger
      .filter((e) => e.reference_id.endsWith("-CASHBACK"))
      .reduce((s, e) => s - rupeesToPaise(e.total_amount), 0);
    const all = await rows<{ sum: string }>(
      sql`select coalesce(sum(amount), 0)::text as sum from cashback_credits where client_id = ${seller}`,
    );
    expect(onLedger).toBe(rupeesToPaise(all[0].sum));
  });
});
