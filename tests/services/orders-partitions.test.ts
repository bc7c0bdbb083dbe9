/**
 * The order book partitioned by month (decision 085): the ids unique across months (order_keys),
 * the partition-ahead job making months once with two runners, and the archive detaching only the
 * months before its cut while the rollups keep their totals — on PostgreSQL. PGlite keeps one
 * table (the same keys and triggers): there the job and the archive do nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DbHandle, MIGRATIONS_FOLDER } from "~/services/db/client.server";
import { transaction } from "~/services/db/transaction.server";
import {
  addMonths,
  archivedMonths,
  archiveMonthsBefore,
  isPartitioned,
  liveMonths,
  makeMonthsAhead,
  MONTHS_AHEAD,
  monthStartsAt,
  PLAIN_BOOK,
} from "~/services/orders/partitions.server";
import { rebuildRollups, rollupDifferences } from "~/services/orders/rollups.server";

import { openTestDb } from "../support/db";
import { testDatabaseUrl } from "../support/pg-admin";

const onPostgres = Boolean(testDatabaseUrl());
/** An order's month as the book keeps it: India's calendar month (decision 097). */
const IST_MONTH = sql.raw(`to_char((placed_at at time zone 'UTC') + interval '330 minutes', 'YYYY-MM')`);

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
}, 120_000);
afterAll(() => h?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await h.db.execute(q)).rows as T[];

/** A copy of order `id` with new ids (suffix) placed at `placedAt`, through the trigger like any insert. */
const copyOrder = (
  id: number,
  suffix: string,
  placedAt: string,
  keep: { orderId?: boolean; tracking?: boolean } = {},
) =>
  sql`insert into orders (pickrr_order_id, pickrr_tracking_id, courier_tracking_id, client_id, courier_service_id, courier_name, service, payment_mode,
      cod_amount, invoice_value, items, dead_weight, length, breadth, height, pickup_pincode, pickup_city, pickup_state, drop_pincode, drop_city, drop_state,
      order_zone, customer_name, customer_phone, customer_address, placed_at, current_status, edd_stamp, charge, charged_amount, client_order_id)
    select ${keep.orderId ? sql`pickrr_order_id` : sql`pickrr_order_id || ${suffix}`}, ${keep.tracking ? sql`pickrr_tracking_id` : sql`pickrr_tracking_id || ${suffix}`},
      courier_tracking_id, client_id, courier_service_id, courier_name, service, payment_mode,
      cod_amount, invoice_value, items, dead_weight, length, breadth, height, pickup_pincode, pickup_city, pickup_state, drop_pincode, drop_city, drop_state,
      order_zone, customer_name, customer_phone, customer_address, ${placedAt}::timestamptz, current_status, edd_stamp, charge, charged_amount, client_order_id
    from orders where id = ${id} returning id`;

describe("ids unique across months (order_keys)", () => {
  it("refuses the same pickrr_order_id or tracking id in another month, and skips a taken client_order_id", async () => {
    const [o] = await rows<{ id: number; month: string }>(
      sql`select id, ${IST_MONTH} as month from orders order by placed_at limit 1`,
    );
    const other = `${addMonths(o.month, 2)}-15T10:00:00Z`;
    // Another month's partition: its own index has no such id; order_keys has.
    await expect(h.db.execute(copyOrder(o.id, "-x1", other, { orderId: true }))).rejects.toThrow();
    await expect(h.db.execute(copyOrder(o.id, "-x2", other, { tracking: true }))).rejects.toThrow();
    const [fresh] = await rows<{ id: number }>(copyOrder(o.id, "-x3", other));
    expect(fresh.id).toBeGreaterThan(0);
    const [key] = await rows<{ placed: string }>(
      sql`select to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD') as placed from order_keys where id = ${fresh.id}`,
    );
    expect(key.placed).toBe(other.slice(0, 10));
    // A client_order_id its client already used, in another month: the row is skipped (decision 058's 409).
    await h.db.execute(sql`update orders set client_order_id = 'PART-1' where id = ${fresh.id}`);
    const [keyed] = await rows<{ c: string | null }>(
      sql`select client_order_id as c from order_keys where id = ${fresh.id}`,
    );
    expect(keyed.c).toBe("PART-1");
    expect(await rows(copyOrder(fresh.id, "-x4", `${o.month}-20T10:00:00Z`))).toEqual([]);
    // Deleted, its ids are free again.
    await h.db.execute(sql`delete from orders where id = ${fresh.id}`);
    expect(await rows(sql`select 1 from order_keys where id = ${fresh.id}`)).toEqual([]);
  });
});

