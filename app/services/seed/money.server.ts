/**
 * The money seed (decision 031): COD remittance cycles and billing cycles derived from
 * the seeded order book, deterministically, with each seller's buffer and wallet balance.
 *
 * - A closed IST week's delivered COD orders are one remittance (total = their COD, ecod = their
 *   frozen COD charges); its pick-ups are one bill (freight = their charged amounts, 18 % GST).
 * - Ordinary sellers: remittances due by the seed's day are RELEASED, later ones PENDING; bills due
 *   by then are paid (a wallet's at once), later ones outstanding.
 * - Held sellers (about 40 % of those with a cycle in the last five weeks, at least four per
 *   customer type when there are that many): their recent cycles are held (current_action HOLD),
 *   and they alternate between a seller whose hold the verdict would clear and one it would keep,
 *   so every type has both: a keep-holding wallet is overdrawn, a keep-holding COD-minus-bill
 *   seller has only its not-yet-due cycle held and its recent bills unpaid, a keep-holding
 *   separately billed seller left its bills of the last nine weeks unpaid.
 *
 * With `ordersLater` (`npm start` on an empty database) there are no orders yet: fillOrderBook
 * calls seedMoneyIfMissing once the book is full, with the same fork of the same seed.
 */
import { sql } from "drizzle-orm";

import { addDays, istDayOf } from "../core/ist-dates";
import { paiseToRupeesString, percentOfPaise, rupeesToPaise } from "../core/money";
import { bulkInsert } from "../db/bulk-insert.server";
import type { Tx } from "../db/client.server";
import { billingCycles, clientMoneyProfiles, codRemittances } from "../db/schema";
import { billDueDate, billReference, remittanceDate, remittanceReference, SERVICE_TAX_PERCENT } from "../money/cycles";
import { type CustomerType, customerTypeOf } from "../money/hold";
import type { Prng } from "./prng";
import type { AreaSeeder } from "./seeder";

/** How far back a held seller's cycles are held (by the cycle's start). */
const HOLD_WINDOW_DAYS = 35;
/** A keep-holding separately billed seller's unpaid bills reach back this far. */
const UNPAID_WINDOW_DAYS = 63;
const BUFFERS = ["0.00", "5.00", "10.00", "15.00", "20.00"] as const;

type Seller = { id: number; type: CustomerType; credit_days: number };
type Week = { client_id: number; start: string; n: number; total: string; extra: string };
type Intent = "clear" | "keep";

const rows = async <T>(tx: Tx, query: ReturnType<typeof sql>) => (await tx.execute(query)).rows as T[];

/** The orders' closed weeks (Monday start, IST) per client: COD delivered, or picked up. */
async function weeks(tx: Tx, lastStart: string) {
  const cod = await rows<Week>(
    tx,
    sql`select client_id, to_char(w, 'YYYY-MM-DD') as start, n, total::text as total, extra::text as extra from (
          select client_id, date_trunc('week', delivered_at at time zone 'Asia/Kolkata')::date as w, count(*)::int as n,
                 sum(cod_amount) as total, sum((charge->>'cod_charge')::bigint) as extra
          from orders where payment_mode = 'cod' and delivered_at is not null group by 1, 2) x
        where w <= ${lastStart}::date order by client_id, w`,
  );
  const bills = await rows<Week>(
    tx,
    sql`select client_id, to_char(w, 'YYYY-MM-DD') as start, n, total::text as total, '0' as extra from (
          select client_id, date_trunc('week', pickup_at at time zone 'Asia/Kolkata')::date as w, count(*)::int as n, sum(charged_amount) as total
          from orders where pickup_at is not null group by 1, 2) x
        where w <= ${lastStart}::date order by client_id, w`,
  );
  return { cod, bills };
}

/**
 * The money seed. `linkOrders: false` (the background fill, decision 077) leaves the orders
 * outside their cycles: the fill then puts them in, a range of ids per transaction
 * (`linkSeededOrderRange`), so that no page waits for one update of the whole book.
 */
