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

/** The per-seller counts as a query, filtered by status and search. */
function sellersQuery(today: string, { status, q }: Pick<StatusQuery, "status" | "q">): SQL {
  const search = q ? sql`and (c.name ilike ${likePattern(q)} or c.email ilike ${likePattern(q)})` : sql``;
  const having = status === "1" ? sql`where in_force > 0 and accepted = in_force` : status === "0" ? sql`where accepted < in_force` : sql``;
  return sql`
    with docs as (
      select distinct on (doc_name, audience) id, audience
      from legal_documents where publish_at <= ${today}::date
      order by doc_name, audience, version desc
    ),
    per as (
      select c.id, c.name, c.email, c.company_name,
             nullif(replace(c.business_data->>'tin_number', 'Segment_', ''), '') as segment,
             count(d.id)::int as in_force, count(a.document_id)::int as accepted
      from clients c
      left join docs d on d.audience = 'segment:' || replace(c.business_data->>'tin_number', 'Segment_', '')
                       or d.audience = 'email:' || lower(c.email)
      left join legal_acceptances a on a.document_id = d.id and a.client_id = c.id
      where true ${search}
      group by c.id
    )
    select * from per ${having}`;
}

type CountRow = { id: number; name: string; email: string; company_name: string; segment: string | null; in_force: number; accepted: number };

const statusOf = (r: { in_force: number; accepted: number }): AgreementStatus | null => (r.in_force === 0 ? null : r.accepted === r.in_force ? "1" : "0");

export async function legalStatus(db: Db, query: StatusQuery, now = new Date()): Promise<{ rows: StatusRow[]; total: number; page: number; pages: number }> {
  const today = indiaDate(now);
  const base = sellersQuery(today, query);
  const [{ total }] = (await db.execute(sql`select count(*)::int as total from (${base}) s`)).rows as { total: number }[];
  const pages = Math.max(1, Math.ceil(total / STATUS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pages);
  const sellers = (await db.execute(sql`${base} order by name, id limit ${STATUS_PAGE_SIZE} offset ${(page - 1) * STATUS_PAGE_SIZE}`)).rows as CountRow[];
  const ids = sellers.map((s) => s.id);
  const details = ids.length
    ? ((
        await db.execute(sql`
          with docs as (
            select distinct on (doc_name, audience) id, doc_name, audience, version
            from legal_documents where publish_at <= ${today}::date
            order by doc_name, audience, version desc
          )
          select c.id as client_id, d.id, d.doc_name, d.version, a.accepted_at
          from clients c
          join docs d on d.audience = 'segment:' || replace(c.business_data->>'tin_number', 'Segment_', '') or d.audience = 'email:' || lower(c.email)
          left join legal_acceptances a on a.document_id = d.id and a.client_id = c.id
          where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          order by d.id`)
      ).rows as { client_id: number; id: number; doc_name: DocName; version: number; accepted_at: string | Date | null }[])
    : [];
  const docsOf = new Map<number, StatusDoc[]>();
  for (const d of details) {
    const list = docsOf.get(d.client_id) ?? [];
    list.push({ id: d.id, doc_name: d.doc_name, version: d.version, accepted_at: d.accepted_at == null ? null : new Date(d.accepted_at).toISOString() });
    docsOf.set(d.client_id, list);
  }
  return { total, page, pages, rows: sellers.map((s) => ({ ...s, status: statusOf(s), docs: docsOf.get(s.id) ?? [] })) };
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
