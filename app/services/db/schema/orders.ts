/** The order book (decision 023): orders with their charge frozen at placement, and tracking events. */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { clients } from "./clients";
import { couriers } from "./couriers";
import { billingCycles, codRemittances } from "./money";

export type OrderItem = { name: string; sku: string; quantity: number };

/**
 * The invoice amount details as they were when the order was placed (docs/product.md §3): later
 * rate-card edits never change them. Money in paise (integers), weights in kg.
 */
export type FrozenCharge = {
  courier: string;
  zone: string;
  divisor: number;
  dead_weight: number;
  volumetric_weight: number;
  chargeable_weight: number;
  base_weight: number;
  additional_weight: number;
  base_price: number;
  additional_price: number;
  base_price_multiplier: number;
  additional_price_multiplier: number;
  cod_charge: number;
  surcharge: number;
  total: number;
  /** Which card priced it: "client" (the client's own rate card). */
  rate_card: string;
};

/**
 * Each order's global keys (decision 085): the order book is partitioned by month, and PostgreSQL
 * keeps a unique index of a partitioned table per partition only; this narrow table, not
 * partitioned, keeps the ids unique across every month, archived ones included. Triggers on
 * `orders` (migration 0031) write it: no code inserts here. A taken (client_order_id, client_id)
 * skips the order row, so a placement's `insert … returning` gets nothing (decision 058's 409).
 */
export const orderKeys = pgTable(
  "order_keys",
  {
    id: integer("id").primaryKey(),
    pickrr_order_id: text("pickrr_order_id").notNull(),
    pickrr_tracking_id: text("pickrr_tracking_id").notNull(),
    client_id: integer("client_id").notNull(),
    client_order_id: text("client_order_id"),
    placed_at: timestamp("placed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("order_keys_pickrr_order_id_idx").on(t.pickrr_order_id),
    uniqueIndex("order_keys_tracking_id_idx").on(t.pickrr_tracking_id),
    uniqueIndex("order_keys_client_order_id_idx")
      .on(t.client_order_id, t.client_id)
      .where(sql`${t.client_order_id} is not null`),
  ],
);

/**
 * Every customer name of the order book, lowered, once (decision 093): the header's Customer Name
 * search finds the matching names here (a trigram index over thousands of names, not millions of
 * orders), then their orders by equality on orders' name index. A statement trigger on `orders`
 * (migration 0035) writes it: no code inserts here. A name whose orders are gone stays (it finds none).
 */
export const orderCustomerNames = pgTable("order_customer_names", {
  /** lower(orders.customer_name). */
  name: text("name").primaryKey(),
});

/**
 * Partitioned by month of placed_at (decision 085, migration 0031: drizzle cannot declare it):
 * the primary key includes placed_at, and the ids' uniqueness is order_keys'.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").notNull(),
    pickrr_order_id: text("pickrr_order_id").notNull(),
    pickrr_tracking_id: text("pickrr_tracking_id").notNull(),
    courier_tracking_id: text("courier_tracking_id").notNull(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    courier_service_id: integer("courier_service_id").notNull(),
    courier_name: text("courier_name").notNull(),
    /** express or surface. */
    service: text("service").notNull(),
    /** cod or prepaid. */
    payment_mode: text("payment_mode").notNull(),
    cod_amount: numeric("cod_amount", { precision: 12, scale: 2 }).notNull(),
    invoice_value: numeric("invoice_value", { precision: 12, scale: 2 }).notNull(),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    dead_weight: numeric("dead_weight", { precision: 10, scale: 3 }).notNull(),
    length: numeric("length", { precision: 8, scale: 2 }).notNull(),
    breadth: numeric("breadth", { precision: 8, scale: 2 }).notNull(),
    height: numeric("height", { precision: 8, scale: 2 }).notNull(),
    pickup_pincode: integer("pickup_pincode").notNull(),
    pickup_city: text("pickup_city").notNull(),
    pickup_state: text("pickup_state").notNull(),
    drop_pincode: integer("drop_pincode").notNull(),
    drop_city: text("drop_city").notNull(),
    drop_state: text("drop_state").notNull(),
    order_zone: text("order_zone").notNull(),
    customer_name: text("customer_name").notNull(),
    customer_phone: text("customer_phone").notNull(),
    customer_address: text("customer_address").notNull(),
    placed_at: timestamp("placed_at", { withTimezone: true }).notNull(),
    pickup_at: timestamp("pickup_at", { withTimezone: true }),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    rto_at: timestamp("rto_at", { withTimezone: true }),
    current_status: text("current_status").notNull(),
    /** YYYY-MM-DD. */
    edd_stamp: text("edd_stamp").notNull(),
    promise_edd: text("promise_edd"),
    charge: jsonb("charge").$type<FrozenCharge>().notNull(),
    charged_amount: numeric("charged_amount", { precision: 12, scale: 2 }).notNull(),
    last_synced_at: timestamp("last_synced_at", { withTimezone: true }),
    /**
     * The COD remittance cycle that pays this order's COD out, and the billing cycle that bills its
     * freight (decision 031): one column each, so an order is in at most one cycle of each kind.
     * Null until the cycle cutter (money/cycle-cutter.server.ts) or the seed puts it in one.
     */
    cod_remittance_id: integer("cod_remittance_id").references(() => codRemittances.id),
    billing_cycle_id: integer("billing_cycle_id").references(() => billingCycles.id),
    /** The seller's own id of an order placed through the API (decision 058): unique per client when given. */
    client_order_id: text("client_order_id"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.placed_at] }),
    // Unique across months in order_keys (decision 085); here per partition, for the searches.
    index("orders_pickrr_order_id_idx").on(t.pickrr_order_id),
    index("orders_tracking_id_idx").on(t.pickrr_tracking_id),
    index("orders_courier_tracking_id_idx").on(t.courier_tracking_id),
    index("orders_customer_phone_idx").on(t.customer_phone),
    index("orders_client_placed_idx").on(t.client_id, t.placed_at),
    index("orders_placed_idx").on(t.placed_at),
    // One order per client and client_order_id (decision 058, kept by order_keys: decision 085). The
    // id leads, so the header's Client Order ID search (no client given) reads this index too.
    index("orders_client_order_id_idx")
      .on(t.client_order_id, t.client_id)
      .where(sql`${t.client_order_id} is not null`),
    // The cycle cutter's work lists, and a seller's tentative COD and bills (hold figures): only the
    // delivered COD / picked-up orders not yet in a cycle.
    index("orders_uncycled_cod_idx")
      .on(t.client_id, t.delivered_at)
      .where(sql`${t.payment_mode} = 'cod' and ${t.delivered_at} is not null and ${t.cod_remittance_id} is null`),
    index("orders_unbilled_idx")
      .on(t.client_id, t.pickup_at)
      .where(sql`${t.pickup_at} is not null and ${t.billing_cycle_id} is null`),
  ],
);

