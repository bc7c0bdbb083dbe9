import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONFLICT_MESSAGE,
  findClientByAuthToken,
  getAdvantageRatePlan,
  getAdvantageView,
  getCashbackSettings,
  getPlanRateCard,
  offerPlan,
  saveCashbackSettings,
  setActivePlanBySeller,
  updatePlanRateRow,
  withdrawPlan,
  type AdvantageActor,
} from "~/services/advantage/advantage.server";
import { cashbackFormSchema, cashbackFormValues, defaultCashbackSettings } from "~/services/advantage/cashback-form";
import { ACTIVE_MUST_BE_OFFERED, ERROR_FETCHING_PLANS, ERROR_FETCHING_RATE_CARDS } from "~/services/advantage/plans";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, cashbackSettings, clientAdvantagePlans, clients, couriers, courierServices, mailOutbox, planRateRows, staff } from "~/services/db/schema";
import { rateValuesOf } from "~/services/ratecards/fields";
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
    .where(and(eq(clients.tl_id, actors.tl.id), sql`not exists (select 1 from ${clientAdvantagePlans} p where p.client_id = ${clients.id})`))
    .orderBy(asc(clients.id))
    .then((rows) => rows.flatMap((r) => (r.auth_token ? [{ ...r, auth_token: r.auth_token }] : [])));
  expect(fresh.length).toBeGreaterThanOrEqual(8);
});
afterAll(async () => {
  await h?.close();
});

async function auditsOf(clientId: number, entity: string) {
  return h.db.select().from(auditLog).where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, entity))).orderBy(asc(auditLog.id));
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
      expect(new Set(mine.map((r) => r.shipment_type))).toEqual(new Set(["FORWARD", "REVERSE", "FORWARD_RTO"]));
      expect(mine.every((r) => r.coverage === "national")).toBe(true);
    }
    const [{ offers }] = await h.db.select({ offers: count() }).from(clientAdvantagePlans);
    const [{ active }] = await h.db.select({ active: count() }).from(clientAdvantagePlans).where(sql`${clientAdvantagePlans.activated_at} is not null`);
    expect(offers).toBeGreaterThan(0);
    expect(active).toBeGreaterThan(0);
  });
});

