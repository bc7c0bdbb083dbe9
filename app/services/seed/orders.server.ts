/**
 * The order book's seed (issue 14): deterministic, from real reference data — each client's
 * lanes are real pincodes of the pincode table, each order is priced and allocated by the
 * Rate Calculator's own engine (quoteFromData, once per distinct client × lane × weight ×
 * payment mode) and carries that charge frozen, volume is heavy-tailed across clients with
 * weekday seasonality and growth over six months, ~60 % COD, and statuses (with their scan
 * events) progress with the order's age, NDR and RTO included.
 *
 * How many: SEED_ORDERS (the test template uses 1,500), else DEMO_ORDERS for the demo and
 * 1,000,000 for the large scale.
 */
import { sql } from "drizzle-orm";
import { bulkInsert } from "../db/bulk-insert.server";
import { clients, orders, pincodes, trackingEvents, type OrderItem } from "../db/schema";
import { awbPrefix, frozenCharge, padNumber } from "../orders/charge";
import type { Db } from "../db/client.server";
import { parseCalculator } from "../quote/calculator-form";
import { quoteData } from "../quote/quote-data.server";
import { quoteFromData } from "../quote/quote.server";
import type { RateListEntry } from "../quote/allocation";
import { NAME_GROUPS } from "./demo-data";
import { DAY_MS } from "./people";
import type { Prng } from "./prng";
import type { AreaSeeder, SeedContext } from "./seeder";
import type { OrderStatus } from "../orders/status";
import { issueCourierTokens } from "../orders/tracking.server";

const WEIGHTS = ["0.45", "0.9", "1.7", "3.2"] as const;
const DIMENSIONS: Record<(typeof WEIGHTS)[number], [number, number, number]> = { "0.45": [20, 15, 5], "0.9": [25, 20, 8], "1.7": [30, 25, 12], "3.2": [40, 30, 15] };
const PRODUCTS = ["Cotton Kurta", "Handloom Saree", "Brass Diya", "Assam Tea 250g", "Ayurvedic Oil", "Leather Wallet", "Steel Tiffin", "Bamboo Basket", "Silk Dupatta", "Spice Box"];
const DAYS = 180;
/**
 * The demo's order count. The issue asks for ~100,000 with start-up still ≤ 30 s; today's
 * JSON bulk insert into PGlite does ~1,500 orders with their events per second on this
 * machine, so the demo seeds 10,000 until the set-based (COPY / INSERT … SELECT) seed lands.
 */
export const DEMO_ORDERS = 10_000;

export function orderCountFor(scale: SeedContext["scale"]): number {
  const fromEnv = Number(process.env.SEED_ORDERS);
  if (Number.isSafeInteger(fromEnv) && fromEnv >= 0 && process.env.SEED_ORDERS !== "") return fromEnv;
  return scale === "large" ? 1_000_000 : DEMO_ORDERS;
}

type Combo = { drop: Pin; weight: (typeof WEIGHTS)[number]; cod: boolean; entry: RateListEntry; zone: string };
type Pin = { pincode: number; city: string; state: string };
type ClientPlan = { id: number; pickup: Pin; combos: Combo[]; weight: number };


function customerName(rng: Prng): string {
  const group = rng.weighted(Object.values(NAME_GROUPS).map((g) => [g, g.weight] as const));
  return `${rng.pick(rng.chance(0.5) ? group.male : group.female)} ${rng.pick(group.surnames)}`;
}