/**
 * Scan events, append-only; an order's status and dates follow from them (orders/status.ts).
 * Partitioned by their order's month (decision 085): order_placed_at is the order's placed_at.
 */
export const trackingEvents = pgTable(
  "tracking_events",
  {
    id: serial("id").notNull(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orderKeys.id),
    order_placed_at: timestamp("order_placed_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    location: text("location").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    courier_event_id: text("courier_event_id").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.order_placed_at] }),
    // An event stored once per order: order_placed_at follows from order_id, so this is unique per (order, event).
    uniqueIndex("tracking_events_order_event_idx").on(t.order_id, t.courier_event_id, t.order_placed_at),
    index("tracking_events_order_at_idx").on(t.order_id, t.at),
  ],
);

/**
 * Orders placed and picked up per client per IST day (decision 030): kept in the same transaction as
 * the placement or the scan that changes them, and rebuildable from the order book
 * (`npm run db:rollups`). The dashboard and the order tracker read these, never the order book.
 */
export const orderDailyRollups = pgTable(
  "order_daily_rollups",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** The IST calendar day. */
    day: date("day", { mode: "string" }).notNull(),
    placed: integer("placed").notNull().default(0),
    picked: integer("picked").notNull().default(0),
  },
  // Migration 0020 makes the day index cover client_id and placed (INCLUDE, which drizzle cannot declare).
  (t) => [primaryKey({ columns: [t.client_id, t.day] }), index("order_daily_rollups_day_idx").on(t.day)],
);

