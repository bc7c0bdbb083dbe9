/**
 * What a publish will do, for its preview (decision 063): the version in force for the
 * document's name and audience, and the audience's sellers and how many of them have not
 * accepted that version — counted by Legal Status's own query (status.server.ts
 * `inForceLinks`, the links of each seller to the documents in force for it), not by a second rule.
 */
import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import type { DocName } from "./forms";
import { inForceDocsSql, inForceLinks, SEGMENT_OF_C, SELLER_COLUMNS } from "./status.server";

export type VersionInForce = { id: number; version: number; publish_at: string };

/**
 * The version of `docName` in force for `audience` on India's `today`, by the one rule of the
 * version in force (documents.ts `versionInForce`, as SQL in status.server.ts `inForceDocsSql`;
 * decision 061): the newest not withdrawn whose publish date has come.
 */
export async function inForceVersionOf(
  db: Executor,
  docName: DocName,
  audience: string,
  today: string,
): Promise<VersionInForce | null> {
  const rows = (
    await db.execute(sql`
      select id, version, publish_at::text as publish_at from (${inForceDocsSql(today, false)}) d
      where doc_name = ${docName} and audience = ${audience}`)
  ).rows as VersionInForce[];
  return rows[0] ?? null;
}

/** The sellers of an audience (`segment:2`, `email:a@b.in`) as Legal Status selects sellers. */
function sellersOf(audience: string): SQL {
  const [kind, value] = [audience.slice(0, audience.indexOf(":")), audience.slice(audience.indexOf(":") + 1)];
  const where = kind === "segment" ? sql`${SEGMENT_OF_C} = ${value}` : sql`lower(c.email) = ${value}`;
  return sql`select ${SELLER_COLUMNS} from clients c where ${where}`;
}

export type AudienceCounts = { sellers: number; notAccepted: number };

/**
 * The audience's sellers, and of them those linked to the document `inForce` (in force for
 * them on `today`) without having accepted it.
 */
export async function audienceCounts(
  db: Executor,
  audience: string,
  inForce: { id: number } | null,
  today: string,
): Promise<AudienceCounts> {
  const rows = (
    await db.execute(sql`
      with ${inForceLinks(today, sellersOf(audience))}
      select
        (select count(*) from sellers)::int as sellers,
        (select count(*) from links l
          where l.doc_id = ${inForce?.id ?? 0}
            and not exists (select 1 from legal_acceptances a where a.document_id = l.doc_id and a.client_id = l.client_id)
        )::int as "notAccepted"`)
  ).rows as AudienceCounts[];
  return rows[0];
}
