/**
 * Payout day (decision 031; PGlite, and PostgreSQL with TEST_DATABASE_URL): the
 * remittances nobody holds are paid out on their payout day when the seller's hold verdict
 * clears, and put on hold with the verdict written out when it does not — each exactly once,
 * however many runs race; held remittances are left to finance; the audit names the system.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { istDayOf } from "~/services/core/ist-dates";
import type { Db, DbHandle } from "~/services/db/client.server";
import { auditLog, clientMoneyProfiles, codRemittances, moneyMovements } from "~/services/db/schema";
import { holdVerdict } from "~/services/money/hold";
import {
  holdFigures,
  PAYOUT_ACTOR,
  PAYOUT_DAY_REMARK,
  payOutDueRemittances,
} from "~/services/money/remittances.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(() => h?.close());

const DAY = 86_400_000;

describe("payout day", () => {
  it("pays out or holds each seller's due remittances by its verdict, once, across racing runs", async () => {
    // Three weeks on, every cycle already cut is due.
    const later = new Date(Date.now() + 21 * DAY);
    const laterDay = istDayOf(later);
    const dueWhere = and(
      inArray(codRemittances.status, ["PENDING", "PARTIAL"]),
      isNull(codRemittances.current_action),
      sql`${codRemittances.remittance_date} <= ${laterDay}::date`,
    );
    const due = await h.db
      .select({ id: codRemittances.id, client_id: codRemittances.client_id, pending: codRemittances.pending_amount })
      .from(codRemittances)
      .where(dueWhere);
    const heldBefore = await h.db
      .select({ id: codRemittances.id })
      .from(codRemittances)
      .where(and(eq(codRemittances.current_action, "HOLD"), inArray(codRemittances.status, ["PENDING", "PARTIAL"])));
    const sellers = [...new Set(due.map((d) => d.client_id))];
    expect(sellers.length).toBeGreaterThan(2);

    // One due seller made a wallet seller deep in debt, so some verdict says keep holding. (Which
    // seed sellers have due remittances nobody holds depends on the day the template is seeded:
    // on some days no wallet seller has one.)
    const walletSeller = { id: sellers[0]! };
    await h.db.execute(
      sql`update clients set pickrr_config = jsonb_set(coalesce(pickrr_config, '{}'::jsonb), '{has_wallet}', 'true'::jsonb) where id = ${walletSeller.id}`,
    );
    await h.db
      .insert(clientMoneyProfiles)
      .values({ client_id: walletSeller.id, wallet_balance: "-999999999.00" })
      .onConflictDoUpdate({ target: clientMoneyProfiles.client_id, set: { wallet_balance: "-999999999.00" } });

    // A remark the cut wrote stays, with the payout day's after it.
    await h.db
      .update(codRemittances)
      .set({ remark: "1 late delivery from earlier weeks" })
      .where(eq(codRemittances.id, due[0].id));

    // What each seller's verdict says now, before any run.
    const expected = new Map<number, boolean>();
    for (const c of sellers) expected.set(c, holdVerdict(await holdFigures(h.db, c, later)).clear);
    expect(expected.get(walletSeller.id)).toBe(false);
    expect([...expected.values()]).toContain(true);

    // Two runs at once (two connections on PostgreSQL), then a third.
    const [a, b] = await Promise.all([payOutDueRemittances(h.db, later), payOutDueRemittances(h.db as Db, later)]);
    const third = await payOutDueRemittances(h.db, later);
    expect(third).toMatchObject({ paid: 0, held: 0 });
    const paid = a.paid + b.paid;
    const held = a.held + b.held;
    expect(paid + held).toBe(due.length);

    const after = await h.db
      .select({
        id: codRemittances.id,
        client_id: codRemittances.client_id,
        status: codRemittances.status,
        action: codRemittances.current_action,
        remark: codRemittances.remark,
        pending: codRemittances.pending_amount,
      })
      .from(codRemittances)
      .where(
        inArray(
          codRemittances.id,
          due.map((d) => d.id),
        ),
      );
    for (const r of after) {
      if (expected.get(r.client_id)) {
        expect(r, `remittance ${r.id}`).toMatchObject({ status: "RELEASED", action: null, pending: "0.00" });
        expect(r.remark).toContain(PAYOUT_DAY_REMARK);
      } else {
        expect(r, `remittance ${r.id}`).toMatchObject({ status: "PENDING", action: "HOLD" });
        expect(r.remark).toContain("Held on its payout day: ");
      }
    }
    expect(after.filter((r) => r.status === "RELEASED")).toHaveLength(paid);
    expect(after.find((r) => r.id === due[0].id)!.remark).toMatch(
      /^1 late delivery from earlier weeks; (Paid out on its payout day|Held on its payout day: )/,
    );

    // Exactly once: one release movement and one audit row (by the system) per remittance.
    const released = after.filter((r) => r.status === "RELEASED").map((r) => r.id);
    const movements = await h.db
      .select({ id: moneyMovements.remittance_id })
      .from(moneyMovements)
      .where(and(eq(moneyMovements.kind, "cod_release"), inArray(moneyMovements.remittance_id, released)));
    expect(movements).toHaveLength(released.length);
    const audits = await h.db
      .select({ action: auditLog.action, email: auditLog.staff_email, staff: auditLog.staff_id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "cod_remittance"), eq(auditLog.staff_email, PAYOUT_ACTOR.email)));
    expect(audits.filter((x) => x.action === "release")).toHaveLength(paid);
    expect(audits.filter((x) => x.action === "hold")).toHaveLength(held);
    expect(audits.every((x) => x.staff === null)).toBe(true);

    // What finance held before is left for finance.
    const stillHeld = await h.db
      .select({ id: codRemittances.id })
      .from(codRemittances)
      .where(
        and(
          inArray(
            codRemittances.id,
            heldBefore.map((r) => r.id),
          ),
          eq(codRemittances.current_action, "HOLD"),
        ),
      );
    expect(stillHeld).toHaveLength(heldBefore.length);
  });
});
