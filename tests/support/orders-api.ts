/**
 * POST /api/orders as a seller's system sends it, through the route's action (docs/api.md §2):
 * the tests that call the API itself share how they find a seller's token and how they post.
 */
import { isNotNull } from "drizzle-orm";

import { action } from "~/routes/api.orders";
import type { Db } from "~/services/db/client.server";
import { clients } from "~/services/db/schema";

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
