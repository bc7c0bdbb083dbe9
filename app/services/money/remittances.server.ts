/**
 * Held COD remittances (decision 031, docs/product.md §7 "COD hold"): the On Hold COD list
 * (GET /remittance/ with current_action=HOLD, status=PENDING,PARTIAL), a seller's hold analytics
 * (get-analytics-details) with its verdict, and the release (update-remittance-mode), exactly
 * once. Every read is limited to the clients in the viewer's scope.
 */
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { type Actor, can } from "../auth/permissions";
import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import { istDayOf } from "../core/ist-dates";
import { containsPattern } from "../core/like";
import { formatInr, paiseToRupeesString, percentOfPaise, rupeesToPaise } from "../core/money";
import {
  fail,
  type Failure,
  type Forbidden,
  forbidden,
  type Invalid,
  invalid,
  type NotFound,
  notFound,
  type Result,
} from "../core/result";
import { anyOfIds } from "../db/any-of";
import type { Db, Tx } from "../db/client.server";
import { billingCycles, clientMoneyProfiles, clients, codRemittances, moneyMovements, orders } from "../db/schema";
import { transaction } from "../db/transaction.server";
import type { XlsxCell, XlsxColumn, XlsxKind } from "../http/xlsx.server";
import { enqueueMail } from "../mail/outbox.server";
import { financeApproverEmails } from "../settings/finance-approvers.server";
import { COD_PAGE_SIZE, type CodView } from "./cod-query";
import { SERVICE_TAX_PERCENT } from "./cycles";
import { customerTypeOf, displayedAmount, type HoldFigures, type HoldVerdict, holdVerdict } from "./hold";
import { type BillNetting, netBills, type OpenBill } from "./netting";
import { type Changed, type Confirmed, MAX_SELECT_ALL, releaseAllMessage, splitConfirmed, sumOf } from "./release-all";
import { RELEASE_MESSAGES, type ReleaseAllInput, type ReleaseInput } from "./release-form";

const HELD = sql`${codRemittances.current_action} = 'HOLD' and ${codRemittances.status} in ('PENDING', 'PARTIAL')`;

function searchCondition(view: Pick<CodView, "by" | "q">): SQL | undefined {
  if (!view.q) return undefined;
  switch (view.by) {
    case "ref":
      return eq(codRemittances.pickrr_reference_id, view.q.toUpperCase());
    case "email":
      return undefined; // a condition on the seller: sellersInView
    case "awb":
      // The cycle that holds the COD order with this AWB (Pickrr tracking id or the courier's).
      return sql`${codRemittances.id} in (
        select ${orders.cod_remittance_id} from ${orders}
        where (${orders.pickrr_tracking_id} = ${view.q.toUpperCase()} or ${orders.courier_tracking_id} = ${view.q.toUpperCase()})
          and ${orders.cod_remittance_id} is not null)`;
  }
}

/**
 * The sellers the list may show when the viewer's scope or an e-mail search limits them: their
 * ids, read once per request for both the count and the page, or null when every seller counts.
 * A list of ids is checked against each held row directly; as a semi-join on the clients table
 * each of the two queries scanned the clients with the `ilike` again and hash-joined every held
 * row of the period with them (decision 041: the count of an e-mail search 4.6 → 2.4 ms).
 */
async function sellersInView(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q">,
): Promise<number[] | null> {
  const email = view.by === "email" && view.q ? ilike(clients.email, containsPattern(view.q)) : undefined;
  const where = and(clientScopeCondition(viewer), email);
  if (!where) return null;
  return (await db.select({ id: clients.id }).from(clients).where(where)).map((r) => r.id);
}

async function listConditions(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q" | "from" | "to">,
): Promise<SQL | undefined> {
  const sellers = await sellersInView(db, viewer, view);
  // One array parameter however many sellers (db/any-of: a vp's e-mail search over a large book).
  const seller = sellers === null ? undefined : anyOfIds(codRemittances.client_id, sellers);
  return and(
    HELD,
    sql`${codRemittances.start_date} between ${view.from} and ${view.to}`,
    seller,
    searchCondition(view),
  );
}

