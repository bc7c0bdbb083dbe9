import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { loader as historyLoader } from "~/routes/_app.all-users.$id.rate-card.history";
import { action as advantageAction } from "~/routes/_app.all-users.$id.rate-card_.advantage";
import { action as planAction } from "~/routes/_app.all-users.$id.rate-card_.advantage.plan";
import {
  type AdvantageActor,
  CONFLICT_MESSAGE,
  getAdvantageRatePlan,
  getAdvantageView,
  getCashbackSettings,
  getPlanRateCard,
  offerPlan,
  saveCashbackSettings,
  setActivePlanBySeller,
  updatePlanRateRow,
  withdrawPlan,
} from "~/services/advantage/advantage.server";
import { cashbackFormSchema, cashbackFormValues, defaultCashbackSettings } from "~/services/advantage/cashback-form";
import {
  ACTIVE_MUST_BE_OFFERED,
  CANNOT_DISABLE_ACTIVATED,
  ERROR_FETCHING_PLANS,
  ERROR_FETCHING_RATE_CARDS,
  NOT_ABLE_TO_UPDATE_PLAN,
  NOT_ABLE_TO_UPDATE_SETTINGS,
} from "~/services/advantage/plans";
import { clientByAuthToken } from "~/services/auth/client-token.server";
import { getCookieSession, startSession } from "~/services/auth/session.server";
import { type DbHandle, setProcessDb } from "~/services/db/client.server";
import {
  auditLog,
  cashbackSettings,
  clientAdvantagePlans,
  clients,
  couriers,
  courierServices,
  mailOutbox,
  planRateRows,
  staff,
} from "~/services/db/schema";
import { rateValuesOf, TAB_OF_SHIPMENT_TYPE } from "~/services/ratecards/fields";
import { rateChangeHistory } from "~/services/ratecards/history.server";
import { seededPlanOffers } from "~/services/seed/advantage.server";
import { plannedDemoClients } from "~/services/seed/seed.server";
import { ERROR_TOAST_MS, toastDurationMs } from "~/ui/ToastArea";

import { openTestDb } from "../support/db";

let h: DbHandle;
const actors: Record<string, AdvantageActor> = {};
/** Clients of tl@demo.test with no plan offered, each test taking its own. */
let fresh: { id: number; email: string; auth_token: string }[] = [];
let taken = 0;
const takeClient = () => fresh[taken++];

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const email of ["vp@demo.test", "kam@demo.test", "avp@demo.test", "bdm@demo.test", "tl@demo.test"]) {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    actors[s.role] = { id: s.id, email: s.email, role: s.role };
  }
  fresh = await h.db
    .select({ id: clients.id, email: clients.email, auth_token: clients.auth_token })
    .from(clients)
    .where(
      and(
        eq(clients.tl_id, actors.tl.id),
        sql`not exists (select 1 from ${clientAdvantagePlans} p where p.client_id = ${clients.id})`,
      ),
    )
    .orderBy(asc(clients.id))
    .then((rows) => rows.flatMap((r) => (r.auth_token ? [{ ...r, auth_token: r.auth_token }] : [])));
  // Each test takes its own client (takeClient), and the last one is read untouched.
  expect(fresh.length).toBeGreaterThanOrEqual(17);
});
afterAll(async () => {
  await h?.close();
});

async function auditsOf(clientId: number, entity: string) {
  return h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, entity)))
    .orderBy(asc(auditLog.id));
}

