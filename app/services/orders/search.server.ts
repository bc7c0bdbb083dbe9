/**
 * Single Search Record (docs/product.md §2, §3): the orders — or, for Seller Email, the sellers —
 * that match the header search, limited to the clients the signed-in staff may see (the same
 * scope rule as All Users), 50 to a page, newest first.
 */
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { WithSubquery } from "drizzle-orm/subquery";

import { clientScopeCondition, hierarchyMember, type Viewer, withHierarchy } from "../clients/clients.server";
import { containsPattern } from "../core/like";
import { anyOfTexts } from "../db/any-of";
import type { Db } from "../db/client.server";
import { preparedQuery } from "../db/prepared.server";
import { clients, orderCustomerNames, orders, trackingEvents } from "../db/schema";
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchType } from "./search";

/** The POCs of an order or seller (decision 023): sales = the client's BDM, retention = its TL, ops = its AVP. */
const POC_IDS = { bdm_id: clients.bdm_id, tl_id: clients.tl_id, avp_id: clients.avp_id };
const POC_ROLES = ["bdm", "tl", "avp"] as const;
type Pocs<R> = Omit<R, "bdm" | "tl" | "avp" | "bdm_id" | "tl_id" | "avp_id"> &
  Record<"sales" | "retention" | "ops", { id: number; name: string; email: string } | null>;

/** A page of rows with their POCs, read in one query for the page (withHierarchy). */
async function withPocs<R extends { bdm_id: number | null; tl_id: number | null; avp_id: number | null }>(
  db: Db,
  rows: R[],
): Promise<Pocs<R>[]> {
  // (TypeScript cannot see through the generic Omit of Omit: the shape is Pocs<R>.)
  return (await withHierarchy(db, rows, POC_ROLES)).map(({ bdm, tl, avp, ...row }) => ({
    ...row,
    sales: bdm,
    retention: tl,
    ops: avp,
  })) as unknown as Pocs<R>[];
}

export type OrderSearchRow = Pocs<Awaited<ReturnType<typeof orderRows>>[number]>;
export type SellerSearchRow = Pocs<Awaited<ReturnType<typeof sellerRows>>[number]>;

/** `more`: the orders found exceed SEARCH_COUNT_CAP, and `total` is the cap, not a count of them all. */
export type SearchResult =
  | { kind: "orders"; rows: OrderSearchRow[]; total: number; more: boolean; page: number; pages: number }
  | { kind: "sellers"; rows: SellerSearchRow[]; total: number; page: number; pages: number };

function orderCondition(type: Exclude<SearchType, "seller_email">, value: string) {
  switch (type) {
    case "tracking_id":
      return eq(orders.pickrr_tracking_id, value);
    case "courier_tracking_id":
      return eq(orders.courier_tracking_id, value);
    case "client_order_id":
      // On the unique index of (client_order_id, client_id) (decision 058).
      return eq(orders.client_order_id, value);
    case "phone":
      return eq(orders.customer_phone, value);
    case "customer_name":
      // Contains, on the trigram index of lower(customer_name) (migration 0009).
      return sql`lower(${orders.customer_name}) like ${containsPattern(value)}`;
  }
}

/**
 * A Customer Name search through the book's names (decision 093): up to this many matching names
 * are looked up by equality; more (a short, common fragment) and the orders are searched directly.
 */
export const NAME_LOOKUP_LIMIT = 500;

/** The days a name search reads first (decision 093), for a viewer who sees some clients only. */
export const RECENT_DAYS = 31;

/**
 * A vp's name search reads the names' orders from the newest back, first this many days, each next
 * read reaching as far as the matches found so far say the cap needs, until the cap is passed
 * (order_name_newest, decision 099): a fragment whose names fill the cap within a day reads a
 * day's matches, not a month's; a name with a few hundred orders reads a day, then the book.
 */
export const NAME_FIRST_DAYS = 1;

