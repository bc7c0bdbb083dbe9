/**
 * The order book on a real database (decision 023, first slice): the seeded orders are priced by
 * the Rate Calculator's engine and keep that charge frozen, their status follows from their
 * scan events, and every search type finds them — only within the viewer's clients.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { anyOfTexts } from "~/services/db/any-of";
import type { DbHandle } from "~/services/db/client.server";
import { clients, orders, rateRows, staff, trackingEvents } from "~/services/db/schema";
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from "~/services/orders/search";
import { NAME_LOOKUP_LIMIT, orderForViewer, orderTimeline, searchRecords } from "~/services/orders/search.server";
import { deriveState, type ScanEvent } from "~/services/orders/status";
import { parseCalculator } from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";
import { SEED_REFERENCE_DATE } from "~/services/seed/people";

import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers: Record<string, { id: number; role: "vp" | "tl" | "bdm" }> = {};

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const [email, role] of [
    ["vp@demo.test", "vp"],
    ["tl@demo.test", "tl"],
  ] as const) {
    const [row] = await h.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    viewers[role] = { id: row.id, role };
  }
});
afterAll(() => h?.close());

describe("the seeded order book", () => {
  it("has orders whose status is what their scan events say, about 60 % COD", async () => {
    const [{ n, cod }] = (
      await h.db.execute(
        sql`select count(*)::int as n, count(*) filter (where payment_mode = 'cod')::int as cod from orders`,
      )
    ).rows as { n: number; cod: number }[];
    expect(n).toBe(1500);
    expect(cod / n).toBeGreaterThan(0.5);
    expect(cod / n).toBeLessThan(0.7);
    const sample = await h.db.select().from(orders).orderBy(asc(orders.id)).limit(200);
    for (const o of sample) {
      const events = await h.db.select().from(trackingEvents).where(eq(trackingEvents.order_id, o.id));
      const state = deriveState(
        events.map((e) => ({
          status: e.status as ScanEvent["status"],
          at: e.at,
          courier_event_id: e.courier_event_id,
        })),
      );
      expect(state.current_status, o.pickrr_order_id).toBe(o.current_status);
      expect(state.pickup_at?.getTime() ?? null).toBe(o.pickup_at?.getTime() ?? null);
    }
  });

  it("froze the charge the Rate Calculator quotes for the same shipment, and a later rate edit leaves it", async () => {
    const [o] = await h.db.select().from(orders).where(eq(orders.payment_mode, "cod")).orderBy(asc(orders.id)).limit(1);
    const parsed = parseCalculator({
      shipment_type: "forward",
      pickup_pincode: String(o.pickup_pincode),
      drop_pincode: String(o.drop_pincode),
      delivery_mode: "express",
      length: o.length,
      breadth: o.breadth,
      height: o.height,
      weight: o.dead_weight,
      payment_mode: "cod",
      cod_amount: "899",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const q = await quoteForClient(h.db, o.client_id, parsed.input, SEED_REFERENCE_DATE);
    if (!q.ok) throw new Error(q.message);
    const entry = q.quote.rate_list.find((r) => r.courier_id === q.quote.selected_courier_id)!;
    expect(entry.courier_id).toBe(o.courier_service_id);
    expect(
      entry.base_price_multiplier * entry.base_price +
        entry.additional_price_multiplier * entry.additional_price +
        entry.cod_charge +
        entry.surcharge,
    ).toBe(o.charge.total);
    expect(Number(o.charged_amount)).toBe(o.charge.total / 100);
    // The client's rate row changes after placement: the order keeps its charge.
    await h.db
      .update(rateRows)
      .set({
        zone_a_base: "999.00",
        zone_b_base: "999.00",
        zone_c_base: "999.00",
        zone_d_base: "999.00",
        zone_e_base: "999.00",
      })
      .where(eq(rateRows.client_id, o.client_id));
    const [again] = await h.db
      .select({ charge: orders.charge, charged_amount: orders.charged_amount })
      .from(orders)
      .where(eq(orders.id, o.id));
    expect(again).toEqual({ charge: o.charge, charged_amount: o.charged_amount });
  });
});

describe("searching orders", () => {
  it("finds an order by each of its ids, its phone and part of the customer's name", async () => {
    const [o] = await h.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    for (const [type, value] of [
      ["tracking_id", o.pickrr_tracking_id],
      ["courier_tracking_id", o.courier_tracking_id],
      ["phone", o.customer_phone],
      ["customer_name", o.customer_name.toLowerCase().slice(1, 6)],
    ] as const) {
      const result = await searchRecords(h.db, viewers.vp, { type, value });
      expect(result.kind).toBe("orders");
      expect(
        result.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : "")),
        type,
      ).toContain(o.pickrr_order_id);
    }
    const [seller] = await h.db.select({ email: clients.email }).from(clients).where(eq(clients.id, o.client_id));
    const sellers = await searchRecords(h.db, viewers.vp, { type: "seller_email", value: seller.email.toLowerCase() });
    expect(sellers).toMatchObject({ kind: "sellers", total: 1 });
  });

  it("gives every order and seller found its client's POCs: sales the BDM, retention the TL, ops the AVP", async () => {
    const people = new Map(
      (await h.db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff)).map((p) => [p.id, p]),
    );
    const owners = new Map(
      (
        await h.db
          .select({ id: clients.id, email: clients.email, bdm: clients.bdm_id, tl: clients.tl_id, avp: clients.avp_id })
          .from(clients)
      ).map((c) => [c.id, c]),
    );
    const clientOf = new Map(
      (
        await h.db
          .select({ id: orders.pickrr_order_id, client: orders.client_id })
          .from(orders)
          .where(sql`lower(${orders.customer_name}) like '%a%'`)
          .limit(5_000)
      ).map((o) => [o.id, o.client]),
    );
    const pocs = (c: { bdm: number | null; tl: number | null; avp: number | null }) => ({
      sales: c.bdm === null ? null : people.get(c.bdm),
      retention: c.tl === null ? null : people.get(c.tl),
      ops: c.avp === null ? null : people.get(c.avp),
    });
    const found = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: "a" });
    expect(found.rows).toHaveLength(SEARCH_PAGE_SIZE);
    expect(
      new Set(found.rows.map((r) => ("pickrr_order_id" in r ? clientOf.get(r.pickrr_order_id) : 0))).size,
    ).toBeGreaterThan(1);
    for (const row of found.rows) {
      if (!("pickrr_order_id" in row)) throw new Error("an order row expected");
      expect(row, row.pickrr_order_id).toMatchObject(pocs(owners.get(clientOf.get(row.pickrr_order_id)!)!));
    }
    const seller = owners.get(clientOf.values().next().value!)!;
    const sellers = await searchRecords(h.db, viewers.vp, { type: "seller_email", value: seller.email.toLowerCase() });
    expect(sellers.rows[0]).toMatchObject(pocs(seller));
  });

  it("keeps new orders out of a pending list the name search would scan each time (the trigram index without fastupdate, migration 0021)", async () => {
    const [index] = (
      await h.db.execute(sql`select reloptions from pg_class where relname = 'orders_customer_name_trgm_idx'`)
    ).rows as { reloptions: string[] | null }[];
    expect(index.reloptions).toContain("fastupdate=off");
  });

  it("counts a search's orders up to the cap and says there are more past it", async () => {
    const count = async (like: string) =>
      (
        (await h.db.execute(sql`select count(*)::int as n from orders where lower(customer_name) like ${like}`))
          .rows as { n: number }[]
      )[0].n;
    const common = (await count("%a%")) > SEARCH_COUNT_CAP ? "a" : "e";
    expect(await count(`%${common}%`)).toBeGreaterThan(SEARCH_COUNT_CAP);
    const first = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: common });
    expect(first).toMatchObject({
      kind: "orders",
      total: SEARCH_COUNT_CAP,
      more: true,
      page: 1,
      pages: SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE,
    });
    expect(first.rows).toHaveLength(SEARCH_PAGE_SIZE);
    // Past the cap, the next page is offered while the page is full.
    const last = await searchRecords(
      h.db,
      viewers.vp,
      { type: "customer_name", value: common },
      SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE,
    );
    expect(last).toMatchObject({ more: true, pages: SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE + 1 });
    // Each page holds exactly its slice of the matches, newest first — within the cap and past it.
    const expected = (
      (
        await h.db.execute(
          sql`select pickrr_order_id from orders where lower(customer_name) like ${`%${common}%`} order by placed_at desc, id desc limit ${SEARCH_COUNT_CAP + SEARCH_PAGE_SIZE}`,
        )
      ).rows as { pickrr_order_id: string }[]
    ).map((r) => r.pickrr_order_id);
    const lastInCap = SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE;
    for (const page of [1, 2, lastInCap, lastInCap + 1]) {
      const result = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: common }, page);
      const ids = result.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : ""));
      expect(ids, `page ${page}`).toEqual(expected.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE));
    }
    // Under the cap, the count is exact.
    const [o] = await h.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const name = o.customer_name.toLowerCase();
    const exact = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: name });
    expect(exact).toMatchObject({ total: await count(`%${name}%`), more: false });
  });

  it("finds a customer name through the book's names: the same orders as a contains search of the orders (decision 093)", async () => {
    // Every name of the book is in order_customer_names, lowered, once: the seed's bulk inserts kept it.
    const [{ missing, extra }] = (
      await h.db.execute(sql`select
          (select count(*)::int from (select distinct lower(customer_name) as n from orders) o
            where not exists (select 1 from order_customer_names c where c.name = o.n)) as missing,
          (select count(*)::int from order_customer_names c
            where not exists (select 1 from orders o where lower(o.customer_name) = c.name)) as extra`)
    ).rows as { missing: number; extra: number }[];
    expect({ missing, extra }).toEqual({ missing: 0, extra: 0 });
    const namesLike = async (value: string) =>
      (
        (
          await h.db.execute(
            sql`select count(*)::int as n from order_customer_names where name like ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          )
        ).rows as { n: number }[]
      )[0].n;
    const [o] = await h.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const whole = o.customer_name.toLowerCase();
    const first = whole.split(" ")[0];
    const inside = whole.slice(1, 5);
    // A whole name, a first name, a fragment from inside a word, a fragment across the space, and
    // a fragment so common that more names match than are looked up (the orders searched directly).
    const across = whole.slice(Math.max(0, whole.indexOf(" ") - 2), whole.indexOf(" ") + 3);
    const values = [whole, first, inside, across, "a", "e", "100%", "x_y"];
    expect(await namesLike(whole)).toBeLessThanOrEqual(NAME_LOOKUP_LIMIT);
    expect(await namesLike("a")).toBeGreaterThan(NAME_LOOKUP_LIMIT);
    // A name search reads its last days first: a window holding more matches than the count's cap,
    // but not every match, gives the whole book's newest all the same (pages 1, 2 and the cap's last).
    const [{ days, older }] = (
      await h.db.execute(
        sql`with m as (select placed_at from orders where lower(customer_name) like '%a%'
              order by placed_at desc, id desc offset ${SEARCH_COUNT_CAP + 1} limit 1)
            select ceil(extract(epoch from now() - m.placed_at) / 86400)::int as days,
              (select count(*)::int from orders where lower(customer_name) like '%a%'
                and placed_at < now() - make_interval(days => ceil(extract(epoch from now() - m.placed_at) / 86400)::int)) as older
            from m`,
      )
    ).rows as { days: number; older: number }[];
    expect(older, "matches older than the window").toBeGreaterThan(0);
    const newest = (
      (
        await h.db.execute(
          sql`select pickrr_order_id from orders where lower(customer_name) like '%a%' order by placed_at desc, id desc limit ${SEARCH_COUNT_CAP}`,
        )
      ).rows as { pickrr_order_id: string }[]
    ).map((r) => r.pickrr_order_id);
    for (const page of [1, 2, SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE]) {
      const windowed = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: "a" }, page, {
        recentDays: days,
      });
      expect(
        windowed.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : "")),
        `window of ${days} days, page ${page}`,
      ).toEqual(newest.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE));
      expect(windowed).toMatchObject({ total: SEARCH_COUNT_CAP, more: true });
    }
    for (const viewer of [viewers.vp, viewers.tl]) {
      for (const value of values) {
        const like = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const expected = (
          (
            await h.db.execute(
              sql`select o.pickrr_order_id from orders o join clients c on c.id = o.client_id
                where lower(o.customer_name) like ${like} ${viewer.role === "tl" ? sql`and c.tl_id = ${viewer.id}` : sql``}
                order by o.placed_at desc, o.id desc limit ${SEARCH_COUNT_CAP + 1}`,
            )
          ).rows as { pickrr_order_id: string }[]
        ).map((r) => r.pickrr_order_id);
        for (const page of [1, 2]) {
          const result = await searchRecords(h.db, viewer, { type: "customer_name", value }, page);
          const ids = result.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : ""));
          expect(ids, `${viewer.role} “${value}” page ${page}`).toEqual(
            expected.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE),
          );
          expect(result, `${viewer.role} “${value}”`).toMatchObject({
            total: Math.min(expected.length, SEARCH_COUNT_CAP),
            more: expected.length > SEARCH_COUNT_CAP,
          });
        }
      }
    }
    // The search reads the names table: a name taken out of it is not found (rolled back).
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from order_customer_names where name = ${whole}`);
        const gone = await searchRecords(tx as unknown as typeof h.db, viewers.vp, {
          type: "customer_name",
          value: whole,
        });
        expect(gone.total).toBe(0);
        throw new Error("roll back");
      })
      .catch((e: Error) => {
        if (e.message !== "roll back") throw e;
      });
  });

  it("reads a vp's name search through order_name_newest: from the newest back, further each time, to one past the cap (decision 099)", async () => {
    // The function's cap is a parameter: a small one is filled within days of a small book.
    const cap = 30;
    const names = (
      (await h.db.execute(sql`select name from order_customer_names where name like '%an%' order by name`)).rows as {
        name: string;
      }[]
    ).map((r) => r.name);
    const matches = (
      (
        await h.db.execute(
          sql`select id, extract(epoch from placed_at) * 1000 as at from orders
            where ${anyOfTexts(sql`lower(customer_name)`, names)} order by placed_at desc, id desc`,
        )
      ).rows as { id: number; at: number }[]
    ).map((r) => ({ id: Number(r.id), at: Number(r.at) }));
    expect(matches.length, "more matches than the cap and a page").toBeGreaterThan(cap + 10);
    const call = async (now: Date, first: number | null, limit: number, offset: number) =>
      (
        (
          await h.db.execute(
            sql`select order_id, found from order_name_newest(${sql.param(names)}::text[], ${now.toISOString()}::timestamptz,
              ${first}::double precision, ${cap}, ${limit}, ${offset})`,
          )
        ).rows as { order_id: number; found: number }[]
      ).map((r) => [Number(r.order_id), Number(r.found)]);
    const newest = matches.slice(0, cap + 1).map((m) => m.id);
    // Days from the newest match's time to the match after the cap's: a first read that fills the cap.
    const after = new Date(matches[0].at + 1000);
    const fills = Math.ceil((after.getTime() - matches[cap + 1].at) / 86_400_000);
    expect(matches.at(-1)!.at, "a match older than the read that fills the cap").toBeLessThan(
      after.getTime() - fills * 86_400_000,
    );
    // The cap filled by the first read; by several, the first a tenth of a day (each next reaching
    // as far as the matches found say); after empty reads (a `now` long after the newest order); by
    // the whole book at once (no first reach); and by a first read that takes everything (a `now`
    // older than every order).
    for (const [now, first] of [
      [after, fills],
      [after, 0.1],
      [new Date("2999-01-01"), 1],
      [after, null],
      [new Date("2000-01-01"), 1],
    ] as const) {
      for (const [limit, offset] of [
        [10, 0],
        [10, 10],
        [10, 25],
        [10, cap + 1],
      ]) {
        expect(
          await call(now, first, limit, offset),
          `now ${now.toISOString()}, first ${first} days, ${limit} from ${offset}`,
        ).toEqual(newest.slice(offset, offset + limit).map((id) => [id, cap + 1]));
      }
    }
    // Only as far back as it needs is read: the rows and index entries read and fetched from the
    // order book (the statistics PostgreSQL keeps of every table and index, as the current
    // transaction counts them) are fewer when the first read fills the cap than when the whole
    // book is read at once. On the embedded database (one table) the name index is read at any
    // size; PostgreSQL plans this small book's months as a walk of placed_at stopped by the cap
    // instead (at 10,000,000 orders it reads the name index: docs/performance-log.md).
    const readFromBook = (now: Date, first: number | null) =>
      h.db.transaction(async (tx) => {
        const read = async () =>
          Number(
            (
              (
                await tx.execute(sql`with book as (select 'orders'::regclass::oid as relid union all select inhrelid from pg_inherits where inhparent = 'orders'::regclass)
                  select coalesce(sum(pg_stat_get_xact_tuples_returned(r) + pg_stat_get_xact_tuples_fetched(r)), 0)::bigint as n from (
                    select relid as r from book union all select indexrelid from pg_index where indrelid in (select relid from book)
                  ) rels`)
              ).rows as { n: string }[]
            )[0].n,
          );
        const before = await read();
        await tx.execute(
          sql`select order_id from order_name_newest(${sql.param(names)}::text[], ${now.toISOString()}::timestamptz,
            ${first}::double precision, ${cap}, 10, 0)`,
        );
        return (await read()) - before;
      });
    if (h.kind === "pglite") {
      const atOnce = await readFromBook(after, null);
      expect(atOnce).toBeGreaterThanOrEqual(matches.length);
      expect(await readFromBook(after, fills)).toBeLessThan(atOnce);
      // Short reads first: once the cap is passed the rest of the book is not read.
      expect(await readFromBook(after, 0.1)).toBeLessThan(atOnce);
    }
    // Fewer matches than the cap: the count is exact (a whole name).
    const few = names.slice(0, 3);
    const [{ n }] = (
      await h.db.execute(sql`select count(*)::int as n from orders where ${anyOfTexts(sql`lower(customer_name)`, few)}`)
    ).rows as { n: number }[];
    const exact = await h.db.execute(
      sql`select found from order_name_newest(${sql.param(few)}::text[], now(), 1, ${SEARCH_COUNT_CAP}, ${SEARCH_PAGE_SIZE}, 0)`,
    );
    expect((exact.rows as { found: number }[]).map((r) => Number(r.found))).toEqual(Array(Number(n)).fill(Number(n)));
    // Through the page: a page past a name's last is empty and its count still given.
    const whole = names[0];
    const wholeIds = (
      (
        await h.db.execute(
          sql`select pickrr_order_id from orders where lower(customer_name) like ${`%${whole}%`}
            order by placed_at desc, id desc`,
        )
      ).rows as { pickrr_order_id: string }[]
    ).map((r) => r.pickrr_order_id);
    const one = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: whole });
    expect(one.rows.map((r) => ("pickrr_order_id" in r ? r.pickrr_order_id : ""))).toEqual(
      wholeIds.slice(0, SEARCH_PAGE_SIZE),
    );
    expect(one).toMatchObject({
      total: wholeIds.length,
      more: false,
      pages: Math.ceil(wholeIds.length / SEARCH_PAGE_SIZE),
    });
    const past = await searchRecords(h.db, viewers.vp, { type: "customer_name", value: whole }, 90);
    expect(past).toMatchObject({ rows: [], total: wholeIds.length, more: false });
  });

  it("gives a vp's name search through order_name_newest the same rows, field for field, as the orders read directly (decisions 095, 099)", async () => {
    const [o] = await h.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const first = o.customer_name.toLowerCase().split(" ")[0];
    for (const value of [o.customer_name.toLowerCase(), first]) {
      const through = await searchRecords(h.db, viewers.vp, { type: "customer_name", value }, 1);
      const direct = await searchRecords(h.db, viewers.vp, { type: "customer_name", value }, 1, {
        nameLookup: false,
      });
      expect(through.rows.length, value).toBeGreaterThan(0);
      // Every column of the row as its type (dates, amounts as text, the items' JSON, the POCs).
      expect(through, value).toEqual(direct);
      const row = through.rows[0] as Extract<(typeof through.rows)[number], { placed_at: unknown }>;
      expect(row.placed_at).toBeInstanceOf(Date);
      expect(typeof row.invoice_value).toBe("string");
      expect(Array.isArray(row.items)).toBe(true);
    }
  });

  it("shows a tl only their own clients' orders, in search and by URL", async () => {
    const [mine] = (
      await h.db.execute(
        sql`select o.pickrr_order_id, o.pickrr_tracking_id from orders o join clients c on c.id = o.client_id where c.tl_id = ${viewers.tl.id} order by o.id limit 1`,
      )
    ).rows as { pickrr_order_id: string; pickrr_tracking_id: string }[];
    const [theirs] = (
      await h.db.execute(
        sql`select o.pickrr_order_id, o.pickrr_tracking_id from orders o join clients c on c.id = o.client_id where c.tl_id is distinct from ${viewers.tl.id} order by o.id limit 1`,
      )
    ).rows as { pickrr_order_id: string; pickrr_tracking_id: string }[];
    expect((await searchRecords(h.db, viewers.tl, { type: "tracking_id", value: mine.pickrr_tracking_id })).total).toBe(
      1,
    );
    expect(
      (await searchRecords(h.db, viewers.tl, { type: "tracking_id", value: theirs.pickrr_tracking_id })).total,
    ).toBe(0);
    expect(
      (await searchRecords(h.db, viewers.vp, { type: "tracking_id", value: theirs.pickrr_tracking_id })).total,
    ).toBe(1);
    expect(await orderForViewer(h.db, viewers.tl, theirs.pickrr_order_id)).toBeNull();
    expect(await orderForViewer(h.db, viewers.tl, mine.pickrr_order_id)).not.toBeNull();
  });

  it("gives an order's timeline oldest scan first, every scan of it and no other", async () => {
    const [busiest] = (
      await h.db.execute(
        sql`select order_id from tracking_events group by order_id order by count(*) desc, order_id limit 1`,
      )
    ).rows as { order_id: number }[];
    const timeline = await orderTimeline(h.db, busiest.order_id);
    const stored = await h.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.order_id, busiest.order_id))
      .orderBy(asc(trackingEvents.at), asc(trackingEvents.id));
    expect(timeline.length).toBeGreaterThan(1);
    expect(timeline).toEqual(stored.map(({ id, at, status, location }) => ({ id, at, status, location })));
  });
});
