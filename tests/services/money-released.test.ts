/**
 * On Hold COD after the fact (decision 066), on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): every approver's release is a Released entry with its approver, reason,
 * amount, time and e-mail, filtered by day and approver, with totals and a download; the list's
 * totals are the filter's; "select all matching" releases exactly what was confirmed — a
 * remittance that changed in between (released by another approver, paid in part, taken off
 * hold) is reported and not released, one that joined the filter stays on hold — also when the
 * other release races it.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Capability } from "~/services/auth/permissions";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import { paiseToRupeesString, rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, codRemittances, mailOutbox, moneyMovements, staff } from "~/services/db/schema";
import { type XlsxCell, xlsxStream } from "~/services/http/xlsx.server";
import { parseCodView } from "~/services/money/cod-query";
import { encodeConfirmed, sumOf } from "~/services/money/release-all";
import { RELEASE_MESSAGES, releaseAllFormSchema } from "~/services/money/release-form";
import { listReleased, RELEASED_DOWNLOAD_COLUMNS, releasedDownloadRecords } from "~/services/money/released.server";
import { parseReleasedView } from "~/services/money/released-query";
import {
  listHeldRemittances,
  matchingHeld,
  releaseMatching,
  releaseRemittances,
} from "~/services/money/remittances.server";

import { openTestDb } from "../support/db";
import { columnSumPaise, workbookOf } from "../support/xlsx";

let h: DbHandle;
type Person = { id: number; email: string; role: "vp" | "kam" | "tl"; capabilities?: Capability[] };
let approver: Person;
let other: Person;
let vp: Person;
const today = istDayOf(new Date());

const codView = (q = "") => {
  const v = parseCodView(new URLSearchParams(q), today);
  if (!v.ok) throw new Error(v.message);
  return v.view;
};
const releasedView = (q = "") => {
  const v = parseReleasedView(new URLSearchParams(q), today);
  if (!v.ok) throw new Error(v.message);
  return v.view;
};

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const person = async (email: string, capabilities: Capability[] = []): Promise<Person> => {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    return { id: s.id, email: s.email, role: s.role as Person["role"], capabilities };
  };
  approver = await person("approver1@demo.test", ["finance-approver"]);
  other = await person("approver2@demo.test", ["finance-approver"]);
  vp = await person("vp@demo.test");
  // More than a page of held remittances in the last 60 days, whatever the day the seed was made:
  // pending ones put on hold (as the payout day does), oldest first, leaving the newest three pending.
  const pending = sql`status = 'PENDING' and current_action is null and start_date >= ${addDays(today, -60)}::date`;
  const [{ n }] = (await h.db.execute(sql`select count(*)::int as n from cod_remittances where ${pending}`)).rows as {
    n: number;
  }[];
  await h.db.execute(sql`update cod_remittances set current_action = 'HOLD' where id in (
    select id from cod_remittances where ${pending} order by start_date, id limit ${Math.max(0, Math.min(25, n - 3))})`);
});
afterAll(async () => {
  await h?.close();
});

/** The held rows of a view straight from the table: the oracle for totals and select-all. */
async function heldIn(from: string, to: string) {
  return h.db
    .select({ id: codRemittances.id, pending: codRemittances.pending_amount, client_id: codRemittances.client_id })
    .from(codRemittances)
    .where(
      and(
        sql`${codRemittances.current_action} = 'HOLD' and ${codRemittances.status} in ('PENDING', 'PARTIAL')`,
        sql`${codRemittances.start_date} between ${from} and ${to}`,
      ),
    )
    .orderBy(codRemittances.id);
}

describe("On Hold COD totals", () => {
  it("states how many remittances the filter holds and the amount pending, whatever the page", async () => {
    const from = addDays(today, -60);
    const oracle = await heldIn(from, today);
    expect(oracle.length).toBeGreaterThan(30);
    const sum = paiseToRupeesString(oracle.reduce((s, r) => s + rupeesToPaise(r.pending), 0));
    for (const page of [1, 2]) {
      const list = await listHeldRemittances(h.db, vp, codView(`from=${from}&to=${today}&page=${page}`));
      expect(list).toMatchObject({ total: oracle.length, pending: sum, page });
    }
    const none = await listHeldRemittances(h.db, vp, codView("by=ref&q=NO-SUCH-REF"));
    expect(none).toMatchObject({ total: 0, pending: "0.00" });
  });
});