describe.skipIf(onPostgres)("the embedded database (PGlite)", () => {
  it("keeps one table: the job makes no month and the archive refuses", async () => {
    expect(await isPartitioned(h.db)).toBe(false);
    expect(await makeMonthsAhead(h.db, new Date("2031-05-10T12:00:00Z"))).toEqual({ outcome: "plain" });
    expect(await archiveMonthsBefore(h.db, "2026-01", new Date("2026-12-06T00:00:00Z"))).toEqual({
      ok: false,
      status: 409,
      message: PLAIN_BOOK,
    });
  });
});

describe.runIf(onPostgres)("the partition-ahead job", () => {
  it("makes the current month and the next ones once, with two runners at the same time", async () => {
    const now = new Date("2031-05-10T12:00:00Z");
    const expected = Array.from({ length: MONTHS_AHEAD + 1 }, (_, n) => addMonths("2031-05", n));
    const runs = await Promise.all([makeMonthsAhead(h.db, now), makeMonthsAhead(h.db, now)]);
    const made = runs.flatMap((r) => (r.outcome === "done" ? r.made : []));
    // One made them (the other was busy, or came after and found them made).
    expect(made.sort()).toEqual(expected);
    expect((await liveMonths(h.db)).filter((m) => m >= "2031-05")).toEqual(expected);
    expect(await makeMonthsAhead(h.db, now)).toEqual({ outcome: "done", made: [] });
    // Each month of both tables, with the indexes of the parent.
    const [ix] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_indexes where tablename in ('orders_2031_05', 'tracking_events_2031_05')`,
    );
    const [parent] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_indexes where tablename in ('orders', 'tracking_events')`,
    );
    expect(ix.n).toBe(parent.n);
  });

  it("moves an order that landed in the default partition into its month", async () => {
    const [o] = await rows<{ id: number }>(sql`select id from orders order by id limit 1`);
    const [stray] = await rows<{ id: number }>(copyOrder(o.id, "-far", "2035-03-03T03:00:00Z"));
    expect(await rows(sql`select id from orders_default where id = ${stray.id}`)).toHaveLength(1);
    const run = await makeMonthsAhead(h.db, new Date("2031-05-10T12:00:00Z"));
    expect(run).toEqual({ outcome: "done", made: ["2035-03"] });
    expect(await rows(sql`select id from orders_default`)).toEqual([]);
    expect(await rows(sql`select id from orders_2035_03 where id = ${stray.id}`)).toHaveLength(1);
    // Its key row stayed (the move is not a delete of the order).
    expect(await rows(sql`select id from order_keys where id = ${stray.id}`)).toHaveLength(1);
    await h.db.execute(sql`delete from orders where id = ${stray.id}`);
  });
});

