/**
 * Placing orders from a seller's system (decision 023), authenticated by the client's auth_token
 * (`Authorization: Token <auth_token>`, as every seller endpoint):
 *
 *   POST /api/orders  {order}            → 201 { pickrr_order_id, pickrr_tracking_id, courier, edd_stamp, charged_amount }
 *   POST /api/orders  [{order}, …]       → 200 [ { status, … } per order ] (at most 100)
 *
 * An `Idempotency-Key` header makes a retry return the first answer and create nothing new
 * (a batch uses `<key>:<index>` per order); the key is bound to its order for 24 hours, and the
 * same key with another order is a 422. A `client_order_id` already used by the client is a 409
 * with that order's id (decision 058). Errors are `{ "err": "…", "errors": { field: message } }`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { type PlaceAnswer, placeOrder } from "~/services/orders/place.server";
import { MAX_BATCH, parseOrder } from "~/services/orders/place-form";

const NO_STORE = { "Cache-Control": "no-store" };
const fail = (status: number, err: string, errors?: Record<string, string>) =>
  Response.json({ err, ...(errors ? { errors } : {}) }, { status, headers: NO_STORE });

export async function loader() {
  return fail(405, "Use POST to place orders.");
}

export async function action({ request }: ActionFunctionArgs) {
  const seller = await requireClientToken(request);
  if (request.method !== "POST") return fail(405, "Use POST to place orders.");
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return fail(400, "The request body is not valid JSON.");
  }
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key))
    return fail(400, "Idempotency-Key is 1 to 100 visible ASCII characters.");
  const db = getDb();
  const one = async (item: unknown, k: string | null): Promise<PlaceAnswer> => {
    const parsed = parseOrder(item);
    if (!parsed.ok) return { status: 400, body: { err: parsed.message, errors: parsed.fieldErrors } };
    return placeOrder(db, seller.id, parsed.order, { idempotencyKey: k });
  };
  if (Array.isArray(raw)) {
    if (raw.length === 0 || raw.length > MAX_BATCH) return fail(400, `A batch has 1 to ${MAX_BATCH} orders.`);
    const answers: (PlaceAnswer["body"] & { status: number })[] = [];
    for (const [i, item] of raw.entries()) {
      const a = await one(item, key ? `${key}:${i}` : null);
      answers.push({ status: a.status, ...a.body });
    }
    return Response.json(answers, { status: 200, headers: NO_STORE });
  }
  const a = await one(raw, key);
  return Response.json(a.body, { status: a.status, headers: NO_STORE });
}
