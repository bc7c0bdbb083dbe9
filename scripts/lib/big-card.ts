/**
 * Gives the first demo client a large card for benchmarks: 25 courier services switched on,
 * each with all 4 shipment types × 2 delivery types (200 rate rows).
 */
import { eq } from "drizzle-orm";

import { SHIPMENT_TYPES } from "../../app/services/core/rate-fields";
import type { Db } from "../../app/services/db/client.server";
import { clientCourierServices, clients, courierServices, rateRows } from "../../app/services/db/schema";
import { sampleCardRow } from "../../app/services/ratecards/sample-row";

// The card's prices: every field of a sample row but its identity.
const {
  id: _id,
  courier_service_id: _cs,
  courier_name: _name,
  is_active: _active,
  shipment_type: _st,
  delivery_type: _dt,
  version: _v,
  ...PRICES
} = sampleCardRow();
export const SAMPLE_PRICES = PRICES;

export async function giveFirstClientABigCard(db: Db): Promise<number> {
  const [client] = await db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
  const services = await db
    .select({ id: courierServices.id })
    .from(courierServices)
    .orderBy(courierServices.id)
    .limit(25);
  await db.delete(rateRows).where(eq(rateRows.client_id, client.id));
  await db.delete(clientCourierServices).where(eq(clientCourierServices.client_id, client.id));
  await db
    .insert(clientCourierServices)
    .values(services.map((s) => ({ client_id: client.id, courier_service_id: s.id, is_active: true })));
  await db.insert(rateRows).values(
    services.flatMap((s) =>
      SHIPMENT_TYPES.flatMap((shipment_type) =>
        (["express", "surface"] as const).map((delivery_type) => ({
          ...PRICES,
          client_id: client.id,
          courier_service_id: s.id,
          shipment_type,
          delivery_type,
        })),
      ),
    ),
  );
  return client.id;
}