describe("Released view", () => {
  it("has an entry per release with its approver, reason, amount, time and e-mail; filters by day and approver", async () => {
    const held = (await listHeldRemittances(h.db, vp, codView())).rows;
    const [a, b, c] = held.filter((r, i) => held.findIndex((x) => x.client_id === r.client_id) === i);
    const before = await listReleased(h.db, vp, releasedView());
    const first = await releaseRemittances(h.db, approver, {
      ids: [a.id, b.id],
      approver_email: "approver1@demo.test",
      approver_reason: "Bills settled",
    });
    expect(first.ok).toBe(true);
    const second = await releaseRemittances(h.db, other, {
      ids: [c.id],
      approver_email: "approver2@demo.test",
      approver_reason: "Escalated by the seller's KAM",
    });
    expect(second.ok).toBe(true);

    const all = await listReleased(h.db, vp, releasedView());
    expect(all.total).toBe(before.total + 3);
    const entry = (ref: string) => all.rows.find((r) => r.pickrr_reference_id === ref)!;
    for (const [r, who, reason, by] of [
      [a, "approver1@demo.test", "Bills settled", approver.email],
      [b, "approver1@demo.test", "Bills settled", approver.email],
      [c, "approver2@demo.test", "Escalated by the seller's KAM", other.email],
    ] as const) {
      expect(entry(r.pickrr_reference_id)).toMatchObject({
        email: r.email,
        released_amount: r.pending_amount,
        approver_email: who,
        approver_reason: reason,
        released_by: by,
        mail_to: r.email,
        transaction_reference: `REL${String(r.id).padStart(8, "0")}`,
      });
      expect(entry(r.pickrr_reference_id).released_at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(entry(r.pickrr_reference_id).mail).toMatch(/^(Queued|Sent \d{2}-\d{2}-\d{4} \d{2}:\d{2})$/);
    }
    // The e-mail it names is the one the release sent the seller.
    const [row] = await h.db.select().from(codRemittances).where(eq(codRemittances.id, a.id));
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.release_mail_id!));
    expect(mail).toMatchObject({ to: [a.email], subject: `COD remittance ${a.pickrr_reference_id} released` });
    // Newest first.
    expect(all.rows[0].pickrr_reference_id).toBe(c.pickrr_reference_id);
    // Totals: the count and the sum of what the filter's releases released.
    const [{ n, sum }] = (
      await h.db.execute(sql`select count(*)::int as n, coalesce(sum(released_amount), 0)::numeric(14,2)::text as sum
        from cod_remittances where approver_email is not null`)
    ).rows as { n: number; sum: string }[];
    expect({ total: all.total, amount: all.amount }).toEqual({ total: n, amount: sum });

    const byOther = await listReleased(h.db, vp, releasedView("approver=approver2@demo.test"));
    expect(byOther.rows.map((r) => r.pickrr_reference_id)).toContain(c.pickrr_reference_id);
    expect(byOther.rows.every((r) => r.approver_email === "approver2@demo.test")).toBe(true);
    const yesterday = addDays(today, -1);
    const earlier = await listReleased(h.db, vp, releasedView(`from=${yesterday}&to=${yesterday}`));
    expect(earlier.rows.some((r) => r.pickrr_reference_id === a.pickrr_reference_id)).toBe(false);
    // A kam sees only the releases of the kam's clients (none of these, for kam@demo.test here, unless theirs).
    const records: XlsxCell[][] = [];
    for await (const rec of releasedDownloadRecords(h.db, vp, releasedView())) records.push(rec);
    expect(records.length).toBe(all.total);
    expect(records.find((r) => r[0] === a.pickrr_reference_id)?.slice(4, 7)).toEqual([
      a.pending_amount,
      "approver1@demo.test",
      "Bills settled",
    ]);
    // The file itself (decision 065): typed cells, and its amount column sums to the view's total.
    const book = await workbookOf(
      await new Response(
        xlsxStream([
          {
            name: "Released COD",
            columns: RELEASED_DOWNLOAD_COLUMNS,
            records: releasedDownloadRecords(h.db, vp, releasedView()),
          },
        ]),
      ).arrayBuffer(),
    );
    const sheet = book.getWorksheet("Released COD")!;
    expect(sheet.rowCount - 1).toBe(all.total);
    expect(columnSumPaise(sheet, RELEASED_DOWNLOAD_COLUMNS, "released_amount")).toBe(rupeesToPaise(all.amount));
    expect(sheet.getRow(2).getCell(3).value).toBeInstanceOf(Date); // start_date
    expect(sheet.getRow(2).getCell(8).value).toBeInstanceOf(Date); // released_at
    // Nothing is deleted: the remittance row is still there, released.
    expect(row).toMatchObject({
      status: "RELEASED",
      approver_reason: "Bills settled",
      released_amount: a.pending_amount,
    });
  });
});