const listColumns = {
  id: codRemittances.id,
  pickrr_reference_id: codRemittances.pickrr_reference_id,
  client_id: codRemittances.client_id,
  email: clients.email,
  company_name: clients.company_name,
  has_wallet: sql<boolean>`coalesce((${clients.pickrr_config}->>'has_wallet')::boolean, false)`,
  has_cod_minus_bill: sql<boolean>`coalesce((${clients.pickrr_config}->>'deduct_cod')::boolean, false)`,
  order_count: codRemittances.order_count,
  start_date: codRemittances.start_date,
  end_date: codRemittances.end_date,
  remittance_date: codRemittances.remittance_date,
  total_amount: codRemittances.total_amount,
  ecod_charges: codRemittances.ecod_charges,
  pending_amount: codRemittances.pending_amount,
  status: codRemittances.status,
};

export type HeldRemittance = Awaited<ReturnType<typeof listHeldRemittances>>["rows"][number];

/**
 * One page of held remittances (30 rows), oldest cycle first, with the displayed amount, and the
 * totals of the whole filter (decision 066) — in one statement (decision 081): the page's ids
 * from the held-rows index as an array, read by primary key (as `id in (…)` the planner joined
 * them to a scan of every remittance), each row carrying the filter's count and sum. A page
 * without rows carries no totals: on page 1 they are nothing; past it they are read alone, and
 * the last page read when the URL asked for one past it.
 */
export async function listHeldRemittances(db: Db, viewer: Pick<Viewer, "id" | "role">, view: CodView) {
  const where = await listConditions(db, viewer, view);
  const totals = db
    .select({
      total: sql<number>`count(*)::int`.as("total"),
      pending: sql<string>`coalesce(sum(${codRemittances.pending_amount}), 0)::numeric(14,2)::text`.as("pending"),
    })
    .from(codRemittances)
    .where(where)
    .as("totals");
  const pageOf = (page: number) =>
    db
      .select({ ...listColumns, total: totals.total, pending: totals.pending })
      .from(codRemittances)
      .innerJoin(clients, eq(clients.id, codRemittances.client_id))
      .innerJoin(totals, sql`true`)
      .where(
        sql`${codRemittances.id} = any(array(${db
          .select({ id: codRemittances.id })
          .from(codRemittances)
          .where(where)
          .orderBy(asc(codRemittances.start_date), asc(codRemittances.id))
          .limit(COD_PAGE_SIZE)
          .offset((page - 1) * COD_PAGE_SIZE)}))`,
      )
      .orderBy(asc(codRemittances.start_date), asc(codRemittances.id));
  let page = Math.max(1, view.page);
  let found = await pageOf(page);
  let total = found[0]?.total ?? 0;
  let pending = found[0]?.pending ?? "0.00";
  if (found.length === 0 && page > 1) {
    [{ total, pending }] = await db.select({ total: totals.total, pending: totals.pending }).from(totals);
    page = Math.min(page, Math.max(1, Math.ceil(total / COD_PAGE_SIZE)));
    if (total > 0) found = await pageOf(page);
  }
  const pages = Math.max(1, Math.ceil(total / COD_PAGE_SIZE));
  return {
    rows: found.map(({ total: _total, pending: _pending, ...row }) => withAmount(row)),
    total,
    pending,
    page,
    pages,
  };
}

function withAmount<T extends { total_amount: string; ecod_charges: string }>(row: T) {
  return {
    ...row,
    amount: paiseToRupeesString(displayedAmount(rupeesToPaise(row.total_amount), rupeesToPaise(row.ecod_charges))),
  };
}