describe("offering and withdrawing plans", () => {
  it("vp offers a plan: added to offered and audited; offering again changes nothing", async () => {
    const c = takeClient();
    expect(await getAdvantageRatePlan(h.db, c.id)).toEqual({ offered: [], active: null });
    const r = await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    expect(r).toMatchObject({ ok: true, changed: true, advantage_rate_plan: { offered: [{ type: "premium", name: "advantage_premium" }], active: null } });
    const again = await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    expect(again).toMatchObject({ ok: true, changed: false });
    const audits = await auditsOf(c.id, "advantage_plan");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "offer", staff_email: "vp@demo.test", staff_role: "vp", entity_id: "advantage_premium" });
    expect(audits[0].old_value).toEqual({ offered: [], active: null });
    expect(audits[0].new_value).toEqual({ offered: [{ type: "premium", name: "advantage_premium" }], active: null });
  });

  it("only a vp may offer or withdraw; the others get 403 and nothing changes", async () => {
    const c = takeClient();
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(await offerPlan(h.db, actors[role], { clientId: c.id, plan: "advantage_basic" })).toMatchObject({ ok: false, status: 403 });
      expect(await withdrawPlan(h.db, actors[role], { clientId: c.id, plan: "advantage_basic" })).toMatchObject({ ok: false, status: 403 });
    }
    expect(await getAdvantageRatePlan(h.db, c.id)).toEqual({ offered: [], active: null });
    expect(await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_gold" })).toMatchObject({ ok: false, status: 400 });
    expect(await offerPlan(h.db, actors.vp, { clientId: 999_999, plan: "advantage_basic" })).toMatchObject({ ok: false, status: 404 });
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

    const seller = (await findClientByAuthToken(h.db, c.auth_token))!;
    expect(seller).toEqual({ id: c.id, email: c.email });
    expect(await setActivePlanBySeller(h.db, seller, { active: "advantage_premium" })).toMatchObject({
      ok: true,
      advantage_rate_plan: { active: { type: "premium", name: "advantage_premium" } },
    });
    const auditsBefore = (await auditsOf(c.id, "advantage_plan")).length;
    expect(await withdrawPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" })).toEqual({ ok: false, status: 409, message: ACTIVE_MUST_BE_OFFERED });
    expect((await getAdvantageRatePlan(h.db, c.id)).active?.name).toBe("advantage_premium");
    expect(await auditsOf(c.id, "advantage_plan")).toHaveLength(auditsBefore);

    expect(await setActivePlanBySeller(h.db, seller, { active: null })).toMatchObject({ ok: true, advantage_rate_plan: { active: null } });
    expect(await withdrawPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" })).toMatchObject({ ok: true, changed: true });
    const actions = (await auditsOf(c.id, "advantage_plan")).map((a) => `${a.staff_role}:${a.action}`);
    expect(actions).toEqual(["vp:offer", "vp:offer", "vp:withdraw", "seller:activate", "seller:deactivate", "vp:withdraw"]);
  });

  it("the seller may activate only an offered plan, and only one at a time", async () => {
    const c = takeClient();
    const seller = { id: c.id, email: c.email };
    expect(await setActivePlanBySeller(h.db, seller, { active: "advantage_basic" })).toEqual({ ok: false, status: 400, message: ACTIVE_MUST_BE_OFFERED });
    expect(await setActivePlanBySeller(h.db, seller, { active: "anything" })).toEqual({ ok: false, status: 400, message: ACTIVE_MUST_BE_OFFERED });
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic" });
    await offerPlan(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium" });
    await setActivePlanBySeller(h.db, seller, { active: "advantage_basic" });
    const r = await setActivePlanBySeller(h.db, seller, { active: "advantage_premium" });
    expect(r).toMatchObject({ ok: true, changed: true, advantage_rate_plan: { active: { name: "advantage_premium" } } });
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(clientAdvantagePlans)
      .where(and(eq(clientAdvantagePlans.client_id, c.id), sql`${clientAdvantagePlans.activated_at} is not null`));
    expect(n).toBe(1);
    expect(await findClientByAuthToken(h.db, "not-a-token")).toBeNull();
    expect(await findClientByAuthToken(h.db, "")).toBeNull();
  });
});

describe("plan rate cards: first edit copies the defaults, then applies", () => {
  it("uses the defaults until the first save, which copies them as exclusive and applies the change", async () => {
    const c = takeClient();
    const other = takeClient();
    const before = await getPlanRateCard(h.db, c.id, "advantage_premium");
    expect(before).toMatchObject({ applyDefault: true, planType: "default" });
    const defaults = await h.db.select().from(planRateRows).where(and(eq(planRateRows.plan, "advantage_premium"), isNull(planRateRows.client_id)));
    expect(before.rows).toHaveLength(defaults.length);
    const row = before.rows.find((r) => r.shipment_type === "FORWARD")!;
    const values = { ...rateValuesOf(row), zone_b_base: "77.25", surcharge: "3.00" };
    const mailsBefore = (await h.db.select({ n: count() }).from(mailOutbox))[0].n;

    const r = await updatePlanRateRow(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", rowId: row.id, version: row.version, applyDefault: true, values });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.copiedDefaults).toBe(defaults.length);
    expect(r.row).toMatchObject({ courier_service_id: row.courier_service_id, zone_b_base: "77.25", surcharge: "3.00", version: 2 });
    expect(r.row.id).not.toBe(row.id);
    expect(r.changes[0].fields.map((f) => f.field).sort()).toEqual(["surcharge", "zone_b_base"]);

    const after = await getPlanRateCard(h.db, c.id, "advantage_premium");
    expect(after).toMatchObject({ applyDefault: false, planType: "exclusive" });
    expect(after.rows).toHaveLength(defaults.length);
    // The other rows are the defaults' values; the plan's defaults themselves are untouched.
    const untouched = after.rows.filter((x) => x.id !== r.row.id).map((x) => ({ ...rateValuesOf(x), k: `${x.courier_service_id}${x.shipment_type}${x.delivery_type}` }));
    const fromDefaults = before.rows.filter((x) => x.id !== row.id).map((x) => ({ ...rateValuesOf(x), k: `${x.courier_service_id}${x.shipment_type}${x.delivery_type}` }));
    expect(untouched.sort((a, b) => a.k.localeCompare(b.k))).toEqual(fromDefaults.sort((a, b) => a.k.localeCompare(b.k)));
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
    expect(rowAudits[0].old_value).toMatchObject({ plan: "advantage_premium", zone_b_base: row.zone_b_base, surcharge: row.surcharge });
    expect(rowAudits[0].new_value).toMatchObject({ plan: "advantage_premium", zone_b_base: "77.25", surcharge: "3.00" });
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
    const first = await updatePlanRateRow(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic", rowId: row.id, version: row.version, applyDefault: true, values: { ...rateValuesOf(row), zone_a_base: "41.00" } });
    expect(first.ok).toBe(true);
    // A second editor who also saw the defaults.
    const late = await updatePlanRateRow(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic", rowId: row.id, version: row.version, applyDefault: true, values: { ...rateValuesOf(row), zone_a_base: "55.00" } });
    expect(late).toMatchObject({ ok: false, status: 409, conflict: true, message: CONFLICT_MESSAGE, current: { zone_a_base: "41.00" } });
    if (!first.ok) return;
    const stale = await updatePlanRateRow(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic", rowId: first.row.id, version: 1, applyDefault: false, values: rateValuesOf(first.row) });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect((await getPlanRateCard(h.db, c.id, "advantage_basic")).rows.find((x) => x.id === first.row.id)?.zone_a_base).toBe("41.00");
  });

  it("validates like client rates and lets only a vp save", async () => {
    const c = takeClient();
    const card = await getPlanRateCard(h.db, c.id, "advantage_premium");
    const row = card.rows[0];
    const bad = await updatePlanRateRow(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", rowId: row.id, version: row.version, applyDefault: true, values: { ...rateValuesOf(row), zone_a_base: "", surcharge: "-1" } });
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { zone_a_base: "Please fill!", surcharge: "* Enter valid number !" } });
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(await updatePlanRateRow(h.db, actors[role], { clientId: c.id, plan: "advantage_premium", rowId: row.id, version: row.version, applyDefault: true, values: rateValuesOf(row) })).toMatchObject({ ok: false, status: 403 });
    }
    expect((await getPlanRateCard(h.db, c.id, "advantage_premium")).applyDefault).toBe(true);
    expect(await auditsOf(c.id, "plan_rate_row")).toHaveLength(0);
  });
});

describe("premium cashback settings", () => {
  const form = (patch: Record<string, string>) => cashbackFormSchema.parse({ ...cashbackFormValues(defaultCashbackSettings()), max_tat_liability: "500", version: "0", ...patch });

  it("starts at the defaults; a vp saves; the save is audited and versioned", async () => {
    const c = takeClient();
    expect(await getCashbackSettings(h.db, c.id)).toMatchObject({ configured: false, version: 0, settings: { assurance: 85, max_tat_liability: null, tat_zoneE: 8 } });
    const { settings, version } = form({ return_plan: "3", return_rto_amount: "60", delivered_plan: "2", delivered_forward_kind: "value", delivered_forward_amount: "25" });
    const r = await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", version, settings });
    expect(r).toMatchObject({ ok: true, version: 1, settings: { assurance: 85, return_cashback: { plan: 3, rto_percentage: "60.00" }, delivered_cashback: { plan: 2, forward_value: "25.00", forward_percentage: null }, max_tat_liability: "500.00" } });
    const stored = await getCashbackSettings(h.db, c.id);
    expect(stored).toMatchObject({ configured: true, version: 1 });
    const audits = await auditsOf(c.id, "cashback_settings");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "create", old_value: null, entity_id: "advantage_premium" });

    // A stale editor (who saw the defaults) is refused; the current version saves.
    expect(await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", version: 0, settings })).toMatchObject({ ok: false, status: 409, conflict: true });
    const next = form({ max_tat_liability: "750", version: "1" });
    expect(await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_premium", version: next.version, settings: next.settings })).toMatchObject({ ok: true, version: 2 });
    const updates = await auditsOf(c.id, "cashback_settings");
    expect(updates.map((a) => a.action)).toEqual(["create", "update"]);
    expect(updates[1].old_value).toMatchObject({ max_tat_liability: "500.00" });
    expect(updates[1].new_value).toMatchObject({ max_tat_liability: "750.00" });
  });

  it("is the vp's alone, and only for Premium", async () => {
    const c = takeClient();
    const { settings } = form({});
    for (const role of ["kam", "avp", "bdm", "tl"]) {
      expect(await saveCashbackSettings(h.db, actors[role], { clientId: c.id, plan: "advantage_premium", version: 0, settings })).toMatchObject({ ok: false, status: 403 });
    }
    expect(await saveCashbackSettings(h.db, actors.vp, { clientId: c.id, plan: "advantage_basic", version: 0, settings })).toMatchObject({ ok: false, status: 400 });
    const [{ n }] = await h.db.select({ n: count() }).from(cashbackSettings).where(eq(cashbackSettings.client_id, c.id));
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
