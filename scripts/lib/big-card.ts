/**
 * Gives the first demo client a large card for benchmarks: 25 courier services switched on,
 * each with all 4 shipment types × 2 delivery types (200 rate rows).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../app/services/db/client.server";
import { clientCourierServices, clients, courierServices, rateRows } from "../../app/services/db/schema";
import { SHIPMENT_TYPES } from "../../app/services/ratecards/fields";

const PRICES = {
  first_slab: "0.50",
  second_slab: "0.50",
  zone_a_base: "30.00",
  zone_a_add: "28.00",
  zone_b_base: "35.00",
  zone_b_add: "31.00",
  zone_c_base: "40.00",
  zone_c_add: "36.00",
  zone_d_base: "45.00",
  zone_d_add: "40.00",
  zone_e_base: "55.00",
  zone_e_add: "47.00",
  cod_charge: "30.00",
  cod_percentage: "2.00",
  surcharge: "0.00",
  ndd_charge: "0.00",
  divisor: 5000,
};

export async function giveFirstClientABigCard(db: Db): Promise<number> {
  const [client] = await db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
  const services = await db.select({ id: courierServices.id }).from(courierServices).orderBy(courierServices.id).limit(25);
  await db.delete(rateRows).where(eq(rateRows.client_id, client.id));
  await db.delete(clientCourierServices).where(eq(clientCourierServices.client_id, client.id));
  await db.insert(clientCourierServices).values(services.map((s) => ({ client_id: client.id, courier_service_id: s.id, is_active: true })));
  await db.insert(rateRows).values(
    services.flatMap((s) =>
      SHIPMENT_TYPES.flatMap((shipment_type) =>
        (["express", "surface"] as const).map((delivery_type) => ({ ...PRICES, client_id: client.id, courier_service_id: s.id, shipment_type, delivery_type })),
      ),
    ),
  );
  return client.id;
}
