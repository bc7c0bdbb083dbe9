/**
 * POST /api/orders as a seller's system sends it, through the route's action (docs/api.md §2):
 * the tests that call the API itself share how they find a seller's token and how they post.
 */
import { isNotNull } from "drizzle-orm";

import { action } from "~/routes/api.orders";
import type { Db } from "~/services/db/client.server";
import { clients } from "~/services/db/schema";

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