/** The per-client lanes and their quotes: the engine runs once per combination, not per order. */
async function planClients(db: Db, rng: Prng, referenceDate: Date): Promise<ClientPlan[]> {
  const pins = (await db.execute(sql`select ${pincodes.pincode} as pincode, ${pincodes.city} as city, ${pincodes.state} as state from ${pincodes} order by ${pincodes.pincode}`))
    .rows as Pin[];
  // Sellers ship from and to where people live: metros and big towns weigh more.
  const popular = rng.sample(pins, 400);
  const clientRows = (await db.execute(sql`select ${clients.id} as id from ${clients} where ${clients.auth_token} is not null order by ${clients.id}`)).rows as { id: number }[];
  const ranked = rng.shuffle(clientRows);
  const plans: ClientPlan[] = [];
  for (const [rank, c] of ranked.entries()) {
    const data = await quoteData(db, c.id);
    const pickup = rng.pick(popular);
    const drops = rng.sample(popular, 6);
    const combos: Combo[] = [];
    for (const drop of drops)
      for (const weight of WEIGHTS)
        for (const cod of [true, false]) {
          const [l, b, h] = DIMENSIONS[weight];
          const parsed = parseCalculator({
            shipment_type: "forward",
            pickup_pincode: String(pickup.pincode),
            drop_pincode: String(drop.pincode),
            delivery_mode: "express",
            length: String(l),
            breadth: String(b),
            height: String(h),
            weight,
            payment_mode: cod ? "cod" : "prepaid",
            cod_amount: cod ? "899" : "",
          });
          if (!parsed.ok) continue;
          const q = quoteFromData(data, c.id, parsed.input, referenceDate);
          if (!q.ok || q.quote.selected_courier_id === null) continue;
          const entry = q.quote.rate_list.find((r) => r.courier_id === q.quote.selected_courier_id);
          if (entry) combos.push({ drop, weight, cod, entry, zone: q.quote.billing_zone });
        }
    if (combos.length === 0) continue;
    // Heavy tail: a few large sellers, many small ones (Zipf, s = 1.1).
    plans.push({ id: c.id, pickup, combos, weight: 1 / Math.pow(rank + 1, 1.1) });
  }
  return plans;
}

/** A day in the last six months: more orders lately (growth) and fewer on Sundays. */
function placedAt(rng: Prng, referenceDate: Date): Date {
  for (;;) {
    const ageDays = rng.float(0, DAYS);
    const growth = 1 + 1.5 * (1 - ageDays / DAYS);
    const at = new Date(referenceDate.getTime() - ageDays * DAY_MS);
    const weekday = new Date(at.getTime() + 5.5 * 3_600_000).getUTCDay();
    const season = weekday === 0 ? 0.55 : weekday === 6 ? 0.85 : 1;
    if (rng.float(0, 2.5) < growth * season) return at;
  }
}

type Step = { status: OrderStatus; afterHours: number; location: "pickup" | "transit" | "drop" };

