/**
 * Legal Status (decision 028; docs/product.md §2, §5, §7 clients list CSV): every seller with the
 * documents in force for it and whether it accepted them.
 *
 * The rules are here once, as SQL: the documents in force (the newest published version per
 * name and audience not withdrawn, as documents.ts `versionInForce`), each seller's links to them, and the
 * count-everything query that counts, per seller, those in force and those accepted. The page
 * reads them from `legal_seller_status`, the per-seller status the writes keep with these same
 * rules (status-kept.server.ts, decision 036), whenever that table holds for today; when it
 * does not (a document came into force since, a client was added outside the services) the
 * page counts everything as before, until the periodic refresh catches up.
 */
import { type SQL, sql } from "drizzle-orm";

import { containsPattern } from "../core/like";
import type { Db, Executor } from "../db/client.server";
import { indiaDate } from "./documents";
import { AGREEMENT_STATUS, type AgreementStatus, type DocName } from "./forms";

export const STATUS_PAGE_SIZE = 30;

export type StatusQuery = { status: AgreementStatus | null; q: string; page: number };

export type StatusDoc = { id: number; doc_name: DocName; version: number; accepted_at: string | null };
export type StatusRow = {
  id: number;
  name: string;
  email: string;
  company_name: string;
  segment: string | null;
  in_force: number;
  accepted: number;
  /** 1 every document in force accepted, 0 one or more not, null when none is in force. */
  status: AgreementStatus | null;
  docs: StatusDoc[];
};

const searchCondition = (q: string): SQL =>
  sql`(c.name ilike ${containsPattern(q)} or c.email ilike ${containsPattern(q)})`;
const searchOf = (q: string): SQL => (q ? sql`where ${searchCondition(q)}` : sql``);

/** A seller's Agreement Status from its counts (the rule, in SQL): '1', '0', or null with nothing in force. */
export const statusSql = (inForce: SQL, accepted: SQL): SQL =>
  sql`(case when ${inForce} = 0 then null when ${accepted} = ${inForce} then '1' else '0' end)`;

/**
 * The documents in force (newest published version per name and audience) and, per seller, the
 * links to those addressed to it: two equality joins (segment, e-mail) rather than one join on
 * an OR, so the database can hash them (an OR join compares every seller with every document).
 */
export function inForceLinks(today: string, sellers: SQL): SQL {
  return sql`
    sellers as (${sellers}),
    docs as (${inForceDocsSql(today, true)}),
    links as (
      select s.id as client_id, d.id as doc_id, d.doc_name, d.version from sellers s join docs d on d.audience = 'segment:' || s.segment
      union all
      select s.id, d.id, d.doc_name, d.version from sellers s join docs d on d.audience = 'email:' || lower(s.email)
    )`;
}

/**
 * The versions in force on `today` as SQL: per name and audience the newest version not
 * withdrawn and published by then — documents.ts `versionInForce`, the one rule (decision 061).
 * `ofSellers`: only the audiences of the `sellers` CTE (a page of 30 reads its ~35 audiences by
 * index instead of every document). Columns: id, doc_name, audience, version, publish_at,
 * order_blocking, days.
 */
export function inForceDocsSql(today: string, ofSellers: boolean): SQL {
  const audiences = ofSellers
    ? sql`and audience in (select 'segment:' || segment from sellers union select 'email:' || lower(email) from sellers)`
    : sql``;
  return sql`
    select distinct on (doc_name, audience) id, doc_name, audience, version, publish_at, order_blocking, days
    from legal_documents where publish_at <= ${today}::date and withdrawn_at is null ${audiences}
    order by doc_name, audience, version desc`;
}

/** A client's (`c`) customer segment as a document's ('2' from `Segment_2`), null when none. */
export const SEGMENT_OF_C = sql`nullif(replace(c.business_data->>'tin_number', 'Segment_', ''), '')`;
export const SELLER_COLUMNS = sql`c.id, c.name, c.email, c.company_name, ${SEGMENT_OF_C} as segment`;

/**
 * The per-seller counts as a query, filtered by status and search. A seller's documents in force
 * are those of its segment's audience plus those of its e-mail's, so its counts are two lookups
 * in per-audience figures (documents in force; acceptances per seller) rather than a join of
 * every seller with every document it has (20,000 links at 2,000 sellers × 10 documents).
 * Acceptances are unique per (document, client): counting them per audience counts documents.
 */