describe("seeded plans", () => {
  it("gives each plan a default card (forward, reverse, rto) over the national couriers only, and some offers", async () => {
    const rows = await h.db
      .select({ plan: planRateRows.plan, shipment_type: planRateRows.shipment_type, coverage: couriers.coverage })
      .from(planRateRows)
      .innerJoin(courierServices, eq(courierServices.id, planRateRows.courier_service_id))
      .innerJoin(couriers, eq(couriers.id, courierServices.courier_id))
      .where(isNull(planRateRows.client_id));
    for (const plan of ["advantage_basic", "advantage_premium"]) {
      const mine = rows.filter((r) => r.plan === plan);
      // forward_ratecard, reverse_ratecard, rto_ratecard (the RTO tab holds Forward RTO and Reverse RTO).
      expect(new Set(mine.map((r) => TAB_OF_SHIPMENT_TYPE[r.shipment_type]))).toEqual(
        new Set(["forward", "reverse", "rto"]),
      );
      expect(mine.every((r) => r.coverage === "national")).toBe(true);
    }
    const [{ offers }] = await h.db.select({ offers: count() }).from(clientAdvantagePlans);
    const [{ active }] = await h.db
      .select({ active: count() })
      .from(clientAdvantagePlans)
      .where(sql`${clientAdvantagePlans.activated_at} is not null`);
    expect(offers).toBeGreaterThan(0);
    expect(active).toBeGreaterThan(0);
  });
});

describe("the seed, without a database (what the browser tests rely on)", () => {
  it("plans the same clients, ids, token holders and chains, and the same offers and activations, as the seeded database holds", async () => {
    const planned = plannedDemoClients();
    const rows = await h.db
      .select({ id: clients.id, email: clients.email, auth_token: clients.auth_token, tl: staff.email })
      .from(clients)
      .innerJoin(staff, eq(staff.id, clients.tl_id))
      .orderBy(asc(clients.id));
    // Which clients have a token is planned; the tokens themselves are random per install.
    expect(rows.map((r) => ({ id: r.id, email: r.email, has_token: r.auth_token != null, tl: r.tl }))).toEqual(
      planned.map((p) => ({ id: p.id, email: p.email, has_token: p.has_token, tl: p.chain.tl })),
    );
    const offers = await h.db.select().from(clientAdvantagePlans);
    for (const p of planned) {
      const mine = offers.filter((o) => o.client_id === p.id);
      expect(seededPlanOffers(p.id)).toEqual({
        offered: mine.map((o) => o.plan).sort(),
        active: mine.find((o) => o.activated_at !== null)?.plan ?? null,
      });
    }
  });
});

