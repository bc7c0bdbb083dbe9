/**
 * A courier's scan events (decisions 023, 059), with the courier's own token:
 *
 *   POST /api/tracking/{courier id}   Authorization: Token <courier token>
 *   [{ "awb": "<courier tracking id>", "event_id": "…", "status": "in_transit", "location": "…", "at": "2026-11-20T10:00:00Z" }, …]
 *   → 200 [{ index, event_id, status: 201 stored | 200 already stored | 404 unknown AWB | 400 refused, message }]
 *
 * A batch that was read is answered 200 whatever its events' fates, each told in its own answer: a
 * refused event is refused for good, so nothing in the status invites the courier to send it again.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { getDb } from "~/services/db/client.server";
import { courierForToken, ingestEvents, MAX_EVENTS } from "~/services/orders/tracking.server";

const NO_STORE = { "Cache-Control": "no-store" };
const fail = (status: number, err: string) => Response.json({ err }, { status, headers: NO_STORE });

export async function loader() {
  return fail(405, "Use POST to send scan events.");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = /^Token ([0-9a-f]{40})$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
  const db = getDb();
  const courier = await courierForToken(db, Number(params.courierId), token);
  if (!courier) return fail(401, "A valid courier token is required (Authorization: Token <token>).");
  let raw: unknown;
  try {
    // JSON is UTF-8 (RFC 8259): bytes that are not are refused, not turned into U+FFFD and stored.
    raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await request.arrayBuffer()));
  } catch {
    return fail(400, "The request body is not valid JSON.");
  }
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0 || items.length > MAX_EVENTS) return fail(400, `Send 1 to ${MAX_EVENTS} events.`);
  return Response.json(await ingestEvents(db, courier.id, items), { headers: NO_STORE });
}