function sellersQuery(today: string, { status, q }: Pick<StatusQuery, "status" | "q">): SQL {
  const having = status ? sql`where ${statusSql(sql`in_force`, sql`accepted`)} = ${status}` : sql``;
  return sql`
    with sellers as (select ${SELLER_COLUMNS} from clients c ${searchOf(q)}),
    docs as (${inForceDocsSql(today, false)}),
    per_audience as (select audience, count(*)::int as n from docs group by audience),
    accepted as (
      select a.client_id, d.audience, count(*)::int as n
      from legal_acceptances a join docs d on d.id = a.document_id
      where a.client_id in (select id from sellers)
      group by a.client_id, d.audience
    ),
    per as (
      select s.*,
        coalesce(ds.n, 0) + coalesce(de.n, 0) as in_force,
        coalesce(acs.n, 0) + coalesce(ace.n, 0) as accepted
      from sellers s
      left join per_audience ds on ds.audience = 'segment:' || s.segment
      left join per_audience de on de.audience = 'email:' || lower(s.email)
      left join accepted acs on acs.client_id = s.id and acs.audience = 'segment:' || s.segment
      left join accepted ace on ace.client_id = s.id and ace.audience = 'email:' || lower(s.email)
    )
    select * from per ${having}`;
}

type SellerRow = { id: number; name: string; email: string; company_name: string; segment: string | null };
type CountRow = SellerRow & { in_force: number; accepted: number };
export type StatusPage = { rows: StatusRow[]; total: number; page: number; pages: number };

export const statusOf = (r: { in_force: number; accepted: number }): AgreementStatus | null =>
  r.in_force === 0 ? null : r.accepted === r.in_force ? "1" : "0";

/**
 * Whether `legal_seller_status` holds for `today`, as SQL: no row is stale (every client has one,
 * decision 036) and no row's days exclude today — three index probes.
 */
const holdsSql = (today: string): SQL => sql`(
  not exists (select 1 from legal_seller_status where stale)
  and not exists (select 1 from legal_seller_status where valid_until <= ${today}::date)
  and not exists (select 1 from legal_seller_status where valid_from > ${today}::date))`;

export async function keptStatusHolds(db: Executor, today: string): Promise<boolean> {
  return ((await db.execute(sql`select ${holdsSql(today)} as holds`)).rows as { holds: boolean }[])[0].holds;
}

/** The Legal Status page: from the kept per-seller status when it holds for today, else counted. */
export async function legalStatus(db: Db, query: StatusQuery, now = new Date()): Promise<StatusPage> {
  const today = indiaDate(now);
  return (await keptLegalStatus(db, query, today)) ?? countedLegalStatus(db, query, today);
}

/** The page of a view chosen by `pageAt` (a stale link past the last page shows the last page). */
async function pageOf<R extends { total: number }>(
  query: StatusQuery,
  pageAt: (page: number) => Promise<R[]>,
  countAll: () => Promise<number>,
) {
  let page = Math.max(1, query.page);
  let rows = await pageAt(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    total = await countAll();
    page = Math.max(1, Math.ceil(total / STATUS_PAGE_SIZE));
    rows = total > 0 ? await pageAt(page) : [];
  }
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / STATUS_PAGE_SIZE)) };
}

/** The kept rows (`s`) of a view: its status and search (the counted path's ILIKE on name or e-mail, as `search`). */
function keptFrom({ status, q }: Pick<StatusQuery, "status" | "q">): SQL {
  const conditions = [
    status ? sql`s.status = ${status}` : null,
    q ? sql`s.search like lower(${containsPattern(q)})` : null,
  ].filter((c): c is SQL => c !== null);
  return sql`legal_seller_status s ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`;
}

/** A kept row as the page shows it. */
const KEPT_COLUMNS = sql`s.client_id as id, s.name, s.email, s.company_name, s.segment, s.in_force, s.accepted, s.status, s.docs`;

type KeptRow = { holds: boolean; total: number | null } & (
  { id: null } | (SellerRow & { in_force: number; accepted: number; status: AgreementStatus | null; docs: StatusDoc[] })
);

/**
 * The page from `legal_seller_status` alone, in one statement: whether it holds for today, the
 * count of the view, and the page's 30 sellers chosen by status and name (an index read) as
 * kept. Null when the kept status does not hold for today.
 */
async function keptLegalStatus(db: Db, query: StatusQuery, today: string): Promise<StatusPage | null> {
  const from = keptFrom(query);
  // A search reads every row anyway: the count comes along (one pass); a status alone is
  // counted apart, so the page itself is read from the status and name index.
  const total = query.q ? sql`p.total` : sql`(select count(*)::int from ${from})`;
  const read = async (page: number) =>
    (
      await db.execute(sql`
        select ${holdsSql(today)} as holds, ${total} as total, p.*
        from (select 1) one left join (
          select ${KEPT_COLUMNS} ${query.q ? sql`, count(*) over ()::int as total` : sql``} from ${from}
          order by s.name, s.client_id limit ${STATUS_PAGE_SIZE} offset ${(page - 1) * STATUS_PAGE_SIZE}
        ) p on true
        order by p.name, p.id`)
    ).rows as KeptRow[];
  let page = Math.max(1, query.page);
  let found = await read(page);
  if (!found[0].holds) return null;
  let count = found[0].total;
  if (count === null) {
    // A search's page past its end (a stale link): count, then show the last page.
    count = ((await db.execute(sql`select count(*)::int as total from ${from}`)).rows as { total: number }[])[0].total;
  }
  const pages = Math.max(1, Math.ceil(count / STATUS_PAGE_SIZE));
  if (page > pages) {
    page = pages;
    found = await read(page);
  }
  return {
    total: count,
    page,
    pages,
    rows: found.flatMap((r) =>
      r.id === null
        ? []
        : [
            {
              id: r.id,
              name: r.name,
              email: r.email,
              company_name: r.company_name,
              segment: r.segment,
              in_force: r.in_force,
              accepted: r.accepted,
              status: r.status,
              docs: r.docs,
            },
          ],
    ),
  };
}