describe("offering and withdrawing plans", () => {
  it("vp offers a plan: added to offered and audited; offering again changes nothing", async () => {
    const c = takeClient();
    expect(await getAdvantageRatePlan(h.db, c.id)).toEqual({ offered: [], active: null });
    const r = await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    expect(r).toMatchObject({
      ok: true,
      changed: true,
      advantage_rate_plan: { offered: [{ type: "premium", name: "advantage_premium" }], active: null },
    });
    const again = await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    expect(again).toMatchObject({ ok: true, changed: false });
    const audits = await auditsOf(c.id, "advantage_plan");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "offer",
      staff_email: "vp@demo.test",
      staff_role: "vp",
      entity_id: "advantage_premium",
    });
    expect(audits[0].old_value).toEqual({ offered: [], active: null });
    expect(audits[0].new_value).toEqual({ offered: [{ type: "premium", name: "advantage_premium" }], active: null });
  });

  it("only a vp may offer or withdraw; the others get 403 and nothing changes", async () => {
    const c = takeClient();
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(await offerPlan(h.db, actors[role], { clientId: c.id, plan: "advantage_basic" })).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(await withdrawPlan(h.db, actors[role], { clientId: c.id, plan: "advantage_basic" })).toMatchObject({
        ok: false,
        status: 403,
      });
    }
    expect(await getAdvantageRatePlan(h.db, c.id)).toEqual({ offered: [], active: null });
    expect(await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_gold" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await offerPlan(h.db, actors.vp, { clientId: 999_999, plan: "advantage_basic" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("vp withdraws an offered plan; a plan the seller activated cannot be withdrawn until the seller deactivates it", async () => {
    const c = takeClient();
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic" });
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    expect(await withdrawPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic" })).toMatchObject({
      ok: true,
      changed: true,
      advantage_rate_plan: { offered: [{ name: "advantage_premium" }], active: null },
    });

    const seller = (await clientByAuthToken(h.db, c.auth_token))!;
    expect(seller).toEqual({ id: c.id, email: c.email });
    expect(await setActivePlanBySeller(h.db, seller, { active: "advantage_premium" })).toMatchObject({
      ok: true,
      advantage_rate_plan: { active: { type: "premium", name: "advantage_premium" } },
    });
    const auditsBefore = (await auditsOf(c.id, "advantage_plan")).length;
    expect(await withdrawPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" })).toEqual({
      ok: false,
      status: 409,
      message: ACTIVE_MUST_BE_OFFERED,
    });
    expect((await getAdvantageRatePlan(h.db, c.id)).active?.name).toBe("advantage_premium");
    expect(await auditsOf(c.id, "advantage_plan")).toHaveLength(auditsBefore);

    expect(await setActivePlanBySeller(h.db, seller, { active: null })).toMatchObject({
      ok: true,
      advantage_rate_plan: { active: null },
    });
    expect(await withdrawPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" })).toMatchObject({
      ok: true,
      changed: true,
    });
    const actions = (await auditsOf(c.id, "advantage_plan")).map((a) => `${a.staff_role}:${a.action}`);
    expect(actions).toEqual([
      "vp:offer",
      "vp:offer",
      "vp:withdraw",
      "seller:activate",
      "seller:deactivate",
      "vp:withdraw",
    ]);
  });

  it("the seller may activate only an offered plan, and only one at a time", async () => {
    const c = takeClient();
    const seller = { id: c.id, email: c.email };
    expect(await setActivePlanBySeller(h.db, seller, { active: "advantage_basic" })).toEqual({
      ok: false,
      status: 400,
      message: ACTIVE_MUST_BE_OFFERED,
    });
    expect(await setActivePlanBySeller(h.db, seller, { active: "anything" })).toEqual({
      ok: false,
      status: 400,
      message: ACTIVE_MUST_BE_OFFERED,
    });
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic" });
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    await setActivePlanBySeller(h.db, seller, { active: "advantage_basic" });
    const r = await setActivePlanBySeller(h.db, seller, { active: "advantage_premium" });
    expect(r).toMatchObject({
      ok: true,
      changed: true,
      advantage_rate_plan: { active: { name: "advantage_premium" } },
    });
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(clientAdvantagePlans)
      .where(and(eq(clientAdvantagePlans.client_id, c.id), sql`${clientAdvantagePlans.activated_at} is not null`));
    expect(n).toBe(1);
    expect(await clientByAuthToken(h.db, "not-a-token")).toBeNull();
    expect(await clientByAuthToken(h.db, "")).toBeNull();
  });
});