/**
 * The daily rollups summed per client per IST calendar month (decision 030): what the
 * Dashboard reads, so a vp's figures add up ~2,000 clients × 12 months instead of × 365 days.
 * picked_1 … picked_7 are the month's picked orders on Mondays … Sundays (ISO weekday).
 * Kept by the same functions as the daily rollups (orders/rollups.server.ts), from them.
 */
export const orderMonthlyRollups = pgTable(
  "order_monthly_rollups",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** The first day of the IST month. */
    month: date("month", { mode: "string" }).notNull(),
    placed: integer("placed").notNull().default(0),
    picked: integer("picked").notNull().default(0),
    picked_1: integer("picked_1").notNull().default(0),
    picked_2: integer("picked_2").notNull().default(0),
    picked_3: integer("picked_3").notNull().default(0),
    picked_4: integer("picked_4").notNull().default(0),
    picked_5: integer("picked_5").notNull().default(0),
    picked_6: integer("picked_6").notNull().default(0),
    picked_7: integer("picked_7").notNull().default(0),
    /**
     * The client had placed orders in an earlier month: its picked orders this month are the
     * Dashboard's old accounts' share (decision 092), kept with the row instead of each page
     * working out every client's first month.
     */
    old_account: boolean("old_account").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.month] }), index("order_monthly_rollups_month_idx").on(t.month)],
);

/**
 * The Daily Performance snapshot (decision 030): each client's placed and picked orders for the
 * snapshot's day (0) and the six days before (1 … 6), and its placed orders of two whole weeks
 * before that day (decision 072), refreshed from the rollups every 15 minutes
 * (analytics/snapshot.server.ts); its day and time are in `settings`.
 */
export const dailyPerformanceRows = pgTable("daily_performance_rows", {
  client_id: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  placed_0: integer("placed_0").notNull().default(0),
  placed_1: integer("placed_1").notNull().default(0),
  placed_2: integer("placed_2").notNull().default(0),
  placed_3: integer("placed_3").notNull().default(0),
  placed_4: integer("placed_4").notNull().default(0),
  placed_5: integer("placed_5").notNull().default(0),
  placed_6: integer("placed_6").notNull().default(0),
  picked_0: integer("picked_0").notNull().default(0),
  picked_1: integer("picked_1").notNull().default(0),
  picked_2: integer("picked_2").notNull().default(0),
  picked_3: integer("picked_3").notNull().default(0),
  picked_4: integer("picked_4").notNull().default(0),
  picked_5: integer("picked_5").notNull().default(0),
  picked_6: integer("picked_6").notNull().default(0),
  /** Week on week (decision 072): placed orders of the seven whole days before the snapshot's day (days 1 … 7). */
  placed_week: integer("placed_week").notNull().default(0),
  /** … and of the seven days before those (days 8 … 14): the same weekdays a week earlier. */
  placed_week_before: integer("placed_week_before").notNull().default(0),
});

/** Numbers for orders placed through the API (the seed numbers its own from 1; it moves this past them). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

/**
 * `Idempotency-Key`s of POST /api/orders per client: a retried request gets the first answer
 * and creates nothing new (orders/place.server.ts). A key is bound to its order's fingerprint
 * and kept for a day (decision 058); rows older than that are deleted as placements go on.
 */
export const orderRequests = pgTable(
  "order_requests",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    idempotency_key: text("idempotency_key").notNull(),
    /** sha256 of the order as parsed (orders/place-form.ts `canonicalOrder`); null on rows from before decision 058. */
    fingerprint: text("fingerprint"),
    status: integer("status"),
    response: jsonb("response"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_requests_client_key_idx").on(t.client_id, t.idempotency_key),
    index("order_requests_created_idx").on(t.created_at),
  ],
);

/**
 * Each courier's own token for POST /api/tracking/{courier id} (decision 023): random per install,
 * written at seed time, never derived from the seed.
 */
export const courierTokens = pgTable("courier_tokens", {
  courier_id: integer("courier_id")
    .primaryKey()
    .references(() => couriers.id),
  token: text("token").notNull().unique(),
});