export async function seedMoney(tx: Tx, rng: Prng, until: Date, { linkOrders = true } = {}) {
  const today = istDayOf(until);
  // The last closed week started on or before the Monday a week ago.
  const lastStart = addDays(today, -7);
  const sellers = (
    await rows<{ id: number; has_wallet: boolean; deduct_cod: boolean; credit: number }>(
      tx,
      sql`select id, coalesce((pickrr_config->>'has_wallet')::boolean, false) as has_wallet,
                 coalesce((pickrr_config->>'deduct_cod')::boolean, false) as deduct_cod,
                 coalesce((pickrr_config->>'credit_period')::int, 0) as credit
          from clients order by id`,
    )
  ).map((c): Seller => ({
    id: c.id,
    type: customerTypeOf({ has_wallet: c.has_wallet, has_cod_minus_bill: c.deduct_cod }),
    credit_days: c.credit,
  }));
  const { cod, bills } = await weeks(tx, lastStart);
  const codBy = groupBy(cod);
  const billsBy = groupBy(bills);

  // Who is held, and which verdict each is meant to show.
  const holdFrom = addDays(today, -HOLD_WINDOW_DAYS);
  const intent = new Map<number, Intent>();
  for (const type of ["WALLET", "COD_MINUS_BILL", "SEPARATE_BILL"] as const) {
    const eligible = sellers.filter((s) => s.type === type && (codBy.get(s.id) ?? []).some((w) => w.start >= holdFrom));
    const chosen = rng.fork(`held-${type}`).shuffle(eligible);
    const count = Math.min(eligible.length, Math.max(4, Math.round(eligible.length * 0.4)));
    // A keep-holding COD-minus-bill seller is held on its cycle still to come: it needs one.
    const canKeep = (s: Seller) =>
      s.type !== "COD_MINUS_BILL" || (codBy.get(s.id) ?? []).some((w) => remittanceDate(addDays(w.start, 6)) > today);
    // A clearing COD-minus-bill seller needs COD already due and unpaid (pending COD − pending bill
    // > 0): a held cycle in the window whose remittance date has come. On a Sunday or Monday the
    // last closed week is not due yet, and a seller with COD in that week only cannot clear.
    const canClear = (s: Seller) =>
      s.type !== "COD_MINUS_BILL" ||
      (codBy.get(s.id) ?? []).some(
        (w) =>
          w.start >= holdFrom &&
          remittanceDate(addDays(w.start, 6)) <= today &&
          rupeesToPaise(w.total) - Number(w.extra) > 0,
      );
    const held = chosen.slice(0, count);
    const rest = chosen.slice(count);
    held.forEach((s, i) => intent.set(s.id, i % 2 === 0 && canKeep(s) ? "keep" : "clear"));
    // No keeper at an even place (those sellers have no cycle still to come): a held seller that
    // can keep does, while another held seller still clears; else one from outside the held ones.
    if (!held.some((s) => intent.get(s.id) === "keep")) {
      const keeper = (held.length > 1 ? held.find(canKeep) : undefined) ?? rest.find(canKeep);
      if (keeper) intent.set(keeper.id, "keep");
    }
    // Likewise a clearing seller: one outside the held ones that can clear is held too.
    if (!held.some((s) => intent.get(s.id) === "clear" && canClear(s))) {
      const clearer = rest.find((s) => canClear(s) && !intent.has(s.id));
      if (clearer) intent.set(clearer.id, "clear");
    }
  }

  const profileRng = rng.fork("profiles");
  const utrRng = rng.fork("utr");
  const profiles: (typeof clientMoneyProfiles.$inferInsert)[] = [];
  const remittances: (typeof codRemittances.$inferInsert)[] = [];
  const billRows: (typeof billingCycles.$inferInsert)[] = [];
  for (const s of sellers) {
    const held = intent.get(s.id);
    const buffer = profileRng.pick(BUFFERS);
    let unreleased = 0;
    const sellerCod = codBy.get(s.id) ?? [];
    sellerCod.forEach((w, i) => {
      const end = addDays(w.start, 6);
      const due = remittanceDate(end);
      const total = rupeesToPaise(w.total);
      const ecod = Number(w.extra);
      const isHeld =
        held === undefined ? false : held === "keep" && s.type === "COD_MINUS_BILL" ? due > today : w.start >= holdFrom;
      const released = !isHeld && due <= today;
      // Every third held seller had its oldest held cycle paid out in part before the hold.
      const partial = isHeld && s.id % 3 === 0 && i === sellerCod.findIndex((x) => x.start >= holdFrom);
      const pending = released ? 0 : partial ? Math.floor((total - ecod) / 2) : total - ecod;
      if (!released) unreleased += pending;
      remittances.push({
        pickrr_reference_id: remittanceReference(s.id, w.start),
        client_id: s.id,
        start_date: w.start,
        end_date: end,
        remittance_date: due,
        order_count: w.n,
        total_amount: paiseToRupeesString(total),
        ecod_charges: paiseToRupeesString(ecod),
        pending_amount: paiseToRupeesString(pending),
        status: released ? "RELEASED" : partial ? "PARTIAL" : "PENDING",
        current_action: isHeld ? "HOLD" : null,
        released_at: released ? new Date(`${due}T10:00:00+05:30`) : null,
        transaction_reference: released
          ? `UTR${utrRng.hex(8).toUpperCase()}`
          : partial
            ? `UTR${utrRng.hex(8).toUpperCase()}`
            : null,
        remark: isHeld ? "On hold by finance" : null,
      });
    });
    for (const w of billsBy.get(s.id) ?? []) {
      const end = addDays(w.start, 6);
      const due = billDueDate(end, s.type, s.credit_days);
      const freight = rupeesToPaise(w.total);
      const tax = percentOfPaise(freight, SERVICE_TAX_PERCENT);
      const unpaidWindow =
        held === "keep" && s.type === "SEPARATE_BILL"
          ? end >= addDays(today, -UNPAID_WINDOW_DAYS)
          : held === "keep" && s.type === "COD_MINUS_BILL"
            ? w.start >= holdFrom
            : false;
      const paid = due <= today && !unpaidWindow;
      billRows.push({
        reference_id: billReference(s.id, w.start),
        client_id: s.id,
        start_date: w.start,
        end_date: end,
        due_date: due,
        order_count: w.n,
        freight_charge: paiseToRupeesString(freight),
        entry_tax: "0.00",
        kk_tax: "0.00",
        service_tax: paiseToRupeesString(tax),
        total_tax: paiseToRupeesString(tax),
        total_amount: paiseToRupeesString(freight + tax),
        outstanding_amount: paiseToRupeesString(paid ? 0 : freight + tax),
        cleared_at: paid ? new Date(`${due}T12:00:00+05:30`) : null,
        transaction_reference: paid ? (s.type === "WALLET" ? "WALLET" : `UTR${utrRng.hex(8).toUpperCase()}`) : null,
        remark: paid && s.type === "COD_MINUS_BILL" ? "Adjusted against COD" : null,
      });
    }
    // A keep-holding wallet is overdrawn past twice what it is owed; a clearing one has money.
    const wallet =
      s.type !== "WALLET"
        ? 0
        : held === "keep"
          ? -(2 * unreleased + rupeesToPaise("5000"))
          : held === "clear"
            ? rupeesToPaise(String(profileRng.int(2, 50) * 1000))
            : rupeesToPaise(String(profileRng.int(-2, 40) * 500));
    profiles.push({ client_id: s.id, buffer_percent: buffer, wallet_balance: paiseToRupeesString(wallet) });
  }
  await bulkInsert(tx, clientMoneyProfiles, profiles);
  for (let i = 0; i < remittances.length; i += 5000)
    await bulkInsert(tx, codRemittances, remittances.slice(i, i + 5000));
  for (let i = 0; i < billRows.length; i += 5000) await bulkInsert(tx, billingCycles, billRows.slice(i, i + 5000));
  if (linkOrders) await linkSeededOrders(tx, lastStart);
  await tx.execute(sql`analyze cod_remittances, billing_cycles, client_money_profiles`);
  return { remittances: remittances.length, bills: billRows.length, held: intent.size };
}

