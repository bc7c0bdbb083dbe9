/**
 * Legal Status (issue 16; spec part 2 §2, §5, §7 clients list CSV): every seller with the
 * documents in force for it and whether it accepted them. One query decides the in-force
 * documents (the newest published version per name and audience, as documents.ts `inForceFor`)
 * and counts, per seller, those in force and those accepted; the page's sellers then get their
 * documents' details.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
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

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The documents in force (newest published version per name and audience) and, per seller, the
 * links to those addressed to it: two equality joins (segment, e-mail) rather than one join on
 * an OR, so the database can hash them (an OR join compares every seller with every document).
 */
function inForceLinks(today: string, sellers: SQL): SQL {
  return sql`
    docs as (
      select distinct on (doc_name, audience) id, doc_name, audience, version
      from legal_documents where publish_at <= ${today}::date
      order by doc_name, audience, version desc
    ),
    sellers as (${sellers}),
    links as (
      select s.id as client_id, d.id as doc_id, d.doc_name, d.version from sellers s join docs d on d.audience = 'segment:' || s.segment
      union all
      select s.id, d.id, d.doc_name, d.version from sellers s join docs d on d.audience = 'email:' || lower(s.email)
    )`;
}

const SELLER_COLUMNS = sql`c.id, c.name, c.email, c.company_name, nullif(replace(c.business_data->>'tin_number', 'Segment_', ''), '') as segment`;

/** The per-seller counts as a query, filtered by status and search. */
function sellersQuery(today: string, { status, q }: Pick<StatusQuery, "status" | "q">): SQL {
  const search = q ? sql`where c.name ilike ${likePattern(q)} or c.email ilike ${likePattern(q)}` : sql``;
  const having = status === "1" ? sql`where in_force > 0 and accepted = in_force` : status === "0" ? sql`where accepted < in_force` : sql``;
  return sql`
    with ${inForceLinks(today, sql`select ${SELLER_COLUMNS} from clients c ${search}`)},
    counts as (
      select l.client_id, count(*)::int as in_force, count(a.document_id)::int as accepted
      from links l left join legal_acceptances a on a.document_id = l.doc_id and a.client_id = l.client_id
      group by l.client_id
    ),
    per as (
      select s.*, coalesce(n.in_force, 0) as in_force, coalesce(n.accepted, 0) as accepted
      from sellers s left join counts n on n.client_id = s.id
    )
    select * from per ${having}`;
}

type CountRow = { id: number; name: string; email: string; company_name: string; segment: string | null; in_force: number; accepted: number };

const statusOf = (r: { in_force: number; accepted: number }): AgreementStatus | null => (r.in_force === 0 ? null : r.accepted === r.in_force ? "1" : "0");

export async function legalStatus(db: Db, query: StatusQuery, now = new Date()): Promise<{ rows: StatusRow[]; total: number; page: number; pages: number }> {
  const today = indiaDate(now);
  const base = sellersQuery(today, query);
  // One pass: the page's rows with the count of all matching rows beside them.
  const pageAt = async (page: number) =>
    (await db.execute(sql`select *, count(*) over ()::int as total from (${base}) s order by name, id limit ${STATUS_PAGE_SIZE} offset ${(page - 1) * STATUS_PAGE_SIZE}`))
      .rows as (CountRow & { total: number })[];
  let page = Math.max(1, query.page);
  let sellers = await pageAt(page);
  let total = sellers[0]?.total ?? 0;
  if (sellers.length === 0 && page > 1) {
    // Past the last page (a stale link): count, then show the last page.
    total = ((await db.execute(sql`select count(*)::int as total from (${base}) s`)).rows as { total: number }[])[0].total;
    page = Math.max(1, Math.ceil(total / STATUS_PAGE_SIZE));
    sellers = total > 0 ? await pageAt(page) : [];
  }
  const pages = Math.max(1, Math.ceil(total / STATUS_PAGE_SIZE));
  const ids = sellers.map((s) => s.id);
  const details = ids.length
    ? ((
        await db.execute(sql`
          with ${inForceLinks(today, sql`select ${SELLER_COLUMNS} from clients c where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)}
          select l.client_id, l.doc_id as id, l.doc_name, l.version, a.accepted_at
          from links l left join legal_acceptances a on a.document_id = l.doc_id and a.client_id = l.client_id
          order by l.doc_id`)
      ).rows as { client_id: number; id: number; doc_name: DocName; version: number; accepted_at: string | Date | null }[])
    : [];
  const docsOf = new Map<number, StatusDoc[]>();
  for (const d of details) {
    const list = docsOf.get(d.client_id) ?? [];
    list.push({ id: d.id, doc_name: d.doc_name, version: d.version, accepted_at: d.accepted_at == null ? null : new Date(d.accepted_at).toISOString() });
    docsOf.set(d.client_id, list);
  }
  return { total, page, pages, rows: sellers.map(({ total: _total, ...s }) => ({ ...s, status: statusOf(s), docs: docsOf.get(s.id) ?? [] })) };
}

export const STATUS_CSV_HEADER = ["name", "email", "company_name", "segment", "status", "documents_in_force", "accepted", "agreement_status"] as const;

/** Every seller of the chosen status (and search) as CSV records, for the Download. */
export async function legalStatusCsvRecords(db: Db, query: Pick<StatusQuery, "status" | "q">, now = new Date()): Promise<string[][]> {
  const rows = (await db.execute(sql`${sellersQuery(indiaDate(now), query)} order by name, id`)).rows as CountRow[];
  return rows.map((r) => {
    const status = statusOf(r);
    return [r.name, r.email, r.company_name, r.segment ?? "", status ?? "", String(r.in_force), String(r.accepted), status ? AGREEMENT_STATUS[status] : "No documents"];
  });
}