describe.runIf(onPostgres)("npm run orders:archive", () => {
  const totals = () =>
    rows<{ month: string; placed: number; picked: number; daily_placed: number; daily_picked: number }>(sql`
      select to_char(m.month, 'YYYY-MM') as month, sum(m.placed)::int as placed, sum(m.picked)::int as picked,
        (select sum(placed)::int from order_daily_rollups d where date_trunc('month', d.day) = m.month) as daily_placed,
        (select sum(picked)::int from order_daily_rollups d where date_trunc('month', d.day) = m.month) as daily_picked
      from order_monthly_rollups m group by m.month order by 1`);
  const performance = () => rows(sql`select * from daily_performance_rows order by client_id`);
  const perMonth = () =>
    rows<{ month: string; n: number }>(
      sql`select ${IST_MONTH} as month, count(*)::int as n from orders group by 1 order by 1`,
    );

  it("refuses a cut that is not a month or too recent", async () => {
    expect(await archiveMonthsBefore(h.db, "2025-13")).toMatchObject({ ok: false, status: 400 });
    const r = await archiveMonthsBefore(h.db, "2026-09", new Date("2026-12-06T00:00:00Z"));
    expect(r).toEqual({
      ok: false,
      status: 400,
      message: "Months are archived at least 6 months after they end: the latest cut now is 2026-06.",
    });
  });

  it("detaches only the months before the cut, into the schema archive, and the rollups keep their totals", async () => {
    const live = await liveMonths(h.db);
    const booked = await perMonth();
    expect(booked.length).toBeGreaterThan(2);
    // The cut after the book's first two months.
    const cut = booked[2].month;
    const before = await totals();
    const perf = await performance();
    // An order of those months still out of its bill: the archive refuses (409) and moves nothing.
    await h.db.execute(sql`update orders set billing_cycle_id = null where id = (select id from orders
      where placed_at < ${monthStartsAt(cut)}::timestamptz and pickup_at is not null order by id limit 1)`);
    const refused = await archiveMonthsBefore(h.db, cut, new Date(`${addMonths(cut, 7)}-01T00:00:00Z`));
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(!refused.ok && refused.message).toMatch(
      new RegExp(
        `^\\d+ orders placed before ${cut} still wait for a COD remittance or a bill: cut their cycles first\\.$`,
      ),
    );
    expect(await liveMonths(h.db)).toEqual(live);
    expect(await archivedMonths(h.db)).toEqual([]);
    // Those months' orders all in their cycles (the archive refuses otherwise): settle them as a cut would.
    await h.db.execute(sql`update orders set cod_remittance_id = (select min(id) from cod_remittances)
      where placed_at < ${monthStartsAt(cut)}::timestamptz and payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null`);
    await h.db.execute(sql`update orders set billing_cycle_id = (select min(id) from billing_cycles)
      where placed_at < ${monthStartsAt(cut)}::timestamptz and pickup_at is not null and billing_cycle_id is null`);
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from tracking_events where order_placed_at < ${monthStartsAt(cut)}::timestamptz`,
    );

    const r = await archiveMonthsBefore(h.db, cut, new Date(`${addMonths(cut, 7)}-01T00:00:00Z`));
    expect(r).toEqual({ ok: true, archived: live.filter((m) => m < cut) });
    expect(r.ok && r.archived).toContain(booked[0].month);
    // The live months are the ones from the cut on, their orders untouched.
    expect(await liveMonths(h.db)).toEqual(live.filter((m) => m >= cut));
    expect(await perMonth()).toEqual(booked.slice(2));
    // The archived rows are in the schema archive, orders and events.
    expect(await archivedMonths(h.db)).toEqual(live.filter((m) => m < cut));
    const [archived] = await rows<{ orders: number; events: number }>(
      sql.raw(
        `select (select count(*)::int from archive.orders_${booked[0].month.replace("-", "_")}) +
         (select count(*)::int from archive.orders_${booked[1].month.replace("-", "_")}) as orders,
        (select count(*)::int from archive.tracking_events_${booked[0].month.replace("-", "_")}) +
         (select count(*)::int from archive.tracking_events_${booked[1].month.replace("-", "_")}) as events`,
      ),
    );
    expect(archived).toEqual({ orders: booked[0].n + booked[1].n, events: events[0].n });
    // The rollups as they were, and still after a rebuild from the book (the live and the archived orders).
    expect(await totals()).toEqual(before);
    expect(await performance()).toEqual(perf);
    expect(await rollupDifferences(h.db)).toEqual([]);
    await transaction(h.db, (tx) => rebuildRollups(tx));
    expect(await totals()).toEqual(before);
    // An archived order's id is never given again.
    const [gone] = await rows<{ id: number; pickrr_order_id: string }>(
      sql.raw(`select id, pickrr_order_id from archive.orders_${booked[0].month.replace("-", "_")} limit 1`),
    );
    const [o] = await rows<{ id: number }>(sql`select id from orders order by id desc limit 1`);
    await expect(
      h.db.execute(sql`update orders set pickrr_order_id = ${gone.pickrr_order_id} where id = ${o.id}`),
    ).rejects.toThrow();
    // A second run finds nothing more before the cut.
    expect(await archiveMonthsBefore(h.db, cut, new Date(`${addMonths(cut, 7)}-01T00:00:00Z`))).toEqual({
      ok: true,
      archived: [],
    });
  });

  it("cuts at India's midnight: the last evening of a month goes with it, the first hours of the next stay live", async () => {
    // Two orders either side of 1 March 2040 00:00 IST, both on 29 February in UTC.
    const [o] = await rows<{ id: number }>(sql`select id from orders order by id limit 1`);
    const [late] = await rows<{ id: number }>(copyOrder(o.id, "-feb", "2040-02-29T23:30:00+05:30"));
    const [early] = await rows<{ id: number }>(copyOrder(o.id, "-mar", "2040-03-01T02:00:00+05:30"));
    await makeMonthsAhead(h.db, new Date("2040-02-10T12:00:00Z"));
    expect(await rows(sql`select id from orders_2040_02 where id = ${late.id}`)).toHaveLength(1);
    expect(await rows(sql`select id from orders_2040_03 where id = ${early.id}`)).toHaveLength(1);

    // Every order before the cut in its cycles (the archive refuses otherwise), as in the test before.
    await h.db.execute(sql`update orders set cod_remittance_id = (select min(id) from cod_remittances)
      where payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null`);
    await h.db.execute(sql`update orders set billing_cycle_id = (select min(id) from billing_cycles)
      where pickup_at is not null and billing_cycle_id is null`);
    const r = await archiveMonthsBefore(h.db, "2040-03", new Date("2040-10-01T00:00:00Z"));
    expect(r.ok && r.archived).toContain("2040-02");
    expect(await rows(sql`select id from archive.orders_2040_02 where id = ${late.id}`)).toHaveLength(1);
    expect(await rows(sql`select id from orders where id = ${early.id}`)).toHaveLength(1);
    expect(await liveMonths(h.db)).toContain("2040-03");
  });
});

describe.runIf(onPostgres)("migration 0038: an install cut by UTC months", () => {
  const migration = (name: string) => readFileSync(path.join(MIGRATIONS_FOLDER, name), "utf8");
  const statements = (text: string) => text.split("--> statement-breakpoint").filter((s) => s.trim());
  const book = async () =>
    (
      await rows<{ orders: string; events: string; keys: number }>(sql`select
        (select count(*) || ':' || sum(hashtext(o::text)) from orders o) as orders,
        (select count(*) || ':' || sum(hashtext(e::text)) from tracking_events e) as events,
        (select count(*)::int from order_keys) as keys`)
    )[0];
  const bounds = async () =>
    (
      await rows<{
        bound: string;
      }>(sql`select distinct substring(pg_get_expr(c.relpartbound, c.oid) from '[0-9:]{8}[+-][0-9:]+') as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent in ('orders'::regclass, 'tracking_events'::regclass) and c.relname ~ '_[0-9]{4}_[0-9]{2}$'`)
    ).map((r) => r.bound);

  it("re-cuts every live month at India's midnight, keeping every order, event and key", async () => {
    // As migration 0031 left a book: its function (UTC months), the months cut again by it.
    const old = statements(migration("0031_orders_partitioned_by_month.sql")).find((s) =>
      s.includes('CREATE FUNCTION "order_month_partition"'),
    )!;
    const [fn, recut] = statements(migration("0038_order_months_in_ist.sql"));
    await h.db.execute(sql.raw(old.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")));
    await h.db.execute(sql.raw(recut!.replaceAll("+ interval '330 minutes'", "")));
    expect(await bounds()).toEqual(["00:00:00+00"]);
    const before = await book();

    await h.db.execute(sql.raw(fn!));
    await h.db.execute(sql.raw(recut!));
    expect(await bounds()).toEqual(["18:30:00+00"]);
    expect(await book()).toEqual(before);
    expect(await rows(sql`select 1 from orders_default union all select 1 from tracking_events_default`)).toEqual([]);
    // Each order in its IST month's partition.
    expect(
      await rows(
        sql`select id from orders where ${IST_MONTH} <> replace(substring(tableoid::regclass::text from 8), '_', '-')`,
      ),
    ).toEqual([]);
  });
});