/**
 * Puts each order of the seeded weeks (up to the week starting `lastStart`) that is in no cycle
 * yet in the cycles its week made; later orders are the cycle cutter's (money/cycle-cutter.server.ts).
 */
async function linkSeededOrders(tx: Tx, lastStart: string, ids?: { from: number; below: number }) {
  const range = ids ? sql`and o.id >= ${ids.from} and o.id < ${ids.below}` : sql``;
  await tx.execute(sql`update orders o set
      cod_remittance_id = case when o.payment_mode = 'cod' and o.delivered_at is not null then (select r.id from cod_remittances r
        where r.client_id = o.client_id and r.start_date = date_trunc('week', o.delivered_at at time zone 'Asia/Kolkata')::date) end,
      billing_cycle_id = (select b.id from billing_cycles b
        where b.client_id = o.client_id and b.start_date = date_trunc('week', o.pickup_at at time zone 'Asia/Kolkata')::date)
    where o.pickup_at is not null and o.billing_cycle_id is null and o.cod_remittance_id is null
      and o.pickup_at < ((${addDays(lastStart, 7)}::date)::timestamp at time zone 'Asia/Kolkata') ${range}`);
}

/**
 * The orders with ids in [from, below) put in the cycles the money seed made for `until`'s book
 * (those already in one are left alone, so a range done twice changes nothing).
 */
export async function linkSeededOrderRange(tx: Tx, until: Date, from: number, below: number) {
  await linkSeededOrders(tx, addDays(istDayOf(until), -7), { from, below });
}

function groupBy(weeksOf: readonly Week[]) {
  const out = new Map<number, Week[]>();
  for (const w of weeksOf) {
    const list = out.get(w.client_id) ?? [];
    list.push(w);
    out.set(w.client_id, list);
  }
  return out;
}

/**
 * The money of a book filled after start-up, once (a restart finds it there). With
 * `linkOrders: false` the caller puts the orders in their cycles itself (`linkSeededOrderRange`).
 */
export async function seedMoneyIfMissing(tx: Tx, root: Prng, until: Date, { linkOrders = true } = {}) {
  const [{ there }] = await rows<{ there: boolean }>(
    tx,
    sql`select exists (select 1 from client_money_profiles) as there`,
  );
  if (there) {
    // Seeded before a restart that lost the book's last chunks: the orders made again join their cycles.
    if (linkOrders) await linkSeededOrders(tx, addDays(istDayOf(until), -7));
    return null;
  }
  return seedMoney(tx, root.fork("money"), until, { linkOrders });
}

export const moneySeeder: AreaSeeder = {
  name: "money",
  async seed({ tx, root, ordersLater, ordersUntil }) {
    if (ordersLater) return { later: true };
    return seedMoney(tx, root.fork("money"), ordersUntil);
  },
};