/** Every held remittance of the filter (the Excel and CSV downloads), in pages of 1,000 read as the file is written. */
export async function* allHeldRemittances(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q" | "from" | "to">,
) {
  const where = await listConditions(db, viewer, view);
  let after: { start: string; id: number } | null = null;
  for (;;) {
    const batch: HeldRemittance[] = (
      await db
        .select(listColumns)
        .from(codRemittances)
        .innerJoin(clients, eq(clients.id, codRemittances.client_id))
        .where(
          and(
            where,
            after
              ? sql`(${codRemittances.start_date}, ${codRemittances.id}) > (${after.start}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(codRemittances.start_date), asc(codRemittances.id))
        .limit(1000)
    ).map(withAmount);
    yield* batch;
    if (batch.length < 1000) return;
    const last = batch[batch.length - 1];
    after = { start: last.start_date, id: last.id };
  }
}

/** A remittance the viewer may see (any status), or null. */
async function remittanceInScope(db: Db | Tx, viewer: Pick<Viewer, "id" | "role">, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(codRemittances)
    .innerJoin(clients, eq(clients.id, codRemittances.client_id))
    .where(and(eq(codRemittances.id, id), clientScopeCondition(viewer)));
  return row ?? null;
}

const paise = (v: string | null | undefined) => rupeesToPaise(v ?? "0");

/**
 * The seller's hold analytics (docs/product.md §3 "Hold analytics"), as of `now` (IST day):
 * pending = due by today and unpaid, future = due later, tentative = in no cycle yet
 * (delivered COD / picked-up freight the cycle cutter has not taken). Decision 031.
 */
export async function holdFigures(db: Db, clientId: number, now = new Date()): Promise<HoldFigures> {
  const today = istDayOf(now);
  const [seller] = await db
    .select({
      email: clients.email,
      has_wallet: listColumns.has_wallet,
      has_cod_minus_bill: listColumns.has_cod_minus_bill,
      credit_days: sql<number>`coalesce((${clients.pickrr_config}->>'credit_period')::int, 0)`,
      buffer_percent: sql<string>`coalesce(${clientMoneyProfiles.buffer_percent}, 0)::numeric(6,2)::text`,
      wallet_balance: sql<string>`coalesce(${clientMoneyProfiles.wallet_balance}, 0)::numeric(12,2)::text`,
    })
    .from(clients)
    .leftJoin(clientMoneyProfiles, eq(clientMoneyProfiles.client_id, clients.id))
    .where(eq(clients.id, clientId));
  const [cod] = (
    await db.execute(sql`select
        coalesce(sum(pending_amount) filter (where status <> 'RELEASED' and remittance_date <= ${today}::date), 0)::text as pending,
        coalesce(sum(pending_amount) filter (where status <> 'RELEASED' and remittance_date > ${today}::date), 0)::text as future
      from ${codRemittances} where client_id = ${clientId}`)
  ).rows as { pending: string; future: string }[];
  const [bill] = (
    await db.execute(sql`select
        coalesce(sum(outstanding_amount) filter (where outstanding_amount > 0 and due_date <= ${today}::date), 0)::text as pending,
        coalesce(sum(outstanding_amount) filter (where outstanding_amount > 0 and due_date > ${today}::date), 0)::text as future,
        (select to_char(b.end_date, 'YYYY-MM-DD') || ' ' || b.reference_id from ${billingCycles} b
          where b.client_id = ${clientId} and b.outstanding_amount > 0 order by b.end_date, b.id limit 1) as oldest
      from ${billingCycles} where client_id = ${clientId}`)
  ).rows as { pending: string; future: string; oldest: string | null }[];
  // Tentative: the seller's orders in no cycle yet (delivered COD; picked-up freight), read from the partial indexes of such orders.
  const [tentative] = (
    await db.execute(sql`select
        coalesce((select sum(cod_amount) from ${orders} where client_id = ${clientId} and payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null), 0)::text as cod,
        coalesce((select sum(charged_amount) from ${orders} where client_id = ${clientId} and pickup_at is not null and billing_cycle_id is null), 0)::text as bill`)
  ).rows as { cod: string; bill: string }[];
  const tentativeBill = paise(tentative.bill);
  const [oldestDate, oldestId] = bill.oldest ? bill.oldest.split(" ") : [null, null];
  return {
    seller_type: customerTypeOf(seller),
    seller_email: seller.email,
    pending_cod: paise(cod.pending),
    future_cod: paise(cod.future),
    tentative_cod: paise(tentative.cod),
    pending_bill: paise(bill.pending),
    future_bill: paise(bill.future),
    // Freight not yet billed carries its GST too, as the bill will.
    tentative_bill: tentativeBill + percentOfPaise(tentativeBill, SERVICE_TAX_PERCENT),
    buffer_percent: seller.buffer_percent,
    wallet_balance: paise(seller.wallet_balance),
    oldest_pending_bill_date: oldestDate,
    oldest_pending_bill_id: oldestId,
    credit_days: seller.credit_days,
    current_date: today,
  };
}

export type HoldDetails = { remittance: HeldRemittance; figures: HoldFigures; verdict: HoldVerdict };

/** 'Hold COD' on a row: the seller's figures and verdict, for a remittance in the viewer's scope. */
export async function holdDetails(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  remittanceId: number,
  now = new Date(),
): Promise<HoldDetails | null> {
  const row = await remittanceInScope(db, viewer, remittanceId);
  if (!row) return null;
  const figures = await holdFigures(db, row.client_id, now);
  return { remittance: withAmount(row), figures, verdict: holdVerdict(figures) };
}

// ── Release ───────────────────────────────────────────────────────────────────────────────

export const RELEASE_RESULT_MESSAGES = {
  forbidden: "Only the finance approvers may release COD.",
  notFound: (id: number) => `COD remittance ${id} was not found. Nothing was released.`,
  released: (ref: string) => `COD ${ref} is already released. Nothing was released.`,
  notHeld: (ref: string) => `COD ${ref} is not on hold. Nothing was released.`,
  done: (n: number) => (n === 1 ? "1 COD remittance released." : `${n} COD remittances released.`),
} as const;

export type ReleasedRemittance = {
  id: number;
  pickrr_reference_id: string;
  amount: string;
  netted: string;
  paid_out: string;
};

export type ReleaseResult = Result<
  { released: ReleasedRemittance[]; message: string },
  Invalid | Forbidden | NotFound | Failure<409>
>;

type Releaser = Viewer & Actor;

/**
 * Releases the selected held remittances, all or none, each exactly once: the rows are locked
 * (FOR UPDATE) before they are checked, so of two or fifty concurrent posts of the same batch the
 * first releases and the rest find them RELEASED and are refused; a money movement's unique
 * (kind, remittance) index stands behind that. One audit row, one movement and one e-mail per
 * remittance, in the same transaction.
 *
 * A COD_MINUS_BILL seller's pending bills are netted against the remittance (money/netting.ts:
 * due by today, oldest due first, the last in part): one bill_netting movement and one audit row
 * per bill, its outstanding reduced (cleared at 0), and the seller is paid what is left. The
 * bills are locked (FOR UPDATE, in id order) after the remittances, so two releases of one
 * seller's different remittances net one after the other, each against what the other left.
 */
export async function releaseRemittances(
  db: Db,
  actor: Releaser,
  input: ReleaseInput,
  now = new Date(),
): Promise<ReleaseResult> {
  if (!can(actor, "cod.release")) return forbidden(RELEASE_RESULT_MESSAGES.forbidden);
  if (!(await financeApproverEmails(db)).includes(input.approver_email)) {
    return invalid(RELEASE_MESSAGES.email, { fieldErrors: { approver_email: RELEASE_MESSAGES.email } });
  }
  return transaction(db, async (tx) => {
    const locked = await tx
      .select(payoutColumns)
      .from(codRemittances)
      .innerJoin(clients, eq(clients.id, codRemittances.client_id))
      .where(and(inArray(codRemittances.id, input.ids), clientScopeCondition(actor)))
      .orderBy(asc(codRemittances.id))
      .for("update", { of: codRemittances });
    const byId = new Map(locked.map((r) => [r.id, r]));
    for (const id of input.ids) {
      const r = byId.get(id);
      if (!r) return notFound(RELEASE_RESULT_MESSAGES.notFound(id));
      if (r.status === "RELEASED") return fail(409, RELEASE_RESULT_MESSAGES.released(r.pickrr_reference_id));
      if (r.current_action !== "HOLD") return fail(409, RELEASE_RESULT_MESSAGES.notHeld(r.pickrr_reference_id));
    }
    const released = await payOut(
      tx,
      actor,
      locked,
      { approver_email: input.approver_email, approver_reason: input.approver_reason },
      now,
    );
    return { ok: true as const, released, message: RELEASE_RESULT_MESSAGES.done(released.length) };
  });
}

// ── Select all matching (decision 066) ───────────────────────────────────────────────────

export type MatchingHeld = { count: number; pending: string; confirmed: Confirmed[] | null };

/**
 * What "select all matching" would release: the count and sum of the filter's held remittances,
 * and their fingerprint (id and pending amount each) — null when more match than one release
 * may take (MAX_SELECT_ALL), so the confirmation asks for a narrower filter instead.
 */
export async function matchingHeld(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q" | "from" | "to">,
): Promise<MatchingHeld> {
  const where = await listConditions(db, viewer, view);
  const rows = await db
    .select({ id: codRemittances.id, pending_amount: codRemittances.pending_amount })
    .from(codRemittances)
    .where(where)
    .orderBy(asc(codRemittances.id))
    .limit(MAX_SELECT_ALL + 1);
  if (rows.length > MAX_SELECT_ALL) {
    const [{ count, pending }] = await db
      .select({
        count: sql<number>`count(*)::int`,
        pending: sql<string>`coalesce(sum(${codRemittances.pending_amount}), 0)::numeric(14,2)::text`,
      })
      .from(codRemittances)
      .where(where);
    return { count, pending, confirmed: null };
  }
  const confirmed = rows.map((r) => ({ id: r.id, paise: rupeesToPaise(r.pending_amount) }));
  return { count: rows.length, pending: paiseToRupeesString(sumOf(confirmed)), confirmed };
}

export type ReleaseAllResult = Result<
  { released: ReleasedRemittance[]; changed: Changed[]; joined: number; message: string },
  Invalid | Forbidden | Failure<409>
>;

/**
 * Releases what the approver confirmed under "select all matching": the confirmed remittances,
 * locked, that are still held, still match the filter and still hold the amount confirmed — each
 * exactly once, as releaseRemittances does. Those that changed in between are reported, not
 * released; remittances that joined the filter since are left on hold and counted. When nothing
 * confirmed can be released the answer is a 409 that says why.
 */
export async function releaseMatching(
  db: Db,
  actor: Releaser,
  input: ReleaseAllInput,
  now = new Date(),
): Promise<ReleaseAllResult> {
  if (!can(actor, "cod.release")) return forbidden(RELEASE_RESULT_MESSAGES.forbidden);
  if (input.confirmed.length > MAX_SELECT_ALL) return invalid(RELEASE_MESSAGES.allTooMany);
  if (!(await financeApproverEmails(db)).includes(input.approver_email)) {
    return invalid(RELEASE_MESSAGES.email, { fieldErrors: { approver_email: RELEASE_MESSAGES.email } });
  }
  const where = await listConditions(db, actor, input.view);
  const ids = input.confirmed.map((c) => c.id);
  return transaction(db, async (tx) => {
    const locked = await tx
      .select({ ...payoutColumns, matches: sql<boolean>`coalesce((${where}), false)` })
      .from(codRemittances)
      .innerJoin(clients, eq(clients.id, codRemittances.client_id))
      .where(and(anyOfIds(codRemittances.id, ids), clientScopeCondition(actor)))
      .orderBy(asc(codRemittances.id))
      .for("update", { of: codRemittances });
    const { release, changed } = splitConfirmed(
      input.confirmed,
      locked.map((r) => ({ ...r, paise: rupeesToPaise(r.pending_amount) })),
    );
    const [{ joined }] = await tx
      .select({ joined: sql<number>`count(*)::int` })
      .from(codRemittances)
      .where(and(where, sql`not (${anyOfIds(codRemittances.id, ids)})`));
    const chosen = new Set(release);
    const released =
      chosen.size === 0
        ? []
        : await payOut(
            tx,
            actor,
            locked.filter((r) => chosen.has(r.id)).map(({ matches: _m, ...r }) => r),
            { approver_email: input.approver_email, approver_reason: input.approver_reason },
            now,
          );
    const paise = released.reduce((sum, r) => sum + rupeesToPaise(r.amount), 0);
    const message = releaseAllMessage({ count: released.length, paise }, changed, joined);
    if (released.length === 0) return fail(409, message);
    return { ok: true as const, released, changed, joined, message };
  });
}

/** The remittance columns a payout needs, read (and locked) by its caller. */
const payoutColumns = {
  id: codRemittances.id,
  client_id: codRemittances.client_id,
  pickrr_reference_id: codRemittances.pickrr_reference_id,
  status: codRemittances.status,
  current_action: codRemittances.current_action,
  pending_amount: codRemittances.pending_amount,
  start_date: codRemittances.start_date,
  end_date: codRemittances.end_date,
  email: clients.email,
  company_name: clients.company_name,
  has_wallet: listColumns.has_wallet,
  has_cod_minus_bill: listColumns.has_cod_minus_bill,
};
type PayoutRow = {
  [K in keyof typeof payoutColumns]: K extends "has_wallet" | "has_cod_minus_bill"
    ? boolean
    : K extends "id" | "client_id"
      ? number
      : K extends "current_action"
        ? string | null
        : string;
};

/**
 * Pays out remittances already locked and checked: a COD_MINUS_BILL seller's due bills netted
 * first, then one release, one movement, one audit row and one e-mail per remittance. An
 * approver's release passes the approval; the payout-day run (payOutDueRemittances) none.
 */
async function payOut(
  tx: Tx,
  actor: AuditActor,
  locked: readonly PayoutRow[],
  approval: { approver_email: string; approver_reason: string } | null,
  now: Date,
): Promise<ReleasedRemittance[]> {
  // COD-minus-bill sellers' pending bills, locked, to net against their remittances.
  const today = istDayOf(now);
  const netting = [...new Set(locked.filter((r) => customerTypeOf(r) === "COD_MINUS_BILL").map((r) => r.client_id))];
  const openBills = new Map<number, OpenBill[]>();
  if (netting.length > 0) {
    const bills = await tx
      .select({
        id: billingCycles.id,
        client_id: billingCycles.client_id,
        reference_id: billingCycles.reference_id,
        due_date: billingCycles.due_date,
        outstanding: billingCycles.outstanding_amount,
      })
      .from(billingCycles)
      .where(
        and(
          anyOfIds(billingCycles.client_id, netting),
          sql`${billingCycles.outstanding_amount} > 0`,
          sql`${billingCycles.due_date} <= ${today}::date`,
        ),
      )
      .orderBy(asc(billingCycles.id))
      .for("update");
    for (const b of bills)
      openBills.set(b.client_id, [
        ...(openBills.get(b.client_id) ?? []),
        { ...b, outstanding: rupeesToPaise(b.outstanding) },
      ]);
  }
  const released: ReleasedRemittance[] = [];
  // Oldest cycle first: the bills are netted against the COD in the order it was collected.
  for (const r of [...locked].sort((x, y) =>
    x.start_date < y.start_date ? -1 : x.start_date > y.start_date ? 1 : x.id - y.id,
  )) {
    const reference = `REL${String(r.id).padStart(8, "0")}`;
    const due = rupeesToPaise(r.pending_amount);
    const net = netBills(due, openBills.get(r.client_id) ?? []);
    openBills.set(
      r.client_id,
      net.bills.filter((b) => b.outstanding > 0),
    );
    const paidOut = paiseToRupeesString(net.paidOut);
    const nettedText = net.nettings.length
      ? `Paid ${formatInr(net.paidOut)} after netting ${formatInr(net.netted)} of bills (${net.nettings.map((n) => n.reference_id).join(", ")})`
      : null;
    // The e-mail first, so the release names it (the Released view, decision 066).
    const mailId = await enqueueMail(tx, {
      to: [r.email],
      subject: `COD remittance ${r.pickrr_reference_id} released`,
      text: `Hello ${r.company_name},\n\nYour COD remittance ${r.pickrr_reference_id} for deliveries from ${r.start_date} to ${r.end_date} has been released: ${formatInr(due)}${
        net.nettings.length
          ? `, less ${formatInr(net.netted)} of your bills (${net.nettings.map((n) => `${n.reference_id} ${formatInr(n.amount)}`).join(", ")}): ${formatInr(net.paidOut)} paid`
          : ""
      }, transaction reference ${reference}.\n\nShipping Console`,
    });
    const [row] = await tx
      .update(codRemittances)
      .set({
        status: "RELEASED",
        current_action: null,
        pending_amount: "0.00",
        released_at: now,
        released_by: actor.id,
        approver_email: approval?.approver_email ?? null,
        approver_reason: approval?.approver_reason ?? null,
        released_amount: r.pending_amount,
        release_mail_id: mailId,
        transaction_reference: reference,
        // An approver's netting note replaces the remark; the payout day's is added to it.
        ...(approval
          ? nettedText
            ? { remark: nettedText }
            : {}
          : { remark: appendRemark([PAYOUT_DAY_REMARK, nettedText].filter(Boolean).join("; ")) }),
      })
      // The lock already makes this true; the condition keeps the update honest on its own.
      .where(
        and(
          eq(codRemittances.id, r.id),
          or(eq(codRemittances.status, "PENDING"), eq(codRemittances.status, "PARTIAL")),
        ),
      )
      .returning({ id: codRemittances.id });
    if (!row) throw new Error(`Remittance ${r.id} changed under its lock`);
    await tx.insert(moneyMovements).values({
      client_id: r.client_id,
      kind: "cod_release",
      remittance_id: r.id,
      amount: paidOut,
      transaction_reference: reference,
      staff_id: actor.id,
      at: now,
    });
    await applyNettings(tx, actor, r, net.nettings, reference, now);
    await writeAudit(tx, actor, {
      clientId: r.client_id,
      entity: "cod_remittance",
      entityId: r.pickrr_reference_id,
      action: "release",
      oldValue: { status: r.status, current_action: r.current_action, pending_amount: r.pending_amount },
      newValue: {
        status: "RELEASED",
        current_action: null,
        released_amount: r.pending_amount,
        netted_bills: net.nettings.map((n) => `${n.reference_id} ${paiseToRupeesString(n.amount)}`).join(", ") || null,
        paid_out: paidOut,
        approver_email: approval?.approver_email ?? null,
        approver_reason: approval?.approver_reason ?? PAYOUT_DAY_REMARK,
        transaction_reference: reference,
      },
    });
    released.push({
      id: r.id,
      pickrr_reference_id: r.pickrr_reference_id,
      amount: r.pending_amount,
      netted: paiseToRupeesString(net.netted),
      paid_out: paidOut,
    });
  }
  return released;
}

// ── Payout day ───────────────────────────────────────────────────────────────────────────────

export const PAYOUT_DAY_REMARK = "Paid out on its payout day";
/** Who the audit names for what the payout-day run does (no staff member did it). */
export const PAYOUT_ACTOR: AuditActor = { id: null, email: "payout-day@system", role: "system" };
const PAYOUT_LOCK = 0x0f1a_0003;

/** The remittance's remark with `text` after what it already says (a late-deliveries note stays). */
const appendRemark = (text: string) =>
  sql`left(concat_ws('; ', nullif(${codRemittances.remark}, ''), ${text}::text), 1000)`;

export type PayoutSummary = { sellers: number; paid: number; held: number; busy: number };

/**
 * Payout day (decision 031): the remittances nobody holds whose payout day has come are paid
 * out, seller by seller, when the seller's hold verdict (holdVerdict over holdFigures, the rule
 * On Hold COD shows) clears; when it says keep holding, they are put on hold — current_action
 * HOLD, the rule with the seller's numbers as the remark, an audit row each — and wait for a
 * finance approver on On Hold COD. One transaction per seller under a per-seller advisory lock,
 * the rows locked and re-read inside it: two servers (or two runs) never pay one twice — the
 * second finds them RELEASED or HOLD, or the seller busy, and leaves them.
 */
export async function payOutDueRemittances(db: Db, now = new Date()): Promise<PayoutSummary> {
  const today = istDayOf(now);
  const due = and(
    inArray(codRemittances.status, ["PENDING", "PARTIAL"]),
    sql`${codRemittances.current_action} is null`,
    sql`${codRemittances.remittance_date} <= ${today}::date`,
  );
  const sellers = (
    await db
      .selectDistinct({ id: codRemittances.client_id })
      .from(codRemittances)
      .where(due)
      .orderBy(asc(codRemittances.client_id))
  ).map((r) => r.id);
  const summary: PayoutSummary = { sellers: 0, paid: 0, held: 0, busy: 0 };
  for (const clientId of sellers) {
    await transaction(db, async (tx) => {
      const [{ locked: mine }] = (
        await tx.execute(sql`select pg_try_advisory_xact_lock(${PAYOUT_LOCK}, ${clientId}) as locked`)
      ).rows as { locked: boolean }[];
      if (!mine) {
        summary.busy++;
        return;
      }
      const rows = await tx
        .select(payoutColumns)
        .from(codRemittances)
        .innerJoin(clients, eq(clients.id, codRemittances.client_id))
        .where(and(eq(codRemittances.client_id, clientId), due))
        .orderBy(asc(codRemittances.id))
        .for("update", { of: codRemittances });
      if (rows.length === 0) return;
      summary.sellers++;
      const verdict = holdVerdict(await holdFigures(tx as unknown as Db, clientId, now));
      if (verdict.clear) {
        summary.paid += (await payOut(tx, PAYOUT_ACTOR, rows, null, now)).length;
        return;
      }
      const remark = `Held on its payout day: ${verdict.rule} — ${verdict.checks.map((c) => c.text).join("; ")}`.slice(
        0,
        1000,
      );
      for (const r of rows) {
        await tx
          .update(codRemittances)
          .set({ current_action: "HOLD", remark: appendRemark(remark) })
          .where(eq(codRemittances.id, r.id));
        await writeAudit(tx, PAYOUT_ACTOR, {
          clientId,
          entity: "cod_remittance",
          entityId: r.pickrr_reference_id,
          action: "hold",
          oldValue: { status: r.status, current_action: r.current_action },
          newValue: { status: r.status, current_action: "HOLD", remark },
        });
      }
      summary.held += rows.length;
    });
  }
  return summary;
}

/** Writes a release's bill nettings: each bill's outstanding reduced, a movement and an audit row per bill. */
async function applyNettings(
  tx: Tx,
  actor: AuditActor,
  r: { id: number; client_id: number; pickrr_reference_id: string },
  nettings: readonly BillNetting[],
  reference: string,
  now: Date,
) {
  for (const n of nettings) {
    const cleared = n.outstanding_after === 0;
    const [bill] = await tx
      .update(billingCycles)
      .set({
        outstanding_amount: sql`${billingCycles.outstanding_amount} - ${paiseToRupeesString(n.amount)}::numeric`,
        ...(cleared ? { cleared_at: now, transaction_reference: reference } : {}),
        remark: cleared
          ? `Adjusted against COD ${r.pickrr_reference_id}`
          : `${formatInr(n.amount)} adjusted against COD ${r.pickrr_reference_id}; ${formatInr(n.outstanding_after)} outstanding`,
      })
      .where(eq(billingCycles.id, n.bill_id))
      .returning({ outstanding: billingCycles.outstanding_amount });
    // The lock makes this true; a difference would mean the bill changed under it.
    if (!bill || rupeesToPaise(bill.outstanding) !== n.outstanding_after)
      throw new Error(`Bill ${n.reference_id} changed under its lock`);
    await tx.insert(moneyMovements).values({
      client_id: r.client_id,
      kind: "bill_netting",
      remittance_id: r.id,
      bill_id: n.bill_id,
      amount: paiseToRupeesString(n.amount),
      transaction_reference: reference,
      staff_id: actor.id,
      at: now,
    });
    await writeAudit(tx, actor, {
      clientId: r.client_id,
      entity: "billing_cycle",
      entityId: n.reference_id,
      action: "net_against_cod",
      oldValue: { outstanding_amount: paiseToRupeesString(n.outstanding_after + n.amount) },
      newValue: {
        outstanding_amount: paiseToRupeesString(n.outstanding_after),
        netted: paiseToRupeesString(n.amount),
        cod_reference_id: r.pickrr_reference_id,
        transaction_reference: reference,
      },
    });
  }
}

// ── Downloads (Excel Download and the spec's remittance report, cod-status.csv) ─────────────

export const HELD_DOWNLOAD_HEADER = [
  "pickrr_reference_id",
  "email",
  "customer_type",
  "has_wallet",
  "has_cod_minus_bill",
  "order_count",
  "start_date",
  "end_date",
  "total_amount",
  "ecod_charges",
  "amount",
  "pending_amount",
  "status",
] as const;

/**
 * The filtered held remittances as download records (amounts plain decimals with two places;
 * dates DD-MM-YYYY, or YYYY-MM-DD with `dates: "iso"` as every CSV writes them, decision 064).
 */
export async function* heldDownloadRecords(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q" | "from" | "to">,
  { dates = "dmy" }: { dates?: "dmy" | "iso" } = {},
): AsyncGenerator<string[]> {
  const dmy = (d: string) => (dates === "iso" ? d : `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`);
  for await (const r of allHeldRemittances(db, viewer, view)) {
    yield [
      r.pickrr_reference_id,
      r.email,
      customerTypeOf(r),
      String(r.has_wallet),
      String(r.has_cod_minus_bill),
      String(r.order_count),
      dmy(r.start_date),
      dmy(r.end_date),
      r.total_amount,
      r.ecod_charges,
      r.amount,
      r.pending_amount,
      r.status,
    ];
  }
}

const HELD_DOWNLOAD_KINDS: Record<(typeof HELD_DOWNLOAD_HEADER)[number], XlsxKind> = {
  pickrr_reference_id: "text",
  email: "text",
  customer_type: "text",
  has_wallet: "text",
  has_cod_minus_bill: "text",
  order_count: "count",
  start_date: "date",
  end_date: "date",
  total_amount: "money",
  ecod_charges: "money",
  amount: "money",
  pending_amount: "money",
  status: "text",
};

/** The Excel Download's columns: the download header, each typed (decision 065). */
export const HELD_DOWNLOAD_COLUMNS: readonly XlsxColumn[] = HELD_DOWNLOAD_HEADER.map((header) => ({
  header,
  kind: HELD_DOWNLOAD_KINDS[header],
}));

/** The filtered held remittances as Excel Download records: amounts and counts numbers, days dates (decision 065). */
export async function* heldXlsxRecords(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Pick<CodView, "by" | "q" | "from" | "to">,
): AsyncGenerator<XlsxCell[]> {
  for await (const r of allHeldRemittances(db, viewer, view)) {
    yield [
      r.pickrr_reference_id,
      r.email,
      customerTypeOf(r),
      String(r.has_wallet),
      String(r.has_cod_minus_bill),
      r.order_count,
      r.start_date,
      r.end_date,
      r.total_amount,
      r.ecod_charges,
      r.amount,
      r.pending_amount,
      r.status,
    ];
  }
}
