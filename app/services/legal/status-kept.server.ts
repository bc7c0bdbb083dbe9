/**
 * The per-seller Legal Status kept by the writes that change it (decision
 * 036). `legal_seller_status` holds, per seller, what the Legal Status page shows and filters
 * by — the documents in force with their acceptance, the counts, the status — computed by the
 * page's own rules (status.server.ts `inForceLinks`), and the IST days it holds for.
 *
 * Who keeps it, each inside its own transaction (a failure rolls both back):
 * - publishing a document: every seller of its audience (a segment, or one e-mail);
 * - a seller accepting: that seller;
 * - a client's segment or e-mail changing, a client registering: that client. Whoever writes
 *   `clients`, a trigger (migration 0018) gives a new client a row marked stale and marks a
 *   client's row stale when its segment or e-mail changes, so a change made around the
 *   services is never shown with the old status: the page counts until the row is recomputed;
 * - the day a document comes into force: rows whose days end, and stale rows, are recomputed
 *   by the keeper (every minute, one server at a time); until then the page counts everything;
 * - `npm run legal:rebuild-status`: every seller, from scratch.
 *
 * Concurrency (PostgreSQL, READ COMMITTED): each refresh first takes transaction-level advisory
 * locks — the keepers' lock (shared; a rebuild takes it exclusively), and one per audience the
 * change concerns (exclusive for a publish or a client change, shared on the segment for an
 * accept) —
 * then computes in a later statement, so it sees whatever a conflicting write committed while
 * it waited. Two writes touching one seller's status therefore never both compute without the
 * other.
 */
import { type SQL, sql } from "drizzle-orm";

import { jobMs } from "../core/env.server";
import { startPeriodic } from "../core/periodic";
import type { Db, Executor } from "../db/client.server";
import { transaction } from "../db/transaction.server";
import { indiaDate } from "./documents";
import { inForceLinks, keptStatusHolds, SEGMENT_OF_C, SELLER_COLUMNS, statusSql } from "./status.server";

/** Advisory lock keys (two-int form): the keepers' lock, and one per audience. */
const KEEPER_LOCK = 7036;
const AUDIENCE_LOCK = 7037;

/** A 32-bit hash of an audience (FNV-1a) for its lock key; a collision only serialises more. */
function audienceKey(audience: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < audience.length; i++) h = Math.imul(h ^ audience.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The audiences a seller is in. */
export const audiencesOf = (seller: { email: string; segment: string | null }): string[] => [
  `email:${seller.email.toLowerCase()}`,
  ...(seller.segment ? [`segment:${seller.segment}`] : []),
];

/**
 * Takes the keepers' lock shared and the audiences' locks (exclusive wins over shared for one
 * key), in key order so two refreshes never wait on each other in a circle.
 */
async function lockAudiences(tx: Executor, exclusive: readonly string[], shared: readonly string[]): Promise<void> {
  const keys = new Map<number, boolean>();
  for (const a of shared) keys.set(audienceKey(a), keys.get(audienceKey(a)) ?? false);
  for (const a of exclusive) keys.set(audienceKey(a), true);
  const locks = [...keys.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, ex]) =>
      ex
        ? sql`pg_advisory_xact_lock(${AUDIENCE_LOCK}, ${key}::int)`
        : sql`pg_advisory_xact_lock_shared(${AUDIENCE_LOCK}, ${key}::int)`,
    );
  await tx.execute(sql`select ${sql.join([sql`pg_advisory_xact_lock_shared(${KEEPER_LOCK}, 0)`, ...locks], sql`, `)}`);
}

/**
 * Recomputes the rows of the sellers `where` selects (a condition on `clients c`) as of `today`,
 * by the page's rules: the links to the documents in force with their acceptances, the counts
 * and status from them, and the days that holds for (the seller's audiences' publish dates
 * around today).
 */
async function refreshSellers(tx: Executor, where: SQL, today: string): Promise<number> {
  const result = await tx.execute(sql`
    with ${inForceLinks(today, sql`select ${SELLER_COLUMNS} from clients c where ${where}`)},
    per as (
      select s.id as client_id, s.name, s.email, s.company_name, s.segment, count(l.doc_id)::int as in_force, count(a.accepted_at)::int as accepted,
        coalesce(jsonb_agg(jsonb_build_object(
          'id', l.doc_id, 'doc_name', l.doc_name, 'version', l.version,
          'accepted_at', to_char(a.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by l.doc_id) filter (where l.doc_id is not null), '[]'::jsonb) as docs
      from sellers s
      left join links l on l.client_id = s.id
      left join legal_acceptances a on a.document_id = l.doc_id and a.client_id = l.client_id
      group by s.id, s.name, s.email, s.company_name, s.segment
    ),
    audiences as (
      select id, 'segment:' || segment as audience from sellers where segment is not null
      union all
      select id, 'email:' || lower(email) from sellers
    ),
    days as (
      select a.id as client_id,
        max(d.publish_at) filter (where d.publish_at <= ${today}::date) as valid_from,
        min(d.publish_at) filter (where d.publish_at > ${today}::date) as valid_until
      from audiences a join legal_documents d on d.audience = a.audience and d.withdrawn_at is null
      group by a.id
    )
    insert into legal_seller_status (client_id, name, email, company_name, segment, in_force, accepted, status, docs, valid_from, valid_until, stale, refreshed_at)
    select p.client_id, p.name, p.email, p.company_name, p.segment, p.in_force, p.accepted, ${statusSql(sql`p.in_force`, sql`p.accepted`)}, p.docs,
      d.valid_from, d.valid_until, false, now()
    from per p left join days d on d.client_id = p.client_id
    on conflict (client_id) do update set
      name = excluded.name, email = excluded.email, company_name = excluded.company_name, segment = excluded.segment,
      in_force = excluded.in_force, accepted = excluded.accepted, status = excluded.status, docs = excluded.docs,
      valid_from = excluded.valid_from, valid_until = excluded.valid_until, stale = false, refreshed_at = excluded.refreshed_at`);
  return result.rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
}

