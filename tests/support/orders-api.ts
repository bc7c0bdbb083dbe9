/**
 * POST /api/orders as a seller's system sends it, through the route's action (docs/api.md §2):
 * the tests that call the API itself share how they find a seller's token and how they post.
 */
import { isNotNull, type SQL, sql } from "drizzle-orm";

import { action } from "~/routes/api.orders";
import type { Db } from "~/services/db/client.server";
import { clients } from "~/services/db/schema";
import { placeOrder } from "~/services/orders/place.server";
import { parseOrder } from "~/services/orders/place-form";
import { ingestEvents } from "~/services/orders/tracking.server";

/**
 * A valid COD order from Delhi to Bengaluru, as a seller's system posts it (docs/api.md §2);
 * `customer_name` tells whose test placed it.
 */
export function orderFixture(customerName: string): Record<string, unknown> {
  return {
    pickup_pincode: "110001",
    drop_pincode: "560001",
    payment_mode: "cod",
    cod_amount: 1200,
    invoice_value: 1200,
    weight: 0.8,
    length: 20,
    breadth: 15,
    height: 8,
    items: [{ name: "Brass Diya", sku: "BD-2", quantity: 1 }],
    customer_name: customerName,
    customer_phone: "9123400000",
    customer_address: "4 Park Street, Kolkata",
  };
}

/** The API token of the first seeded client that has one. */
export async function firstClientToken(db: Db): Promise<string> {
  const [c] = await db
    .select({ token: clients.auth_token })
    .from(clients)
    .where(isNotNull(clients.auth_token))
    .orderBy(clients.id)
    .limit(1);
  return c.token!;
}

/** Posts a JSON text with the seller's token; a thrown Response (the token guard's 401) is its answer. */
export async function postOrderBody(
  token: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Awaited<ReturnType<Response["json"]>> }> {
  const request = new Request("http://console.test/api/orders", {
    method: "POST",
    headers: { Authorization: `Token ${token}`, "Content-Type": "application/json", ...headers },
    body,
  });
  let res: Response;
  try {
    res = (await action({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown; // a 500 in production
    res = thrown;
  }
  return { status: res.status, body: await res.json() };
}

/**
 * An order placed through the API's service for the first seller that `sellers` lists and can
 * ship it, then picked up at `at` through the courier webhook's path: a week that has just begun
 * (early on a Monday, IST) has no pickup in the seed yet, and a test that needs one makes it as a
 * seller and a courier would.
 */
export async function placeAndPickUp(
  db: Db,
  sellers: SQL,
  at: Date,
): Promise<{ id: number; client_id: number; awb: string; courier_id: number }> {
  const candidates = (
    await db.execute(
      sql`select c.id from clients c where c.auth_token is not null and ${sellers} order by c.id limit 20`,
    )
  ).rows as { id: number }[];
  for (const { id } of candidates) {
    const parsed = parseOrder(orderFixture(`Picked Up ${id}`));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const placed = await placeOrder(db, id, parsed.order, { now: new Date(at.getTime() - 60_000) });
    if (placed.status !== 201) continue;
    const [o] = (
      await db.execute(sql`select o.id, o.client_id, o.courier_tracking_id as awb, cs.courier_id
        from orders o join courier_services cs on cs.id = o.courier_service_id
        where o.pickrr_order_id = ${placed.body.pickrr_order_id}`)
    ).rows as { id: number; client_id: number; awb: string; courier_id: number }[];
    const [r] = await ingestEvents(
      db,
      o.courier_id,
      [{ awb: o.awb, event_id: `pick-${o.id}`, status: "picked_up", location: "Pickup", at: at.toISOString() }],
      { now: at },
    );
    if (r.status !== 201) throw new Error(`the pickup scan was refused (${r.status})`);
    return o;
  }
  throw new Error("no listed seller could ship the fixture order");
}