/** The scan history an order of this age has had by the reference date. */
function journey(rng: Prng, ageHours: number): Step[] {
  const steps: Step[] = [{ status: "pickup_scheduled", afterHours: rng.float(1, 6), location: "pickup" }];
  if (rng.chance(0.02)) return [...steps, { status: "cancelled", afterHours: rng.float(7, 20), location: "pickup" }];
  steps.push({ status: "picked_up", afterHours: rng.float(18, 30), location: "pickup" });
  steps.push({ status: "in_transit", afterHours: rng.float(32, 48), location: "transit" });
  steps.push({ status: "out_for_delivery", afterHours: rng.float(60, 110), location: "drop" });
  const ndr = rng.chance(0.12);
  if (!ndr) steps.push({ status: "delivered", afterHours: rng.float(112, 130), location: "drop" });
  else {
    steps.push({ status: "ndr", afterHours: rng.float(112, 130), location: "drop" });
    if (rng.chance(0.6)) {
      steps.push({ status: "rto_initiated", afterHours: rng.float(150, 200), location: "drop" });
      steps.push({ status: "rto_delivered", afterHours: rng.float(300, 420), location: "pickup" });
    } else steps.push({ status: "delivered", afterHours: rng.float(140, 170), location: "drop" });
  }
  return steps.filter((s) => s.afterHours <= ageHours);
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const CHUNK = 5_000;

export const ordersSeeder: AreaSeeder = {
  name: "orders",
  async seed({ tx, root, scale, referenceDate }: SeedContext) {
    const rng = root.fork("orders");
    await issueCourierTokens(tx);
    const count = orderCountFor(scale);
    if (count === 0) return { orders: 0, trackingEvents: 0 };
    const db = tx as unknown as Db;
    const t0 = Date.now();
    const plans = await planClients(db, rng.fork("lanes"), referenceDate);
    if (process.env.SEED_TIMING) console.log(`orders seed: lanes and quotes for ${plans.length} clients in ${Date.now() - t0} ms`);
    const byWeight = plans.map((p) => [p, p.weight] as const);
    let events = 0;
    for (let start = 0; start < count; start += CHUNK) {
      const orderRows: (typeof orders.$inferInsert)[] = [];
      const journeys: { steps: Step[]; placed: Date; plan: ClientPlan; combo: Combo }[] = [];
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const plan = rng.weighted(byWeight);
        // ~60 % COD (issue 14): a COD lane when the client has one.
        const wantCod = rng.chance(0.6);
        const same = plan.combos.filter((c) => c.cod === wantCod);
        const combo = rng.pick(same.length > 0 ? same : plan.combos);
        const placed = placedAt(rng, referenceDate);
        const steps = journey(rng, (referenceDate.getTime() - placed.getTime()) / 3_600_000);
        const at = (s: Step) => new Date(placed.getTime() + s.afterHours * 3_600_000);
        const last = steps.at(-1);
        const quantity = rng.int(1, 3);
        const product = rng.pick(PRODUCTS);
        const items: OrderItem[] = [{ name: product, sku: `SKU-${padNumber(PRODUCTS.indexOf(product) + 1, 3)}-${rng.int(10, 99)}`, quantity }];
        const invoice = combo.cod ? "899.00" : rupees(rng.int(300, 4000) * 100);
        const [l, b, h] = DIMENSIONS[combo.weight];
        const pickupStep = steps.find((s) => s.status === "picked_up");
        const deliveredStep = steps.find((s) => s.status === "delivered");
        const rtoStep = steps.find((s) => s.status === "rto_initiated");
        const charge = frozenCharge(combo.entry, combo.zone);
        orderRows.push({
          pickrr_order_id: `PO${padNumber(i + 1, 8)}`,
          pickrr_tracking_id: `PK${padNumber((i * 7919 + 104729) % 10_000_000_000, 10)}`,
          courier_tracking_id: `${awbPrefix(combo.entry.courier)}${padNumber((i * 15485863 + 32452843) % 1_000_000_000_000, 12)}`,
          client_id: plan.id,
          courier_service_id: combo.entry.courier_id,
          courier_name: combo.entry.courier,
          service: "express",
          payment_mode: combo.cod ? "cod" : "prepaid",
          cod_amount: combo.cod ? "899.00" : "0.00",
          invoice_value: invoice,
          items,
          dead_weight: combo.weight,
          length: String(l),
          breadth: String(b),
          height: String(h),
          pickup_pincode: plan.pickup.pincode,
          pickup_city: plan.pickup.city,
          pickup_state: plan.pickup.state,
          drop_pincode: combo.drop.pincode,
          drop_city: combo.drop.city,
          drop_state: combo.drop.state,
          order_zone: combo.zone,
          customer_name: customerName(rng),
          customer_phone: `${rng.pick(["6", "7", "8", "9"])}${padNumber(rng.int(0, 999_999_999), 9)}`,
          customer_address: `${rng.int(1, 400)}, ${rng.pick(["MG Road", "Station Road", "Gandhi Nagar", "Nehru Colony", "Civil Lines", "Sector 14"])}, ${combo.drop.city}`,
          placed_at: placed,
          pickup_at: pickupStep ? at(pickupStep) : null,
          delivered_at: deliveredStep ? at(deliveredStep) : null,
          rto_at: rtoStep ? at(rtoStep) : null,
          current_status: last ? last.status : "placed",
          edd_stamp: new Date(placed.getTime() + (5 + (combo.zone === "E" ? 3 : 0)) * DAY_MS + 5.5 * 3_600_000).toISOString().slice(0, 10),
          promise_edd: null,
          charge,
          charged_amount: rupees(charge.total),
        });
        journeys.push({ steps, placed, plan, combo });
      }
      const inserted = (await bulkInsert(tx, orders, orderRows, ["id"])) as { id: number }[];
      const eventRows: (typeof trackingEvents.$inferInsert)[] = [];
      inserted.forEach((row, k) => {
        const { steps, placed, plan, combo } = journeys[k];
        steps.forEach((s, n) =>
          eventRows.push({
            order_id: row.id,
            status: s.status,
            location: s.location === "pickup" ? plan.pickup.city : s.location === "drop" ? combo.drop.city : `${plan.pickup.state} hub`,
            at: new Date(placed.getTime() + s.afterHours * 3_600_000),
            courier_event_id: `EV${row.id}-${n + 1}`,
            received_at: new Date(placed.getTime() + s.afterHours * 3_600_000),
          }),
        );
      });
      await bulkInsert(tx, trackingEvents, eventRows);
      events += eventRows.length;
    }
    return { orders: count, trackingEvents: events };
  },
};