describe("plan rate cards: first edit copies the defaults, then applies", () => {
  it("uses the defaults until the first save, which copies them as exclusive and applies the change", async () => {
    const c = takeClient();
    const other = takeClient();
    const before = await getPlanRateCard(h.db, c.id, "advantage_premium");
    expect(before).toMatchObject({ applyDefault: true, planType: "default" });
    const defaults = await h.db
      .select()
      .from(planRateRows)
      .where(and(eq(planRateRows.plan, "advantage_premium"), isNull(planRateRows.client_id)));
    expect(before.rows).toHaveLength(defaults.length);
    const row = before.rows.find((r) => r.shipment_type === "FORWARD")!;
    const values = { ...rateValuesOf(row), zone_b_base: "77.25", surcharge: "3.00" };
    const mailsBefore = (await h.db.select({ n: count() }).from(mailOutbox))[0].n;

    const r = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.copiedDefaults).toBe(defaults.length);
    expect(r.row).toMatchObject({
      courier_service_id: row.courier_service_id,
      zone_b_base: "77.25",
      surcharge: "3.00",
      version: 2,
    });
    expect(r.row.id).not.toBe(row.id);
    expect(r.changes[0].fields.map((f) => f.field).sort()).toEqual(["surcharge", "zone_b_base"]);

    const after = await getPlanRateCard(h.db, c.id, "advantage_premium");
    expect(after).toMatchObject({ applyDefault: false, planType: "exclusive" });
    expect(after.rows).toHaveLength(defaults.length);
    // The other rows are the defaults' values; the plan's defaults themselves are untouched.
    const untouched = after.rows
      .filter((x) => x.id !== r.row.id)
      .map((x) => ({ ...rateValuesOf(x), k: `${x.courier_service_id}${x.shipment_type}${x.delivery_type}` }));
    const fromDefaults = before.rows
      .filter((x) => x.id !== row.id)
      .map((x) => ({ ...rateValuesOf(x), k: `${x.courier_service_id}${x.shipment_type}${x.delivery_type}` }));
    expect(untouched.sort((a, b) => a.k.localeCompare(b.k))).toEqual(
      fromDefaults.sort((a, b) => a.k.localeCompare(b.k)),
    );
    const [stillDefault] = await h.db.select().from(planRateRows).where(eq(planRateRows.id, row.id));
    expect(stillDefault).toMatchObject({ zone_b_base: row.zone_b_base, version: row.version, client_id: null });
    // Another client and the other plan still use the defaults.
    expect((await getPlanRateCard(h.db, other.id, "advantage_premium")).applyDefault).toBe(true);
    expect((await getPlanRateCard(h.db, c.id, "advantage_basic")).applyDefault).toBe(true);

    const audits = await auditsOf(c.id, "plan_rate_card");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "copy_defaults", entity_id: "advantage_premium" });
    expect(audits[0].new_value).toMatchObject({ plan_type: "exclusive", apply_default: false, rows: defaults.length });
    const rowAudits = await auditsOf(c.id, "plan_rate_row");
    expect(rowAudits).toHaveLength(1);
    expect(rowAudits[0].old_value).toMatchObject({
      plan: "advantage_premium",
      zone_b_base: row.zone_b_base,
      surcharge: row.surcharge,
    });
    expect(rowAudits[0].new_value).toMatchObject({
      plan: "advantage_premium",
      zone_b_base: "77.25",
      surcharge: "3.00",
    });
    const mails = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect((await h.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mailsBefore + 1);
    expect(mails[0].subject).toMatch(/^Advantage plan rate card updated: /);
    expect(mails[0].text).toContain("Zone B Base");
    expect(mails[0].text).toContain("Pickrr Advantage Premium plan.");

    // The next save edits the client's own row, with its version.
    const second = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      rowId: r.row.id,
      version: r.row.version,
      applyDefault: false,
      values: { ...rateValuesOf(r.row), zone_a_add: "9.50" },
    });
    expect(second).toMatchObject({ ok: true, copiedDefaults: 0, row: { zone_a_add: "9.50", version: 3 } });
    expect(await auditsOf(c.id, "plan_rate_card")).toHaveLength(1);
  });

  it("refuses stale saves with the current values: a stale version, or a first edit someone else already made", async () => {
    const c = takeClient();
    const card = await getPlanRateCard(h.db, c.id, "advantage_basic");
    const row = card.rows[0];
    const first = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_basic",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values: { ...rateValuesOf(row), zone_a_base: "41.00" },
    });
    expect(first.ok).toBe(true);
    // A second editor who also saw the defaults.
    const late = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_basic",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values: { ...rateValuesOf(row), zone_a_base: "55.00" },
    });
    expect(late).toMatchObject({
      ok: false,
      status: 409,
      conflict: true,
      message: CONFLICT_MESSAGE,
      current: { zone_a_base: "41.00" },
    });
    if (!first.ok) return;
    const stale = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_basic",
      rowId: first.row.id,
      version: 1,
      applyDefault: false,
      values: rateValuesOf(first.row),
    });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect(
      (await getPlanRateCard(h.db, c.id, "advantage_basic")).rows.find((x) => x.id === first.row.id)?.zone_a_base,
    ).toBe("41.00");
  });

  it("validates like client rates and lets only a vp save", async () => {
    const c = takeClient();
    const card = await getPlanRateCard(h.db, c.id, "advantage_premium");
    const row = card.rows[0];
    const bad = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values: { ...rateValuesOf(row), zone_a_base: "", surcharge: "-1" },
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { zone_a_base: "Please fill!", surcharge: "* Enter valid number !" },
    });
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(
        await updatePlanRateRow(h.db, actors[role], {
          clientId: c.id,
          plan: "advantage_premium",
          rowId: row.id,
          version: row.version,
          applyDefault: true,
          values: rateValuesOf(row),
        }),
      ).toMatchObject({ ok: false, status: 403 });
    }
    expect((await getPlanRateCard(h.db, c.id, "advantage_premium")).applyDefault).toBe(true);
    expect(await auditsOf(c.id, "plan_rate_row")).toHaveLength(0);
  });
});

