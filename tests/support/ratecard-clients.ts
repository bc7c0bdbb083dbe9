/**
 * Service tests of rate changes need sellers whose card nobody has changed yet: a client card of
 * its own (at least four rows), no upload, and — where plan rates are changed — no plan copy. Each
 * test takes its own, so one test's change never shows in another's.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";

import type { Viewer } from "~/services/clients/clients.server";
import type { Db } from "~/services/db/client.server";
import { clients, planRateRows, rateCardUploads, rateRows, staff } from "~/services/db/schema";

/** The seeded staff member with this e-mail, as the services take them. */
export async function staffViewer(db: Db, email: string): Promise<Viewer> {
  const [s] = await db.select().from(staff).where(eq(staff.email, email));
  return { id: s.id, email: s.email, role: s.role };
}

/** Clients that can place orders (an API token) with an untouched card of their own, oldest first. */
export async function untouchedCardClients(
  db: Db,
  opts: { limit: number; withoutPlanRows?: boolean },
): Promise<number[]> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        isNotNull(clients.auth_token),
        sql`not exists (select 1 from ${rateCardUploads} u where u.client_id = ${clients.id})`,
        opts.withoutPlanRows
          ? sql`not exists (select 1 from ${planRateRows} p where p.client_id = ${clients.id})`
          : undefined,
        sql`(select count(*) from ${rateRows} r where r.client_id = ${clients.id}) >= 4`,
      ),
    )
    .orderBy(asc(clients.id))
    .limit(opts.limit);
  return rows.map((r) => r.id);
}