/**
 * The condition of a search. A customer name is first matched against `order_customer_names`
 * (thousands of names, not millions of orders): the orders of the names found are then read by
 * equality, from orders_customer_name_idx alone — the same orders as the contains condition finds.
 * `names`: the names looked up (null: none, the orders are searched directly); null when no name of
 * the book contains the text.
 */
async function searchCondition(
  db: Db,
  type: Exclude<SearchType, "seller_email">,
  value: string,
  nameLookup = true,
): Promise<{ condition: SQL; names: string[] | null } | null> {
  if (type !== "customer_name" || !nameLookup) return { condition: orderCondition(type, value), names: null };
  // Built once per database (decision 051): a search's statements are most of its server's work.
  const namesLike = preparedQuery(db, "search-names", () =>
    db
      .select({ name: orderCustomerNames.name })
      .from(orderCustomerNames)
      .where(sql`${orderCustomerNames.name} like ${sql.placeholder("pattern")}`)
      .limit(NAME_LOOKUP_LIMIT + 1),
  );
  const names = (await namesLike.execute({ pattern: containsPattern(value) })).map((r) => r.name);
  if (names.length > NAME_LOOKUP_LIMIT) return { condition: orderCondition(type, value), names: null };
  if (names.length === 0) return null;
  return { condition: anyOfTexts(sql`lower(${orders.customer_name})`, names), names };
}

/** What the result table shows of an order (the loader's data for 50 rows goes into the page twice: markup and hydration data). */
const orderColumns = {
  id: orders.id,
  pickrr_order_id: orders.pickrr_order_id,
  pickrr_tracking_id: orders.pickrr_tracking_id,
  courier_tracking_id: orders.courier_tracking_id,
  client_order_id: orders.client_order_id,
  courier_name: orders.courier_name,
  placed_at: orders.placed_at,
  pickup_at: orders.pickup_at,
  current_status: orders.current_status,
  edd_stamp: orders.edd_stamp,
  promise_edd: orders.promise_edd,
  items: orders.items,
  invoice_value: orders.invoice_value,
  payment_mode: orders.payment_mode,
  cod_amount: orders.cod_amount,
  customer_name: orders.customer_name,
  customer_phone: orders.customer_phone,
  customer_address: orders.customer_address,
  drop_state: orders.drop_state,
  drop_pincode: orders.drop_pincode,
  last_synced_at: orders.last_synced_at,
};

/** A list's row: its POCs' ids, for withPocs. */
const orderListColumns = { ...orderColumns, ...POC_IDS };

/** One order's page shows these as well (one row: its POCs as subqueries, hierarchyMember). */
const orderDetailColumns = {
  ...orderColumns,
  sales: hierarchyMember(clients.bdm_id),
  retention: hierarchyMember(clients.tl_id),
  ops: hierarchyMember(clients.avp_id),
  service: orders.service,
  drop_city: orders.drop_city,
  client_id: clients.id,
  seller_email: clients.email,
};

/** Every order search reads orders with their client, newest first (the same order throughout). */
const withClient = eq(clients.id, orders.client_id);
const newestFirst = [desc(orders.placed_at), desc(orders.id)] as const;

function orderRows(db: Db, where: ReturnType<typeof and>, page: number) {
  return db
    .select(orderListColumns)
    .from(orders)
    .innerJoin(clients, withClient)
    .where(where)
    .orderBy(...newestFirst)
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
}

function sellerRows(db: Db, where: ReturnType<typeof and>, page: number) {
  return db
    .select({ id: clients.id, email: clients.email, name: clients.name, ...POC_IDS })
    .from(clients)
    .where(where)
    .orderBy(clients.id)
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
}

/**
 * The page's rows with the count of the matches (to one past the cap), in one statement; `since`:
 * the window a name search reads first (searchRecords), or null.
 */
