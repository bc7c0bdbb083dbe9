/** Fixture staff and sellers for the analytics tests: a small hierarchy with the fields its rows need. */
import type { Staff } from "~/services/auth/guard.server";
import type { StaffRole } from "~/services/core/roles";
import type { Db } from "~/services/db/client.server";
import { clients, staff } from "~/services/db/schema";

export type Hierarchy = { avp_id: number; bdm_id: number; tl_id: number };

/** Inserts "{key} Person" ({key}@{domain}, lower case) for each [key, role]; returns their ids by key. */
export async function insertFixtureStaff(
  db: Db,
  people: readonly (readonly [string, StaffRole])[],
  domain = "fixture.test",
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [key, role] of people) {
    const [s] = await db
      .insert(staff)
      .values({ name: `${key} Person`, email: `${key.toLowerCase()}@${domain}`, role })
      .returning({ id: staff.id });
    ids[key] = s.id;
  }
  return ids;
}

/** Inserts "Seller n" ({emailPrefix}{n}@{domain}) under the given AVP, BDM and TL; returns its id. */
export async function insertFixtureSeller(
  db: Db,
  n: number | string,
  hierarchy: Hierarchy,
  { domain = "fixture.test", emailPrefix = "seller" } = {},
): Promise<number> {
  const [c] = await db
    .insert(clients)
    .values({
      name: `Seller ${n}`,
      email: `${emailPrefix}${n}@${domain}`,
      company_name: `Company ${n}`,
      phone_number: `900000000${n}`,
      business_data: {} as never,
      pickrr_config: {} as never,
      ...hierarchy,
    })
    .returning({ id: clients.id });
  return c.id;
}

/** The signed-in member of staff `key` of insertFixtureStaff, as a loader sees them. */
export function fixtureViewer(
  ids: Record<string, number>,
  key: string,
  role: StaffRole,
  domain = "fixture.test",
): Staff {
  return { id: ids[key], role, name: `${key} Person`, email: `${key.toLowerCase()}@${domain}`, sessionId: "test" };
}