describe("premium cashback settings", () => {
  const form = (patch: Record<string, string>) =>
    cashbackFormSchema.parse({
      ...cashbackFormValues(defaultCashbackSettings()),
      max_tat_liability: "500",
      version: "0",
      ...patch,
    });

  it("starts at the defaults; a vp saves; the save is audited and versioned", async () => {
    const c = takeClient();
    expect(await getCashbackSettings(h.db, c.id)).toMatchObject({
      configured: false,
      version: 0,
      settings: { assurance: 85, max_tat_liability: null, tat_zoneE: 8 },
    });
    const { settings, version } = form({
      return_plan: "3",
      return_rto_amount: "60",
      delivered_plan: "2",
      delivered_forward_kind: "value",
      delivered_forward_amount: "25",
    });
    const r = await saveCashbackSettings(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      version,
      settings,
    });
    expect(r).toMatchObject({
      ok: true,
      version: 1,
      settings: {
        assurance: 85,
        return_cashback: { plan: 3, rto_percentage: "60.00" },
        delivered_cashback: { plan: 2, forward_value: "25.00", forward_percentage: null },
        max_tat_liability: "500.00",
      },
    });
    const stored = await getCashbackSettings(h.db, c.id);
    expect(stored).toMatchObject({ configured: true, version: 1 });
    const audits = await auditsOf(c.id, "cashback_settings");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "create", old_value: null, entity_id: "advantage_premium" });

    // A stale editor (who saw the defaults) is refused; the current version saves.
    expect(
      await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", version: 0, settings }),
    ).toMatchObject({ ok: false, status: 409, conflict: true });
    const next = form({ max_tat_liability: "750", version: "1" });
    expect(
      await saveCashbackSettings(h.db, actors.vp, {
        clientId: c.id,
        plan: "advantage_premium",
        version: next.version,
        settings: next.settings,
      }),
    ).toMatchObject({ ok: true, version: 2 });
    const updates = await auditsOf(c.id, "cashback_settings");
    expect(updates.map((a) => a.action)).toEqual(["create", "update"]);
    expect(updates[1].old_value).toMatchObject({ max_tat_liability: "500.00" });
    expect(updates[1].new_value).toMatchObject({ max_tat_liability: "750.00" });
  });

  it("is the vp's alone, and only for Premium", async () => {
    const c = takeClient();
    const { settings } = form({});
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(
        await saveCashbackSettings(h.db, actors[role], {
          clientId: c.id,
          plan: "advantage_premium",
          version: 0,
          settings,
        }),
      ).toMatchObject({ ok: false, status: 403 });
    }
    expect(
      await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic", version: 0, settings }),
    ).toMatchObject({ ok: false, status: 400 });
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(cashbackSettings)
      .where(eq(cashbackSettings.client_id, c.id));
    expect(n).toBe(0);
  });
});

describe("loading the advantage tab", () => {
  it("loads plans, card and settings together", async () => {
    const c = fresh[fresh.length - 1];
    const v = await getAdvantageView(h.db, c.id, "advantage_premium");
    expect(v.errors).toEqual([]);
    expect(v.states?.advantage_premium).toMatchObject({ offered: false, active: false });
    expect(v.card?.rows.length).toBeGreaterThan(0);
    expect(v.cashback?.configured).toBe(false);
  });

  it("says which part could not be fetched when the database fails, instead of failing the page", async () => {
    const broken = await openTestDb({ seeded: false });
    await broken.close();
    const quiet = console.error;
    console.error = () => {};
    try {
      const v = await getAdvantageView(broken.db, 1, "advantage_premium");
      expect(v).toMatchObject({ states: null, card: null, cashback: null });
      expect(v.errors).toEqual([ERROR_FETCHING_PLANS, ERROR_FETCHING_RATE_CARDS]);
    } finally {
      console.error = quiet;
    }
  });
});