/** A document was published for `audience` (`segment:2`, `email:x@y`): its sellers' rows. */
export async function keepStatusAfterPublish(tx: Executor, audience: string, now = new Date()): Promise<void> {
  await lockAudiences(tx, [audience], []);
  await refreshSellers(
    tx,
    sql`('segment:' || ${SEGMENT_OF_C}) = ${audience} or ('email:' || lower(c.email)) = ${audience}`,
    indiaDate(now),
  );
}

/** The seller accepted a document: its row (its segment shared, so accepts run side by side). */
export async function keepStatusAfterAccept(tx: Executor, clientId: number, now = new Date()): Promise<void> {
  const seller = await clientAudienceFields(tx, clientId);
  if (!seller) return;
  const [email, ...segment] = audiencesOf(seller);
  await lockAudiences(tx, [email], segment);
  await refreshSellers(tx, sql`c.id = ${clientId}`, indiaDate(now));
}

/**
 * A client's segment or e-mail changed, or the client is new (`before` null): its row. Call it
 * in the transaction of the change, after the change.
 */
export async function keepStatusAfterClientChange(
  tx: Executor,
  clientId: number,
  before: { email: string; segment: string | null } | null,
  now = new Date(),
): Promise<void> {
  const after = await clientAudienceFields(tx, clientId);
  if (!after) return;
  await lockAudiences(tx, [...audiencesOf(after), ...(before ? audiencesOf(before) : [])], []);
  await refreshSellers(tx, sql`c.id = ${clientId}`, indiaDate(now));
}

/** A client's e-mail and segment as the status reads them (for `keepStatusAfterClientChange`'s `before`). */
export async function clientAudienceFields(
  tx: Executor,
  clientId: number,
): Promise<{ email: string; segment: string | null } | null> {
  const [row] = (
    await tx.execute(sql`select c.email, ${SEGMENT_OF_C} as segment from clients c where c.id = ${clientId}`)
  ).rows as { email: string; segment: string | null }[];
  return row ?? null;
}

export type RebuildOutcome = { outcome: "done"; sellers: number } | { outcome: "busy" };

/**
 * Recomputes, inside `tx`, every seller's row from scratch (`all`), or only the rows that do not
 * hold for `today` — a client without one, or a row whose days ended (`stale`). The caller holds
 * the keepers' lock exclusively (or, as the seed, is alone).
 */
export async function recomputeLegalStatus(tx: Executor, only: "all" | "stale", today: string): Promise<number> {
  if (only === "all") {
    await tx.execute(sql`delete from legal_seller_status`);
    return refreshSellers(tx, sql`true`, today);
  }
  return refreshSellers(
    tx,
    sql`not exists (
      select 1 from legal_seller_status k where k.client_id = c.id and not k.stale
        and (k.valid_from is null or k.valid_from <= ${today}::date) and (k.valid_until is null or k.valid_until > ${today}::date))`,
    today,
  );
}

/**
 * `recomputeLegalStatus` in its own transaction, alone: it takes the keepers' lock exclusively
 * (waiting for it, or giving up when `wait` is false), so no write's refresh runs beside it.
 */
export async function rebuildLegalStatus(
  db: Db,
  options: { only: "all" | "stale"; now?: Date; wait?: boolean },
): Promise<RebuildOutcome> {
  const today = indiaDate(options.now ?? new Date());
  return transaction(db, async (tx) => {
    if (options.wait === false) {
      const [{ locked }] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${KEEPER_LOCK}, 0) as locked`))
        .rows as { locked: boolean }[];
      if (!locked) return { outcome: "busy" as const };
    } else await tx.execute(sql`select pg_advisory_xact_lock(${KEEPER_LOCK}, 0)`);
    return { outcome: "done" as const, sellers: await recomputeLegalStatus(tx, options.only, today) };
  });
}

/**
 * The keeper: every `everyMs` (and once at once), when the kept status does not hold for today
 * (a document came into force at IST midnight, a client was added by a script), refreshes the
 * rows that do not — on one server at a time. Returns a stop function.
 */
export function startLegalStatusKeeper(db: Db, log: (line: string) => void, everyMs = jobMs(60_000)): () => void {
  return startPeriodic(
    "legal-status-keeper",
    async () => {
      if (await keptStatusHolds(db, indiaDate(new Date()))) return;
      const t0 = Date.now();
      const r = await rebuildLegalStatus(db, { only: "stale", wait: false });
      if (r.outcome === "done" && r.sellers > 0)
        log(`Legal Status: ${r.sellers} sellers' status refreshed in ${Date.now() - t0} ms`);
    },
    "Refreshing the kept Legal Status failed; the page counts everything until the next try",
    everyMs,
  );
}