function pageWithCount(db: Db, scope: SQL | undefined, where: SQL | undefined, since: Date | null, from: number) {
  // The matches' ids: joined to their clients only for a viewer who sees some clients alone (a
  // vp's search needs no client row: every order has one).
  const matches = (w: SQL | undefined) => {
    const ids = db.select({ id: orders.id, placed_at: orders.placed_at }).from(orders).$dynamic();
    return (scope ? ids.innerJoin(clients, withClient) : ids)
      .where(w)
      .orderBy(...newestFirst)
      .limit(SEARCH_COUNT_CAP + 1);
  };
  let found = db.$with("found").as(matches(where));
  let ctes: WithSubquery[] = [found];
  if (since) {
    const recent = db.$with("recent").as(matches(and(where, gte(orders.placed_at, since))));
    const windowFull = sql`(select count(*) from ${recent}) > ${SEARCH_COUNT_CAP}`;
    const whole = db.$with("whole").as(matches(and(where, sql`not ${windowFull}`)));
    found = db
      .$with("found")
      .as(
        unionAll(
          db.select({ id: recent.id, placed_at: recent.placed_at }).from(recent).where(windowFull),
          db.select({ id: whole.id, placed_at: whole.placed_at }).from(whole),
        ),
      );
    ctes = [recent, whole, found];
  }
  const pageIds = db
    .select({ id: found.id })
    .from(found)
    .orderBy(desc(found.placed_at), desc(found.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset(from);
  return db
    .with(...ctes)
    .select({ ...orderListColumns, found: sql<number>`(select count(*) from ${found})::int` })
    .from(orders)
    .innerJoin(clients, withClient)
    .where(inArray(orders.id, pageIds))
    .orderBy(...newestFirst);
}

/** A page of a vp's name search with the count, through order_name_newest (decision 099), built once per database. */
function nameSearchPage(db: Db) {
  return preparedQuery(db, "search-name-page", () =>
    db
      .select({ ...orderListColumns, found: sql<number>`page.found` })
      .from(
        sql`order_name_newest(${sql.placeholder("names")}::text[], ${sql.placeholder("now")}::timestamptz, ${sql.placeholder("first")}::double precision, ${SEARCH_COUNT_CAP}, ${SEARCH_PAGE_SIZE}, ${sql.placeholder("from")}) as page`,
      )
      .innerJoin(orders, sql`${orders.id} = page.order_id and ${orders.placed_at} = page.order_placed_at`)
      .innerJoin(clients, withClient)
      .orderBy(...newestFirst),
  );
}

/** The page of results (1-based) for a parsed search, within the viewer's clients. */
export async function searchRecords(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  search: { type: SearchType; value: string },
  page = 1,
  /**
   * `nameLookup: false` searches a name's orders directly, as when too many names match
   * (bench-orders pairs the two); `recentDays`: the days a scoped viewer's name search reads
   * first; `firstDays`: how far a vp's first read reaches.
   */
  {
    nameLookup = true,
    recentDays = RECENT_DAYS,
    firstDays = NAME_FIRST_DAYS,
  }: { nameLookup?: boolean; recentDays?: number; firstDays?: number } = {},
): Promise<SearchResult> {
  const scope = clientScopeCondition(viewer);
  if (search.type === "seller_email") {
    const where = and(scope, sql`lower(${clients.email}) = ${search.value}`);
    const [rows, [{ n }]] = await Promise.all([
      sellerRows(db, where, page),
      db.select({ n: count() }).from(clients).where(where),
    ]);
    return {
      kind: "sellers",
      rows: await withPocs(db, rows),
      total: n,
      page,
      pages: Math.max(1, Math.ceil(n / SEARCH_PAGE_SIZE)),
    };
  }
  const matched = await searchCondition(db, search.type, search.value, nameLookup);
  // No name of the book contains the text: no order can, and none is read.
  if (!matched) return { kind: "orders", rows: [], total: 0, more: false, page, pages: page };
  const where = and(scope, matched.condition);
  const from = (page - 1) * SEARCH_PAGE_SIZE;
  // A scoped viewer's name search looks at the last RECENT_DAYS first (decision 093): when they
  // hold more matches than the count's cap, the newest matches of the whole book are all among
  // them, and the older months need not be read. Fewer, and the whole book is searched — in the
  // same statement: the whole book's scan sits under a condition on the window's count alone,
  // which PostgreSQL decides once, before the scan (a one-time filter), so it is read only when
  // the window cannot answer. One name (a whole name as typed) has too few orders a month for the
  // window to be worth it: its orders are read at once.
  const windowed = search.type === "customer_name" && matched.names?.length !== 1 && from < SEARCH_COUNT_CAP;
  const now = Date.now();
  // The matches are found once, in one statement: their ids in page order to one past the cap
  // (the count stops there), the page's rows read by id, and the count. A name search's scan is
  // most of its cost, and counting with a second query ran it twice. An empty page past page 1
  // counts on its own (nothing else carries the count); a page past the cap reads its rows itself.
  // For a viewer who sees every client, the names' matches come from order_name_newest (decision
  // 099): read from the newest back, further each time until the cap is passed, planned once per
  // connection (decision 095). A scoped viewer's join to its clients is planned for the
  // viewer, as are other searches.
  const withCount =
    !scope && matched.names && from < SEARCH_COUNT_CAP
      ? await nameSearchPage(db).execute({
          names: matched.names,
          now: new Date(now).toISOString(),
          first: firstDays,
          from,
        })
      : await pageWithCount(db, scope, where, windowed ? new Date(now - recentDays * 86_400_000) : null, from);
  let n = withCount[0]?.found ?? 0;
  if (withCount.length === 0 && page > 1)
    n = (
      await db.select({ n: count() }).from(
        db
          .select({ one: sql`1` })
          .from(orders)
          .innerJoin(clients, withClient)
          .where(where)
          .limit(SEARCH_COUNT_CAP + 1)
          .as("counted"),
      )
    )[0].n;
  const rows = await withPocs(
    db,
    from >= SEARCH_COUNT_CAP && n > SEARCH_COUNT_CAP
      ? await orderRows(db, where, page)
      : withCount.map(({ found: _found, ...row }) => row),
  );
  const more = n > SEARCH_COUNT_CAP;
  const total = Math.min(n, SEARCH_COUNT_CAP);
  // Past the cap the pages go on while a page is full (the URL may ask for any of them).
  const pages = Math.max(
    1,
    Math.ceil(total / SEARCH_PAGE_SIZE),
    more && rows.length === SEARCH_PAGE_SIZE ? page + 1 : page,
  );
  return { kind: "orders", rows, total, more, page, pages };
}

/** One order with its client, if the viewer may see it (null otherwise: a 404, never a hint). */
export async function orderForViewer(db: Db, viewer: Pick<Viewer, "id" | "role">, pickrrOrderId: string) {
  const [row] = await db
    .select({
      ...orderDetailColumns,
      charge: orders.charge,
      charged_amount: orders.charged_amount,
      dead_weight: orders.dead_weight,
      length: orders.length,
      breadth: orders.breadth,
      height: orders.height,
      pickup_city: orders.pickup_city,
      pickup_pincode: orders.pickup_pincode,
      order_zone: orders.order_zone,
    })
    .from(orders)
    .innerJoin(clients, withClient)
    .where(and(clientScopeCondition(viewer), eq(orders.pickrr_order_id, pickrrOrderId)));
  return row ?? null;
}

/** An order's tracking timeline, oldest scan first (the order page; the order is one orderForViewer let the viewer see). */
export async function orderTimeline(db: Db, orderId: number) {
  return db
    .select({
      id: trackingEvents.id,
      at: trackingEvents.at,
      status: trackingEvents.status,
      location: trackingEvents.location,
    })
    .from(trackingEvents)
    .where(eq(trackingEvents.order_id, orderId))
    .orderBy(asc(trackingEvents.at), asc(trackingEvents.id));
}
