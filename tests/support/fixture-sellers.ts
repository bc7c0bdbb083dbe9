/** Fixture sellers for the analytics tests: seller `n` of a small hierarchy, with the fields a client row needs. */
import type { Db } from "~/services/db/client.server";
import { clients } from "~/services/db/schema";

export type Hierarchy = { avp_id: number; bdm_id: number; tl_id: number };

/** Inserts "Seller n" (seller{n}@fixture.test) under the given AVP, BDM and TL; returns its id. */
export async function insertFixtureSeller(db: Db, n: number | string, hierarchy: Hierarchy): Promise<number> {
  const [c] = await db
    .insert(clients)
    .values({
      name: `Seller ${n}`,
      email: `seller${n}@fixture.test`,
      company_name: `Company ${n}`,
      phone_number: `900000000${n}`,
      business_data: {} as never,
      pickrr_config: {} as never,
      ...hierarchy,
    })
    .returning({ id: clients.id });
  return c.id;
}