describe("select all matching", () => {
  /** The confirmation as the page would post it. */
  async function confirmFor(from: string, to: string) {
    const m = await matchingHeld(h.db, vp, codView(`from=${from}&to=${to}`));
    expect(m.confirmed).not.toBeNull();
    const parsed = releaseAllFormSchema.safeParse({
      by: "ref",
      q: "",
      from,
      to,
      confirmed: encodeConfirmed(m.confirmed!),
      count: String(m.count),
      sum: String(sumOf(m.confirmed!)),
      approver_email: "approver1@demo.test",
      approver_reason: "Quarter-end clean-up",
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return { matching: m, input: parsed.data };
  }

  it("releases exactly the confirmed set across pages; what changed in between is reported, what joined stays held", async () => {
    // A range with more than a page of held remittances (the narrowest of a few).
    let range: { from: string; to: string } | null = null;
    for (const span of [13, 20, 27, 34, 45, 60]) {
      const rows = await heldIn(addDays(today, -span), today);
      if (rows.length > 30 && rows.length <= 400) {
        range = { from: addDays(today, -span), to: today };
        break;
      }
    }
    expect(range, "a range with more than a page of held remittances").not.toBeNull();
    const { from, to } = range!;
    const { matching, input } = await confirmFor(from, to);
    const oracle = await heldIn(from, to);
    expect(matching.count).toBe(oracle.length);
    expect(matching.pending).toBe(paiseToRupeesString(oracle.reduce((s, r) => s + rupeesToPaise(r.pending), 0)));
    expect(matching.confirmed!.map((c) => c.id)).toEqual(oracle.map((r) => r.id));

    // In between: another approver releases one, one is paid in part, one is taken off hold, and a
    // remittance of the same week that was not held is put on hold (it joins the filter).
    const [gone, partial, unheld] = oracle.slice(-3);
    expect(
      (
        await releaseRemittances(h.db, other, {
          ids: [gone.id],
          approver_email: "approver2@demo.test",
          approver_reason: "First",
        })
      ).ok,
    ).toBe(true);
    await h.db
      .update(codRemittances)
      .set({ pending_amount: sql`${codRemittances.pending_amount} - 1`, status: "PARTIAL" })
      .where(eq(codRemittances.id, partial.id));
    await h.db.update(codRemittances).set({ current_action: null }).where(eq(codRemittances.id, unheld.id));
    const [joiner] = await h.db
      .select({ id: codRemittances.id })
      .from(codRemittances)
      .where(
        and(
          eq(codRemittances.status, "PENDING"),
          sql`${codRemittances.current_action} is null`,
          sql`${codRemittances.start_date} between ${from} and ${to}`,
          sql`${codRemittances.id} <> ${unheld.id}`,
        ),
      )
      .limit(1);
    expect(joiner, "a pending remittance of that week not on hold").toBeDefined();
    await h.db.update(codRemittances).set({ current_action: "HOLD" }).where(eq(codRemittances.id, joiner.id));

    const audits = async () =>
      (await h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "cod_remittance")))[0].n;
    const auditsBefore = await audits();
    const result = await releaseMatching(h.db, approver, input);
    if (!result.ok) throw new Error(result.message);
    const expected = oracle.slice(0, -3);
    expect(result.released.map((r) => r.id).sort((x, y) => x - y)).toEqual(expected.map((r) => r.id));
    expect(result.changed.map((c) => [c.id, c.reason])).toEqual([
      [gone.id, "released"],
      [partial.id, "amount"],
      [unheld.id, "not_held"],
    ]);
    expect(result.joined).toBe(1);
    expect(result.message).toContain(`${expected.length} COD remittances released`);
    expect(result.message).toContain("already released");
    expect(await audits()).toBe(auditsBefore + expected.length);

    const after = await h.db
      .select({
        id: codRemittances.id,
        status: codRemittances.status,
        action: codRemittances.current_action,
        by: codRemittances.approver_email,
      })
      .from(codRemittances)
      .where(inArray(codRemittances.id, [...oracle.map((r) => r.id), joiner.id]));
    const state = new Map(after.map((r) => [r.id, r]));
    for (const r of expected) expect(state.get(r.id)).toMatchObject({ status: "RELEASED", by: "approver1@demo.test" });
    expect(state.get(gone.id)).toMatchObject({ status: "RELEASED", by: "approver2@demo.test" });
    expect(state.get(partial.id)).toMatchObject({ status: "PARTIAL", action: "HOLD" });
    // Taken off hold, not released (held rows are PENDING or PARTIAL: whichever it was, it stays).
    expect(state.get(unheld.id)?.action).toBeNull();
    expect(["PENDING", "PARTIAL"]).toContain(state.get(unheld.id)?.status);
    expect(state.get(joiner.id)).toMatchObject({ status: "PENDING", action: "HOLD" });
    // One movement per released remittance, none for the others.
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(moneyMovements)
      .where(
        and(
          eq(moneyMovements.kind, "cod_release"),
          inArray(
            moneyMovements.remittance_id,
            oracle.map((r) => r.id),
          ),
        ),
      );
    expect(n).toBe(expected.length + 1);

    // The same confirmation posted again releases nothing and says why.
    const again = await releaseMatching(h.db, approver, input);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(!again.ok && again.message).toMatch(/^Nothing was released\. Not released, changed since you confirmed: /);
  });

  it("racing another approver's release of one of them, each remittance is released once, by one of the two", async () => {
    // A cycle start day with a few unreleased remittances, all put on hold: the filter is that one day.
    const starts = (
      await h.db
        .select({ start: codRemittances.start_date, n: count() })
        .from(codRemittances)
        .where(inArray(codRemittances.status, ["PENDING", "PARTIAL"]))
        .groupBy(codRemittances.start_date)
    ).filter((r) => r.n >= 2 && r.n <= 50);
    expect(starts.length).toBeGreaterThan(0);
    await h.db
      .update(codRemittances)
      .set({ current_action: "HOLD" })
      .where(
        and(eq(codRemittances.start_date, starts[0].start), inArray(codRemittances.status, ["PENDING", "PARTIAL"])),
      );
    const day = starts[0].start;
    const view = codView(`from=${day}&to=${day}`);
    const m = await matchingHeld(h.db, vp, view);
    const parsed = releaseAllFormSchema.safeParse({
      by: "ref",
      q: "",
      from: day,
      to: day,
      confirmed: encodeConfirmed(m.confirmed!),
      count: String(m.count),
      sum: String(sumOf(m.confirmed!)),
      approver_email: "approver1@demo.test",
      approver_reason: "Race",
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const contested = m.confirmed![0].id;
    const [mine, theirs] = await Promise.all([
      releaseMatching(h.db, approver, parsed.data),
      releaseRemittances(h.db, other, {
        ids: [contested],
        approver_email: "approver2@demo.test",
        approver_reason: "Race",
      }),
    ]);
    expect(mine.ok).toBe(true);
    const mineIds = mine.ok ? mine.released.map((r) => r.id) : [];
    if (theirs.ok) {
      expect(mineIds).not.toContain(contested);
      expect(mine.ok && mine.changed).toEqual([expect.objectContaining({ id: contested, reason: "released" })]);
    } else {
      expect(theirs.status).toBe(409);
      expect(mineIds).toContain(contested);
    }
    expect(mineIds.length + (theirs.ok ? 1 : 0)).toBe(m.count);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(moneyMovements)
      .where(
        and(
          eq(moneyMovements.kind, "cod_release"),
          inArray(
            moneyMovements.remittance_id,
            m.confirmed!.map((c) => c.id),
          ),
        ),
      );
    expect(n).toBe(m.count);
  });

  it("refuses a confirmation that does not hold together, more than one release may take, and anyone but an approver", () => {
    const good = {
      by: "ref",
      q: "",
      from: today,
      to: today,
      approver_email: "approver1@demo.test",
      approver_reason: "x",
    };
    const issues = (v: Record<string, string>) => {
      const r = releaseAllFormSchema.safeParse(v);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
    };
    expect(issues({ ...good, confirmed: "5:100,6:200", count: "2", sum: "300" })).toEqual({});
    expect(issues({ ...good, confirmed: "5:100,6:200", count: "3", sum: "300" })).toEqual({
      ids: RELEASE_MESSAGES.confirmation,
    });
    expect(issues({ ...good, confirmed: "5:100,6:200", count: "2", sum: "301" })).toEqual({
      ids: RELEASE_MESSAGES.confirmation,
    });
    expect(issues({ ...good, confirmed: "5:100,5:100", count: "2", sum: "200" })).toEqual({
      ids: RELEASE_MESSAGES.confirmation,
    });
    expect(issues({ ...good, confirmed: "x", count: "1", sum: "0" })).toEqual({ ids: RELEASE_MESSAGES.confirmation });
    expect(issues({ ...good, from: "2026-02-30", confirmed: "5:100", count: "1", sum: "100" })).toEqual({
      ids: RELEASE_MESSAGES.confirmation,
    });
    expect(issues({ ...good, approver_reason: " ", confirmed: "5:100", count: "1", sum: "100" })).toEqual({
      approver_reason: RELEASE_MESSAGES.reason,
    });
  });

  it("refuses a kam, and an approval e-mail that is not a finance approver's", async () => {
    const kam = { id: 0, email: "kam@demo.test", role: "kam" as const, capabilities: [] };
    const input = {
      view: codView(),
      confirmed: [{ id: 1, paise: 1 }],
      approver_email: "approver1@demo.test",
      approver_reason: "x",
    };
    expect(await releaseMatching(h.db, kam, input)).toMatchObject({ ok: false, status: 403 });
    expect(await releaseMatching(h.db, approver, { ...input, approver_email: "kam@demo.test" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { approver_email: RELEASE_MESSAGES.email },
    });
  });
});