/** The client whose plan changes the History dialog test reads. */
let historyClient = 0;

describe("plan rate edits share the client card's edit path", () => {
  it("carries COD and divisor terms to the courier's other rows of the client's plan copy, audited and mailed like a client edit", async () => {
    const c = takeClient();
    const card = await getPlanRateCard(h.db, c.id, "advantage_basic");
    const row = card.rows.find(
      (r) => card.rows.filter((x) => x.courier_service_id === r.courier_service_id).length >= 3,
    )!;
    const siblingsBefore = card.rows.filter((r) => r.courier_service_id === row.courier_service_id && r.id !== row.id);
    const values = { ...rateValuesOf(row), cod_percentage: "2.75", divisor: "4500", zone_c_base: "66.00" };
    const r = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_basic",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.changes).toHaveLength(1 + siblingsBefore.length);
    const after = await getPlanRateCard(h.db, c.id, "advantage_basic");
    const courierRows = after.rows.filter((x) => x.courier_service_id === row.courier_service_id);
    expect(courierRows.map((x) => [x.cod_percentage, x.divisor])).toEqual(courierRows.map(() => ["2.75", 4500]));
    // Only the edited row takes the zone price; the siblings keep theirs.
    for (const s of courierRows.filter((x) => x.id !== r.row.id)) {
      const before = siblingsBefore.find(
        (b) => b.shipment_type === s.shipment_type && b.delivery_type === s.delivery_type,
      )!;
      expect(s.zone_c_base).toBe(before.zone_c_base);
    }
    // The plan's defaults and the client's other plan are untouched.
    const [def] = await h.db.select().from(planRateRows).where(eq(planRateRows.id, siblingsBefore[0].id));
    expect(def).toMatchObject({ cod_percentage: siblingsBefore[0].cod_percentage, client_id: null });
    expect((await getPlanRateCard(h.db, c.id, "advantage_premium")).applyDefault).toBe(true);

    const audits = await auditsOf(c.id, "plan_rate_row");
    expect(audits.map((a) => a.action).sort()).toEqual(
      ["update", ...siblingsBefore.map(() => "update:courier_terms")].sort(),
    );
    expect(audits.every((a) => (a.new_value as { plan: string }).plan === "advantage_basic")).toBe(true);
    const terms = audits.find((a) => a.action === "update:courier_terms")!;
    expect(terms.new_value).toMatchObject({ cod_percentage: "2.75", divisor: "4500" });
    expect(terms.new_value).not.toHaveProperty("zone_c_base");
    const [mail] = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.text.match(/COD Percentage/g)?.length).toBe(1 + siblingsBefore.length);
  });

  it("a first edit that changes nothing copies nothing and writes no audit row or e-mail", async () => {
    const c = takeClient();
    const card = await getPlanRateCard(h.db, c.id, "advantage_premium");
    const row = card.rows[0];
    const mailsBefore = (await h.db.select({ n: count() }).from(mailOutbox))[0].n;
    // The form sends what it showed: "32.5" is the same price as "32.50".
    const same = { ...rateValuesOf(row), zone_a_base: String(Number(row.zone_a_base)) };
    const r = await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values: same,
    });
    expect(r).toMatchObject({ ok: true, changes: [], copiedDefaults: 0, row: { id: row.id } });
    expect((await getPlanRateCard(h.db, c.id, "advantage_premium")).applyDefault).toBe(true);
    const [{ n }] = await h.db.select({ n: count() }).from(planRateRows).where(eq(planRateRows.client_id, c.id));
    expect(n).toBe(0);
    const [{ audits }] = await h.db.select({ audits: count() }).from(auditLog).where(eq(auditLog.client_id, c.id));
    expect(audits).toBe(0);
    expect((await h.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mailsBefore);
  });

  it("plan changes appear in the client's rate change history, marked with their plan", async () => {
    const c = takeClient();
    historyClient = c.id;
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    const row = (await getPlanRateCard(h.db, c.id, "advantage_premium")).rows[0];
    await updatePlanRateRow(h.db, actors.vp, {
      clientId: c.id,
      plan: "advantage_premium",
      rowId: row.id,
      version: row.version,
      applyDefault: true,
      values: { ...rateValuesOf(row), surcharge: "9.00" },
    });
    const history = await rateChangeHistory(h.db, c.id);
    const seen = history.entries.map((e) => ({ entity: e.entity, action: e.action, plan: e.plan }));
    expect(seen).toEqual([
      { entity: "plan_rate_row", action: "update", plan: "advantage_premium" },
      { entity: "plan_rate_card", action: "copy_defaults", plan: "advantage_premium" },
      { entity: "advantage_plan", action: "offer", plan: "advantage_premium" },
    ]);
    expect(history.entries[0]).toMatchObject({
      courier: row.courier_name,
      shipment_type: row.shipment_type,
      changes: [{ field: "surcharge", new: "9.00" }],
    });
  });
});