/** The page by the rules, counting every seller (the reference the kept status is checked against). */
export async function countedLegalStatus(db: Db, query: StatusQuery, today: string): Promise<StatusPage> {
  const base = sellersQuery(today, query);
  // One pass: the page's rows with the count of all matching rows beside them. Without a status
  // filter the page is chosen by name alone and its sellers' counts come from their documents
  // below; a status filter needs every seller's counts to choose.
  const pageAt = async (page: number): Promise<(SellerRow & { total: number })[]> => {
    const chosen =
      query.status !== null
        ? sql`select *, count(*) over ()::int as total from (${base}) s order by name, id`
        : sql`select ${SELLER_COLUMNS}, count(*) over ()::int as total from clients c ${searchOf(query.q)} order by c.name, c.id`;
    return (await db.execute(sql`${chosen} limit ${STATUS_PAGE_SIZE} offset ${(page - 1) * STATUS_PAGE_SIZE}`))
      .rows as (SellerRow & { total: number })[];
  };
  const countAll = async () =>
    ((await db.execute(sql`select count(*)::int as total from (${base}) s`)).rows as { total: number }[])[0].total;
  const { rows: sellers, total, page, pages } = await pageOf(query, pageAt, countAll);
  const ids = sellers.map((s) => s.id);
  const details = ids.length
    ? ((
        await db.execute(sql`
          with ${inForceLinks(
            today,
            sql`select ${SELLER_COLUMNS} from clients c where c.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )}
          select l.client_id, l.doc_id as id, l.doc_name, l.version, a.accepted_at
          from links l left join legal_acceptances a on a.document_id = l.doc_id and a.client_id = l.client_id
          order by l.doc_id`)
      ).rows as {
        client_id: number;
        id: number;
        doc_name: DocName;
        version: number;
        accepted_at: string | Date | null;
      }[])
    : [];
  const docsOf = new Map<number, StatusDoc[]>();
  for (const d of details) {
    const list = docsOf.get(d.client_id) ?? [];
    list.push({
      id: d.id,
      doc_name: d.doc_name,
      version: d.version,
      accepted_at: d.accepted_at == null ? null : new Date(d.accepted_at).toISOString(),
    });
    docsOf.set(d.client_id, list);
  }
  return {
    total,
    page,
    pages,
    rows: sellers.map(({ id, name, email, company_name, segment }) => {
      const docs = docsOf.get(id) ?? [];
      const counts = { in_force: docs.length, accepted: docs.filter((d) => d.accepted_at !== null).length };
      return { id, name, email, company_name, segment, ...counts, status: statusOf(counts), docs };
    }),
  };
}

export const STATUS_CSV_HEADER = [
  "name",
  "email",
  "company_name",
  "segment",
  "status",
  "documents_in_force",
  "accepted",
  "agreement_status",
] as const;

/** Every seller's counts by the rules, counting everything (the reference for the kept status). */
export async function countedSellerStatus(db: Executor, today: string): Promise<CountRow[]> {
  return (await db.execute(sql`${sellersQuery(today, { status: null, q: "" })} order by id`)).rows as CountRow[];
}

/** Every seller of the chosen status (and search) as CSV records, for the Download (kept or counted, as the page). */
export async function legalStatusCsvRecords(
  db: Db,
  query: Pick<StatusQuery, "status" | "q">,
  now = new Date(),
): Promise<string[][]> {
  const today = indiaDate(now);
  const source = (await keptStatusHolds(db, today))
    ? sql`select s.client_id as id, s.name, s.email, s.company_name, s.segment, s.in_force, s.accepted from ${keptFrom(query)}`
    : sellersQuery(today, query);
  const rows = (await db.execute(sql`select * from (${source}) r order by name, id`)).rows as CountRow[];
  return rows.map((r) => {
    const status = statusOf(r);
    return [
      r.name,
      r.email,
      r.company_name,
      r.segment ?? "",
      status ?? "",
      String(r.in_force),
      String(r.accepted),
      status ? AGREEMENT_STATUS[status] : "No documents",
    ];
  });
}