describe("the plan table's turnaround", () => {
  it("is the plan's standard 2/3/4/5/8 days, except on Premium once the client's settings are saved", async () => {
    const c = takeClient();
    const standard = { days: { A: 2, B: 3, C: 4, D: 5, E: 8 }, source: "standard" };
    expect((await getAdvantageView(h.db, c.id, "advantage_premium")).turnaround).toEqual(standard);
    const { settings, version } = cashbackFormSchema.parse({
      ...cashbackFormValues(defaultCashbackSettings()),
      tat_zoneA: "1",
      tat_zoneE: "10",
      max_tat_liability: "300",
      version: "0",
    });
    expect(
      await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", version, settings }),
    ).toMatchObject({ ok: true });
    expect((await getAdvantageView(h.db, c.id, "advantage_premium")).turnaround).toEqual({
      days: { A: 1, B: 3, C: 4, D: 5, E: 10 },
      source: "client",
    });
    expect((await getAdvantageView(h.db, c.id, "advantage_basic")).turnaround).toEqual(standard);
  });
});

/**
 * The Pickrr Advantage actions as the routes answer them (the route modules use getDb(), the
 * process-wide handle, pointed at this file's database), signed in with a real session.
 */
describe("advantage actions (routes)", () => {
  let cookie = "";

  beforeAll(async () => {
    const setCookie = await startSession(h.db, new Request("http://console.test/sign-in"), actors.vp.id);
    cookie = setCookie.split(";")[0];
  });
  afterEach(() => {
    setProcessDb(undefined);
  });

  /** The app's database, or one whose transactions fail (as a lost connection would). */
  function useDb(failing: boolean) {
    const db = failing
      ? (new Proxy(h.db, {
          get: (target, prop) =>
            prop === "transaction"
              ? () => Promise.reject(new Error("connection terminated unexpectedly"))
              : Reflect.get(target, prop, target),
        }) as typeof h.db)
      : h.db;
    setProcessDb({ ...h, db });
  }

  function post(path: string, form: Record<string, string>) {
    return new Request(`http://console.test${path}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(form),
    });
  }

  async function toastOf(res: Response) {
    const set = res.headers.get("Set-Cookie") ?? "";
    return (
      await getCookieSession(new Request("http://console.test/", { headers: { Cookie: set.split(";")[0] } }))
    ).get("toast");
  }

  async function quietly<T>(run: () => Promise<T>): Promise<T> {
    const error = console.error;
    console.error = () => {};
    try {
      return await run();
    } finally {
      console.error = error;
    }
  }

  const settingsForm = (patch: Record<string, string> = {}) => ({
    intent: "cashback",
    ...cashbackFormValues(defaultCashbackSettings()),
    return_plan: "4",
    return_forward_kind: "value",
    return_forward_amount: "42.50",
    max_tat_liability: "650",
    version: "0",
    ...patch,
  });

  it("the History dialog labels plan changes with their plan", async () => {
    useDb(false);
    expect(historyClient).toBeGreaterThan(0);
    const request = new Request(
      `http://console.test/all-users/${historyClient}/rate-card/advantage/history?plan=premium`,
      { headers: { Cookie: cookie } },
    );
    const page = await historyLoader({ request, params: { id: String(historyClient) }, context: {} });
    expect(page.entries.map((e) => e.actionLabel)).toEqual([
      "Premium plan · Rate edit",
      "Premium plan · First edit (defaults copied)",
      "Premium plan · Plan offered",
    ]);
    expect(page.entries[0].lines).toEqual([{ field: "Surcharge", old: expect.any(String), next: "9.00" }]);
    expect(page.entries[1].summary).toMatch(/^The plan's default rates \(\d+ rows\) were copied for this client/);
    expect(page.entries[2].summary).toBe("Offered: Premium · Active: none");
  });

  it("an invalid settings post is answered 400 with the spec's messages", async () => {
    useDb(false);
    const c = fresh[fresh.length - 1]; // refused before anything is written
    const res = (await advantageAction({
      request: post(
        `/all-users/${c.id}/rate-card/advantage?plan=premium`,
        settingsForm({ max_tat_liability: "", return_rto_amount: "-3" }),
      ),
      params: { id: String(c.id) },
      context: {},
    })) as Response;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors).toEqual({
      max_tat_liability: "* max cashback liability is required",
      return_rto_amount: "* cashback value can not be nagative",
    });
    expect(body.repopulateFields).toMatchObject({ max_tat_liability: "", return_rto_amount: "-3", return_plan: "4" });
  });

  it("a settings save that fails shows 'Not able to update settings' and keeps what was typed, instead of an error page", async () => {
    useDb(true);
    const c = takeClient();
    const result = await quietly(async () =>
      advantageAction({
        request: post(`/all-users/${c.id}/rate-card/advantage?plan=premium`, settingsForm()),
        params: { id: String(c.id) },
        context: {},
      }),
    );
    const answer = result as unknown as {
      data: { message: string; repopulateFields: Record<string, string> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(500);
    expect(answer.data).toMatchObject({ message: NOT_ABLE_TO_UPDATE_SETTINGS });
    expect(answer.data.repopulateFields).toMatchObject({
      return_plan: "4",
      return_forward_kind: "value",
      return_forward_amount: "42.50",
      max_tat_liability: "650",
    });
    expect((await getCashbackSettings(h.db, c.id)).configured).toBe(false);
  });

  it("a plan change that fails is 'Not able to update plan.'; withdrawing an activated plan shows the spec's message for 15 seconds", async () => {
    const c = takeClient();
    const dialog = `/all-users/${c.id}/rate-card/advantage/plan?plan=premium`;
    const call = (intent: string) =>
      planAction({
        request: post(dialog, { intent, plan: "premium" }),
        params: { id: String(c.id) },
        context: {},
      }) as Promise<Response>;

    useDb(true);
    const failed = await quietly(() => call("offer"));
    expect(failed.status).toBe(302);
    expect(failed.headers.get("Location")).toBe(`/all-users/${c.id}/rate-card/advantage?plan=premium`);
    const failedToast = await toastOf(failed);
    expect(failedToast).toEqual({ kind: "error", message: NOT_ABLE_TO_UPDATE_PLAN });
    expect(toastDurationMs(failedToast!)).toBe(ERROR_TOAST_MS);
    expect(ERROR_TOAST_MS).toBeLessThan(15_000);

    useDb(false);
    expect(await toastOf(await call("offer"))).toEqual({ kind: "success", message: "Updated Successfully" });
    await setActivePlanBySeller(h.db, { id: c.id, email: c.email }, { active: "advantage_premium" });
    const refused = await toastOf(await call("withdraw"));
    expect(refused).toEqual({ kind: "error", message: CANNOT_DISABLE_ACTIVATED, durationMs: 15_000 });
    expect(toastDurationMs(refused!)).toBe(15_000);
    expect((await getAdvantageRatePlan(h.db, c.id)).active?.name).toBe("advantage_premium");
  });
});
