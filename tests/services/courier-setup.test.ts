/**
 * Courier setup (decision 027) on a real seeded database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the All Couriers figures and filters, the courier toggle with its audit
 * row, e-mail and effect on the very next quote, and who is refused.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import {
  action as selectEditorAction,
  loader as selectEditorLoader,
} from "~/routes/_app.all-users.$id.courier-rules_.select.$ruleId";
import { loader as selectListCsvLoader } from "~/routes/_app.all-users.$id.courier-rules_.select.$ruleId_.lists.$list";
import { action as allCouriersAction } from "~/routes/_app.all-users.$id.courier-setup";
import { getCookieSession, startSession } from "~/services/auth/session.server";
import type { StaffRole } from "~/services/core/roles";
import { ZONE_TAT_DAYS } from "~/services/core/zones";
import {
  activateBlUserCourier,
  cachedUnionCounts,
  type CourierSetupActor,
  fetchActiveBlUserCourierList,
  MAX_UNIONS,
} from "~/services/courier-setup/all-couriers.server";
import { customRuleValues } from "~/services/courier-setup/custom-rule-form";
import {
  createCustomRule,
  deleteCustomRule,
  editCustomRule,
  updateUserPriorityEngineType,
} from "~/services/courier-setup/custom-rules.server";
import { courierRuleHistory, shortJson } from "~/services/courier-setup/history.server";
import { selectRuleSummary, type SelectRuleValues, valuesOfRule } from "~/services/courier-setup/select-rule-form";
import {
  cloneSelectRule,
  deleteSelectRule,
  getSelectRule,
  getSelectRuleForEditor,
  moveSelectRule,
  saveSelectRule,
  selectRuleList,
  toggleSelectRule,
} from "~/services/courier-setup/select-rules.server";
import type { DbHandle } from "~/services/db/client.server";
import {
  auditLog,
  clientCourierServices,
  clients,
  customPriorityRules,
  mailOutbox,
  pickrrSelectRules,
  staff,
} from "~/services/db/schema";
import { quoteForClient } from "~/services/quote/quote.server";
import {
  fetchAllocEngineRules,
  fetchCustomPriorityEngine,
  fetchUserPriorityEngineType,
} from "~/services/rules/rules.server";

import { calculatorInput } from "../support/calculator";
import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
const actors = {} as Record<StaffRole, CourierSetupActor>;
/** Clients of the demo vp with at least two courier brands quoted Delhi → Bengaluru (express, prepaid), one per test that changes data. */
let spare: number[] = [];
const take = () => {
  const id = spare.shift();
  if (id === undefined) throw new Error("no spare client left");
  return id;
};
const NOW = new Date("2026-11-20T04:30:00Z");

const calcInput = calculatorInput;

export async function quoted(db: DbHandle["db"], clientId: number) {
  const q = await quoteForClient(db, clientId, calcInput(), NOW);
  if (!q.ok) throw new Error(q.message);
  return q.quote;
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const role of ["vp", "kam", "avp", "bdm", "tl", "legal"] as const) {
    const [s] = await h.db
      .select()
      .from(staff)
      .where(eq(staff.email, `${role}@demo.test`));
    actors[role] = { id: s.id, email: s.email, role: s.role };
  }
  const candidates = await h.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.vp_id, actors.vp.id))
    .orderBy(clients.id)
    .limit(40);
  for (const { id } of candidates) {
    const q = await quoteForClient(h.db, id, calcInput(), NOW);
    if (q.ok && new Set(q.quote.rate_list.map((e) => e.courier.split(" ")[0])).size >= 2) spare.push(id);
  }
  expect(spare.length).toBeGreaterThanOrEqual(7);
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

describe("All Couriers: figures and filters", () => {
  it("keeps at most MAX_UNIONS pincode counts of sets of couriers: one set more drops the least recently used (decision 084)", async () => {
    const list = (clientId: number) => fetchActiveBlUserCourierList(h.db, clientId, { filter: "all", q: "" });
    const first = await list(spare[0]);
    const kept = cachedUnionCounts(h.db)!;
    expect(kept.max).toBe(MAX_UNIONS);
    // Each spare client's set of active couriers (the key of its counts).
    const seen = new Map<number, string>();
    for (const id of spare) {
      kept.clear();
      await list(id);
      seen.set(id, [...kept.keys()][0]);
    }
    const a = spare[0];
    const b = spare.find((id) => seen.get(id) !== seen.get(a));
    if (b === undefined) throw new Error("every spare client has the same couriers");
    kept.clear();
    kept.max = 1;
    try {
      await list(a);
      await list(b);
      expect([...kept.keys()]).toEqual([seen.get(b)]);
      expect((await list(spare[0])).fm_count).toBe(first.fm_count); // counted again, the same
    } finally {
      kept.max = MAX_UNIONS;
    }
  });

  it("counts pickup and delivery pincodes of the active couriers once each, and groups services by courier", async () => {
    const clientId = spare[0];
    const data = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: "",
    });
    // The same figures another way: pincodes with an exists test per flag.
    const expected = await h.db.execute<{ fm: number; lm: number }>(sql`
      select
        (select count(*)::int from pincodes p where exists (select 1 from courier_serviceability s join courier_services cs on cs.courier_id = s.courier_id
           join client_courier_services c on c.courier_service_id = cs.id where c.client_id = ${clientId} and c.is_active and s.pincode = p.pincode and s.fm_pickup)) as fm,
        (select count(*)::int from pincodes p where exists (select 1 from courier_serviceability s join courier_services cs on cs.courier_id = s.courier_id
           join client_courier_services c on c.courier_service_id = cs.id where c.client_id = ${clientId} and c.is_active and s.pincode = p.pincode and s.lm_delivery)) as lm`);
    expect(data.fm_count).toBe(Number(expected.rows[0].fm));
    expect(data.lm_count).toBe(Number(expected.rows[0].lm));
    expect(data.fm_count).toBeGreaterThan(1000);

    const services = await h.db
      .select()
      .from(clientCourierServices)
      .where(eq(clientCourierServices.client_id, clientId));
    expect(data.courier_list.flatMap((c) => c.courier_ids).sort((a, b) => a - b)).toEqual(
      services.map((s) => s.courier_service_id).sort((a, b) => a - b),
    );
    const { counts } = data;
    expect(counts.allCourier).toBe(data.courier_list.length);
    expect(counts.activeCourier + counts.inActiveCourier).toBe(counts.allCourier);
    expect(counts.expressCourier + counts.regularCourier).toBe(counts.allCourier);
    expect(data.courier_list.map((c) => c.courier_name)).toEqual(
      [...data.courier_list.map((c) => c.courier_name)].sort((a, b) => a.localeCompare(b)),
    );
    for (const c of data.courier_list) {
      const lm = await h.db.execute<{ n: number }>(
        sql`select count(*)::int as n from courier_serviceability where courier_id = ${c.courier_id} and lm_delivery`,
      );
      expect(c.serviceable_pin_codes).toBe(Number(lm.rows[0].n));
      expect(c.type).toBe(c.rate_list.some((s) => s.has_surface) ? "regular" : "express");
      for (const s of c.rate_list) for (const r of s.rates) expect(r.shipment_type).toBe("FORWARD");
    }
  });

  it("filters by status, type and courier name", async () => {
    const clientId = spare[0];
    const all = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: "",
    });
    for (const filter of ["active", "inactive", "express", "regular"] as const) {
      const { courier_list } = await fetchActiveBlUserCourierList(h.db, clientId, { filter, q: "" });
      const want = all.courier_list.filter((c) =>
        filter === "active" || filter === "inactive" ? c.status === filter : c.type === filter,
      );
      expect(courier_list.map((c) => c.courier_id)).toEqual(want.map((c) => c.courier_id));
    }
    const first = all.courier_list[0];
    const searched = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: `  ${first.courier_name.toUpperCase()} `,
    });
    expect(searched.courier_list.map((c) => c.courier_id)).toContain(first.courier_id);
    expect(
      (
        await fetchActiveBlUserCourierList(h.db, clientId, {
          filter: "all",
          q: "no such courier",
        })
      ).courier_list,
    ).toEqual([]);
    // The figures cover every courier whatever the filter.
    expect(searched.counts).toEqual(all.counts);
  });
});

describe("All Couriers: the toggle", () => {
  it("vp deactivates a courier: audited, e-mailed to the hierarchy, and the very next quote skips it and says why; activating brings it back", async () => {
    const clientId = take();
    const before = await quoted(h.db, clientId);
    const victim = before.rate_list[0];
    const list = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: "",
    });
    const brand = list.courier_list.find((c) => c.courier_ids.includes(victim.courier_id))!;
    const ids = [...brand.courier_ids].sort((a, b) => a - b);
    const mailsBefore = (await h.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

    const off = await activateBlUserCourier(h.db, actors.vp, {
      clientId,
      courierId: brand.courier_id,
      isActivate: false,
    });
    expect(off).toEqual({
      ok: true,
      changed: true,
      courier: brand.courier_name,
    });

    const after = await quoted(h.db, clientId);
    expect(after.rate_list.map((e) => e.courier_id)).not.toContain(victim.courier_id);
    expect(after.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons).toContain(
      "not active for this client",
    );

    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "courier_activation")))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      staff_email: "vp@demo.test",
      staff_role: "vp",
      action: "deactivate",
      entity_id: String(brand.courier_id),
    });
    expect(audit.old_value).toEqual({
      courier: brand.courier_name,
      courier_id_list: ids,
      is_active: true,
    });
    expect(audit.new_value).toEqual({
      courier: brand.courier_name,
      courier_id_list: ids,
      is_active: false,
    });

    const mails = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    expect(mails.length).toBe(mailsBefore + 1);
    const [client] = await h.db.select().from(clients).where(eq(clients.id, clientId));
    expect(mails[0].subject).toBe(`Courier deactivated: ${client.company_name}`);
    expect(mails[0].to).toContain("vp@demo.test");
    expect(mails[0].text).toContain(brand.courier_name);

    const stored = await h.db.select().from(clientCourierServices).where(eq(clientCourierServices.client_id, clientId));
    const wasActive = new Map(
      list.courier_list.flatMap((c) => c.rate_list.map((r) => [r.courier_service_id, r.is_active] as const)),
    );
    for (const s of stored)
      expect(s.is_active).toBe(ids.includes(s.courier_service_id) ? false : wasActive.get(s.courier_service_id));

    // The same state again changes nothing and writes nothing.
    expect(
      await activateBlUserCourier(h.db, actors.vp, {
        clientId,
        courierId: brand.courier_id,
        isActivate: false,
      }),
    ).toEqual({ ok: true, changed: false, courier: brand.courier_name });
    const on = await activateBlUserCourier(h.db, actors.vp, {
      clientId,
      courierId: brand.courier_id,
      isActivate: true,
    });
    expect(on.ok && on.changed).toBe(true);
    expect((await quoted(h.db, clientId)).rate_list.map((e) => e.courier_id)).toContain(victim.courier_id);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "courier_activation")));
    expect(audits.map((a) => a.action)).toEqual(["deactivate", "activate"]);
  });

  it.each(["kam", "avp", "bdm", "tl", "legal"] as const)("%s is refused (403) and nothing changes", async (role) => {
    const clientId = spare[1];
    const { courier_list } = await fetchActiveBlUserCourierList(h.db, clientId, { filter: "active", q: "" });
    const result = await activateBlUserCourier(h.db, actors[role], {
      clientId,
      courierId: courier_list[0].courier_id,
      isActivate: false,
    });
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(
      (
        await fetchActiveBlUserCourierList(h.db, clientId, {
          filter: "active",
          q: "",
        })
      ).courier_list.map((c) => c.courier_id),
    ).toEqual(courier_list.map((c) => c.courier_id));
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "courier_activation"))),
    ).toEqual([]);
  });

  it("a courier the client does not have is 404", async () => {
    expect(
      await activateBlUserCourier(h.db, actors.vp, {
        clientId: spare[1],
        courierId: 999999,
        isActivate: false,
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  describe("through the route", () => {
    afterEach(() => useAsAppDb(undefined));
    async function post(role: StaffRole, clientId: number, form: Record<string, string>) {
      useAsAppDb(h);
      const cookie = (await startSession(h.db, new Request("http://console.test/sign-in"), actors[role].id)).split(
        ";",
      )[0];
      const request = new Request(`http://console.test/all-users/${clientId}/courier-setup`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams(form),
      });
      try {
        // The toggle answers with a redirect (a Response) or throws; never the limits form's data().
        return (await allCouriersAction({
          request,
          params: { id: String(clientId) },
          context: {},
        })) as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    it("tl's post is 403 whatever it says; vp's bad post is 400; vp's good post redirects back to the same filter", async () => {
      const clientId = take();
      const { courier_list } = await fetchActiveBlUserCourierList(h.db, clientId, { filter: "active", q: "" });
      const form = {
        intent: "toggle",
        courier_id: String(courier_list[0].courier_id),
        is_activate: "false",
        filter: "active",
        q: "",
      };
      expect((await post("tl", clientId, form)).status).toBe(403);
      expect((await post("avp", clientId, form)).status).toBe(403);
      expect((await post("vp", clientId, { ...form, courier_id: "abc" })).status).toBe(400);
      const ok = await post("vp", clientId, form);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("Location")).toBe(`/all-users/${clientId}/courier-setup?filter=active`);
      const now = await fetchActiveBlUserCourierList(h.db, clientId, {
        filter: "inactive",
        q: "",
      });
      expect(now.courier_list.map((c) => c.courier_id)).toContain(courier_list[0].courier_id);
    });
  });
});

const auditsOf = (clientId: number, entity: string) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, entity)))
    .orderBy(auditLog.id);

describe("Courier Rules: selection type", () => {
  it("vp changes it (audited, read back as the spec's code); avp, bdm, kam and tl are refused; a bad code is 400", async () => {
    const clientId = take();
    const before = (await fetchUserPriorityEngineType(h.db, clientId)).rule_code;
    const next = before === "5" ? "4" : "5";
    for (const role of ["avp", "bdm", "kam", "tl"] as const)
      expect(await updateUserPriorityEngineType(h.db, actors[role], { clientId, rule_code: next })).toMatchObject({
        ok: false,
        status: 403,
      });
    expect(await updateUserPriorityEngineType(h.db, actors.vp, { clientId, rule_code: "9" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await updateUserPriorityEngineType(h.db, actors.vp, { clientId, rule_code: next })).toEqual({
      ok: true,
      rule_code: next,
      changed: true,
    });
    expect((await fetchUserPriorityEngineType(h.db, clientId)).rule_code).toBe(next);
    const audits = await auditsOf(clientId, "rule_type");
    expect(audits.map((a) => [a.staff_role, a.old_value, a.new_value])).toEqual([
      ["vp", { rule_code: before }, { rule_code: next }],
    ]);
  });
});

describe("Courier Rules: custom priority", () => {
  const form = (entries: [string, string][]) => customRuleValues(new URLSearchParams(entries));

  it("create stores 100…96 and shows 1…5; edit replaces the rule in one transaction; a stale edit is refused; delete; each audited", async () => {
    const clientId = take();
    const services = (
      await fetchActiveBlUserCourierList(h.db, clientId, { filter: "active", q: "" })
    ).courier_list.flatMap((c) => c.rate_list.filter((r) => r.is_active).map((r) => r.name));
    expect(services.length).toBeGreaterThanOrEqual(2);
    const [a, b] = services;
    const created = await createCustomRule(h.db, actors.vp, {
      clientId,
      values: form([
        ["service_type", "express"],
        ["zone_list", "A"],
        ["zone_list", "B"],
        ["order_type", "cod"],
        ["slot_1", a],
        ["slot_2", b],
      ]),
    });
    if (!created.ok) throw new Error(created.message);
    const [row] = await h.db.select().from(customPriorityRules).where(eq(customPriorityRules.id, created.id));
    expect(row.courier_list).toEqual([
      { name: a, priority: 100 },
      { name: b, priority: 99 },
    ]);
    const listed = (await fetchCustomPriorityEngine(h.db, clientId)).rule_list.find((r) => r.id === created.id)!;
    expect(listed.courier_list).toEqual([
      { name: a, priority: 1 },
      { name: b, priority: 2 },
    ]);

    const bad = await createCustomRule(h.db, actors.vp, {
      clientId,
      values: form([
        ["service_type", "express"],
        ["zone_list", "A"],
        ["order_type", "cod"],
        ["slot_1", a],
        ["slot_2", a],
      ]),
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { slot_2: "Each courier can fill only one priority slot." },
    });

    const edited = await editCustomRule(h.db, actors.vp, {
      clientId,
      ruleId: created.id,
      version: listed.version,
      values: form([
        ["service_type", "express"],
        ["zone_list", "C"],
        ["order_type", "prepaid"],
        ["slot_1", b],
      ]),
    });
    if (!edited.ok) throw new Error(edited.message);
    const rules = await h.db.select().from(customPriorityRules).where(eq(customPriorityRules.client_id, clientId));
    expect(rules.find((r) => r.id === created.id)).toBeUndefined();
    expect(rules.find((r) => r.id === edited.id)).toMatchObject({
      zone_list: ["C"],
      order_type: ["prepaid"],
      courier_list: [{ name: b, priority: 100 }],
      version: listed.version + 1,
    });

    // A second person's edit of the version they saw (now gone) is refused; nothing changes.
    const stale = await editCustomRule(h.db, actors.vp, {
      clientId,
      ruleId: edited.id,
      version: listed.version,
      values: form([
        ["service_type", "express"],
        ["zone_list", "D"],
        ["order_type", "cod"],
        ["slot_1", a],
      ]),
    });
    expect(stale).toMatchObject({ ok: false, status: 409, current: { zone_list: ["C"] } });

    for (const role of ["avp", "tl"] as const) {
      expect(
        await createCustomRule(h.db, actors[role], {
          clientId,
          values: form([
            ["service_type", "express"],
            ["zone_list", "A"],
            ["order_type", "cod"],
            ["slot_1", a],
          ]),
        }),
      ).toMatchObject({ status: 403 });
      expect(await deleteCustomRule(h.db, actors[role], { clientId, ruleId: edited.id })).toMatchObject({
        status: 403,
      });
    }
    expect(await deleteCustomRule(h.db, actors.vp, { clientId, ruleId: edited.id })).toEqual({ ok: true });
    expect(await deleteCustomRule(h.db, actors.vp, { clientId, ruleId: edited.id })).toMatchObject({ status: 404 });
    const audits = await auditsOf(clientId, "custom_rule");
    expect(audits.map((x) => x.action)).toEqual(["create", "update", "delete"]);
    expect(audits[1].old_value).toMatchObject({ id: created.id, zone_list: ["A", "B"] });
    expect(audits[1].new_value).toMatchObject({ zone_list: ["C"] });
  });
});

/** Editor values for a rule on `lane` picking `courier` first. */
function laneRule(
  name: string,
  lane: { from: string; to: string },
  patch: Partial<SelectRuleValues> = {},
): SelectRuleValues {
  const v = valuesOfRule(null, null);
  return { ...v, name, lanes: [lane, { from: "", to: "" }, { from: "", to: "" }], selection: "cheapest", ...patch };
}

describe("Courier Rules: Pickrr Select", () => {
  it("create at 100 − count; update with the version; a stale save is refused with the current values; avp may save but not arrange; tl may do neither", async () => {
    const clientId = take();
    const count = (await fetchAllocEngineRules(h.db, clientId)).rules.length;
    const created = await saveSelectRule(h.db, actors.avp, {
      clientId,
      ruleId: null,
      values: laneRule("Delhi lanes", { from: "Delhi", to: "Karnataka" }),
    });
    if (!created.ok) throw new Error(created.message);
    expect(created.created).toBe(true);
    const stored = (await getSelectRule(h.db, clientId, created.id))!;
    expect(stored.rule.priority).toBe(100 - count);
    expect(stored.rule.criterias).toEqual({ lane_list: { list: [{ from: "Delhi", to: "Karnataka" }] } });

    const same = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("Delhi lanes", { from: "Goa", to: "Goa" }),
    });
    expect(same).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "A rule with this name already exists." },
    });

    const first = valuesOfRule(stored.rule, stored.version);
    const ok = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: created.id,
      values: { ...first, selection: "fastest" },
    });
    expect(ok).toEqual({ ok: true, id: created.id, created: false });
    const stale = await saveSelectRule(h.db, actors.avp, {
      clientId,
      ruleId: created.id,
      values: { ...first, zone_list: ["A"] },
    });
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      current: { version: stored.version + 1, rule: { courier: { courier_selection_rule_type: "fastest" } } },
    });
    expect((await getSelectRule(h.db, clientId, created.id))!.rule.criterias.zone_list).toBeUndefined();

    expect(
      await saveSelectRule(h.db, actors.tl, {
        clientId,
        ruleId: null,
        values: laneRule("tl rule", { from: "Delhi", to: "Goa" }),
      }),
    ).toMatchObject({
      status: 403,
    });
    for (const run of [
      () => toggleSelectRule(h.db, actors.avp, { clientId, ruleId: created.id, active: false }),
      () => moveSelectRule(h.db, actors.avp, { clientId, ruleId: created.id, direction: "up" }),
      () => cloneSelectRule(h.db, actors.avp, { clientId, ruleId: created.id }),
      () => deleteSelectRule(h.db, actors.tl, { clientId, ruleId: created.id }),
    ])
      expect(await run()).toMatchObject({ ok: false, status: 403 });
    expect((await auditsOf(clientId, "select_rule")).map((a) => [a.action, a.staff_role])).toEqual([
      ["create", "avp"],
      ["update", "vp"],
    ]);
  });

  it("vp toggles, moves (bounds refused), clones '<name> (copy)' at the default priority and deletes; each audited old → new; History lists them", async () => {
    const clientId = take();
    await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
    const ids: number[] = [];
    for (const name of ["One", "Two", "Three"]) {
      const r = await saveSelectRule(h.db, actors.vp, {
        clientId,
        ruleId: null,
        values: laneRule(name, { from: "Delhi", to: "Goa" }),
      });
      if (!r.ok) throw new Error(r.message);
      ids.push(r.id);
    }
    const order = async () =>
      (await fetchAllocEngineRules(h.db, clientId)).rules.map((r) => `${r.name}:${r.priority}:${r.validity.active}`);
    expect(await order()).toEqual(["One:100:true", "Two:99:true", "Three:98:true"]);
    expect(await moveSelectRule(h.db, actors.vp, { clientId, ruleId: ids[0], direction: "up" })).toMatchObject({
      ok: false,
      status: 400,
      message: "The first rule cannot move up.",
    });
    expect(await moveSelectRule(h.db, actors.vp, { clientId, ruleId: ids[2], direction: "down" })).toMatchObject({
      ok: false,
      status: 400,
      message: "The last rule cannot move down.",
    });
    expect(await moveSelectRule(h.db, actors.vp, { clientId, ruleId: ids[2], direction: "up" })).toEqual({ ok: true });
    expect(await order()).toEqual(["One:100:true", "Three:99:true", "Two:98:true"]);
    expect(await toggleSelectRule(h.db, actors.vp, { clientId, ruleId: ids[1], active: false })).toEqual({ ok: true });
    const clone = await cloneSelectRule(h.db, actors.vp, { clientId, ruleId: ids[0] });
    expect(clone.ok).toBe(true);
    expect(await order()).toEqual(["One:100:true", "Three:99:true", "Two:98:false", "One (copy):97:true"]);
    expect(await deleteSelectRule(h.db, actors.vp, { clientId, ruleId: ids[1] })).toEqual({ ok: true });
    expect(await order()).toEqual(["One:100:true", "Three:99:true", "One (copy):97:true"]);

    const audits = await auditsOf(clientId, "select_rule");
    expect(audits.map((a) => a.action)).toEqual([
      "create",
      "create",
      "create",
      "move_up",
      "move_up",
      "deactivate",
      "clone",
      "delete",
    ]);
    expect(audits[5].old_value).toMatchObject({ name: "Two", validity: { active: true } });
    expect(audits[5].new_value).toMatchObject({ name: "Two", validity: { active: false } });
    const history = await courierRuleHistory(h.db, clientId);
    expect(history[0]).toMatchObject({ who: "vp@demo.test (vp)", what: "Pickrr Select rule · delete", next: "—" });
    expect(history[0].old).toContain('"name":"Two"');
  });

  it("pincode lists: a CSV with a BOM, CRLF and blank lines saves; non-digits and 7-digit pincodes are refused with their lines", async () => {
    const clientId = spare[1];
    const ok = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("CSV list", { from: "", to: "" }, { lm_list: "\uFEFFpincode\r\n560001\r\n\r\n400001\r\n" }),
    });
    if (!ok.ok) throw new Error(ok.message);
    expect((await getSelectRule(h.db, clientId, ok.id))!.rule.criterias).toEqual({
      pincode_list: { lm: ["560001", "400001"] },
    });
    // The list page counts the long lists in SQL and says the same as the full rule would.
    const listed = (await selectRuleList(h.db, clientId)).find((r) => r.id === ok.id)!;
    expect(listed.summary).toEqual(selectRuleSummary((await getSelectRule(h.db, clientId, ok.id))!.rule));
    expect(listed.summary.criteria).toBe("2 destination pincodes");
    const bad = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("CSV bad", { from: "", to: "" }, { fm_list: "110001\n11O001\n1100011\n" }),
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { fm_list: "These are not 6-digit pincodes: line 2 '11O001', line 3 '1100011'." },
    });
  });
});

/** A one-column pincode CSV of `n` distinct 6-digit pincodes, CRLF line ends, with a BOM and a header. */
function pincodeCsv(n: number): { text: string; pins: string[] } {
  const pins = Array.from({ length: n }, (_, i) => String(100_000 + i));
  return { text: `\uFEFFpincode\r\n${pins.join("\r\n")}\r\n`, pins };
}

describe("Pickrr Select: 100,000-pincode lists (decision 032)", () => {
  /** One client of its own: a 100,000-pincode rule would otherwise sit in the other tests' rule lists. */
  let clientId: number;
  beforeAll(() => {
    clientId = take();
  });

  it("saves a rule with 100,000 destination pincodes, audited whole; the list counts them; History shortens them", async () => {
    const { text, pins } = pincodeCsv(100_000);
    const saved = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("Hundred thousand", { from: "", to: "" }, { lm_list: text }),
    });
    if (!saved.ok) throw new Error(saved.message);
    const stored = (await getSelectRule(h.db, clientId, saved.id))!;
    expect(stored.rule.criterias.pincode_list?.lm).toEqual(pins);
    const [audit] = (await auditsOf(clientId, "select_rule")).filter((a) => a.entity_id === String(saved.id));
    expect(audit.action).toBe("create");
    expect(
      (audit.new_value as { criterias: { pincode_list: { lm: string[] } } }).criterias.pincode_list.lm,
    ).toHaveLength(100_000);
    expect((await selectRuleList(h.db, clientId)).find((r) => r.id === saved.id)!.summary.criteria).toBe(
      "1,00,000 destination pincodes",
    );
    const [entry] = await courierRuleHistory(h.db, clientId, 1);
    expect(entry.next).toContain("… 99990 more");
    expect(entry.next.length).toBeLessThanOrEqual(601);

    // Edited as the editor posts it (the long list kept, not posted back): an update, audited old → new.
    const edited = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: saved.id,
      values: { ...valuesOfRule(stored.rule, stored.version), selection: "fastest" },
    });
    expect(edited).toEqual({ ok: true, id: saved.id, created: false });
    expect((await getSelectRule(h.db, clientId, saved.id))!.rule.criterias.pincode_list?.lm).toHaveLength(100_000);
    // History: the database cuts the long lists before they reach the app, and the entries read
    // exactly as the whole audited values shortened in the app would.
    const rows = (await auditsOf(clientId, "select_rule")).filter((a) => a.entity_id === String(saved.id)).reverse();
    const shown = await courierRuleHistory(h.db, clientId, 2);
    expect(shown.map((e) => e.what)).toEqual(["Pickrr Select rule · update", "Pickrr Select rule · create"]);
    expect(shown.map((e) => [e.old, e.next])).toEqual(
      rows.map((a) => [shortJson(a.old_value), shortJson(a.new_value)]),
    );
    expect(shown[0].old).toContain('"lm":["100000","100001"');
  });

  it("refuses 100,001 pincodes with the limit's message (400), saving nothing", async () => {
    const before = (await selectRuleList(h.db, clientId)).length;
    const refused = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("One too many", { from: "", to: "" }, { fm_list: pincodeCsv(100_001).text }),
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { fm_list: "A list may hold at most 1,00,000 entries." },
    });
    expect(await selectRuleList(h.db, clientId)).toHaveLength(before);
  });

  it("the list's sizes and brief criteria (generated columns) follow every write: create, edit, clone", async () => {
    const created = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule(
        "Sizes",
        { from: "", to: "" },
        {
          product_list: "Brass Diya, Tea",
          fm_list: "110001, 110002, 110003",
          lm_list: "560001\n560002",
          zone_list: ["A"],
        },
      ),
    });
    if (!created.ok) throw new Error(created.message);
    const listed = async (id: number) =>
      (await selectRuleList(h.db, clientId)).find((r) => r.id === id)!.summary.criteria;
    expect(await listed(created.id)).toBe("zones A; 2 products; 3 pickup pincodes; 2 destination pincodes");
    const stored = (await getSelectRule(h.db, clientId, created.id))!;
    // Short lists: the editor's read is the whole rule.
    expect(await getSelectRuleForEditor(h.db, clientId, created.id)).toEqual({
      ...stored,
      sizes: { product_list: 2, fm_list: 3, lm_list: 2 },
    });
    const edited = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: created.id,
      values: { ...valuesOfRule(stored.rule, stored.version), product_list: "", fm_list: "110001", zone_list: [] },
    });
    expect(edited.ok).toBe(true);
    expect(await listed(created.id)).toBe("1 pickup pincodes; 2 destination pincodes");
    const clone = await cloneSelectRule(h.db, actors.vp, { clientId, ruleId: created.id });
    if (!clone.ok) throw new Error(clone.message);
    expect(await listed(clone.id)).toBe(await listed(created.id));
    // Every stored rule (the seed's too) agrees with its criterias document.
    const disagreeing = await h.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pickrr_select_rules
      where lm_count <> coalesce(jsonb_array_length(criterias #> '{pincode_list,lm}'), 0)
         or fm_count <> coalesce(jsonb_array_length(criterias #> '{pincode_list,fm}'), 0)
         or product_count <> coalesce(jsonb_array_length(criterias #> '{product_list,list}'), 0)
         or criteria_brief <> criterias - 'product_list' - 'pincode_list'`);
    expect(disagreeing.rows[0].n).toBe(0);
  });

  describe("through the editor's route, the body handed over whole as the request edge does", () => {
    afterEach(() => useAsAppDb(undefined));
    async function upload(clientId: number, name: string, csv: string) {
      useAsAppDb(h);
      const cookie = (await startSession(h.db, new Request("http://console.test/sign-in"), actors.vp.id)).split(";")[0];
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name,
        version: "",
        selection: "cheapest",
        product_list: "",
        fm_list: "",
        lm_list: "",
      }))
        form.set(k, v);
      form.set("lm_csv", new File([csv], "pincodes.csv", { type: "text/csv" }));
      // scripts/server.ts reads a multipart body whole at the edge and gives Remix those bytes (decision 018).
      const probe = new Request("http://console.test/", { method: "POST", body: form });
      const body = new Uint8Array(await probe.arrayBuffer());
      const request = new Request(`http://console.test/all-users/${clientId}/courier-rules/select/new`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": probe.headers.get("Content-Type")! },
        body,
      });
      const answer = await selectEditorAction({
        request,
        params: { id: String(clientId), ruleId: "new" },
        context: {},
      });
      return answer instanceof Response
        ? answer
        : new Response(JSON.stringify((answer as { data: unknown }).data), {
            status: (answer as { init?: { status?: number } }).init?.status ?? 200,
          });
    }

    async function signedIn() {
      useAsAppDb(h);
      return (await startSession(h.db, new Request("http://console.test/sign-in"), actors.vp.id)).split(";")[0];
    }
    /** The editor's form as a browser posts it from `values` (text fields only: the long lists in 'keep' post nothing). */
    async function postValues(clientId: number, ruleId: number, values: SelectRuleValues) {
      const cookie = await signedIn();
      const form = new FormData();
      form.set("name", values.name);
      form.set("version", values.version);
      form.set("selection", values.selection);
      for (const f of ["product_list", "fm_list", "lm_list"] as const) {
        form.set(f, values[f]);
        if (values.list_mode[f] !== "edit") form.set(`${f}_mode`, values.list_mode[f]);
      }
      for (const z of values.zone_list) form.append("zone_list", z);
      values.lanes.forEach((l, i) => {
        form.set(`lane_from_${i}`, l.from);
        form.set(`lane_to_${i}`, l.to);
      });
      const probe = new Request("http://console.test/", { method: "POST", body: form });
      const body = new Uint8Array(await probe.arrayBuffer());
      const request = new Request(`http://console.test/all-users/${clientId}/courier-rules/select/${ruleId}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": probe.headers.get("Content-Type")! },
        body,
      });
      const answer = await selectEditorAction({
        request,
        params: { id: String(clientId), ruleId: String(ruleId) },
        context: {},
      });
      return answer instanceof Response
        ? answer
        : new Response(JSON.stringify((answer as { data: unknown }).data), {
            status: (answer as { init?: { status?: number } }).init?.status ?? 200,
          });
    }

    it("the editor of a rule with 100,000 pincodes sends a summary, not the list; saving with 'keep' keeps it exactly; a stale keep is refused", async () => {
      const { text, pins } = pincodeCsv(100_000);
      const saved = await saveSelectRule(h.db, actors.vp, {
        clientId,
        ruleId: null,
        values: laneRule("Kept 100k", { from: "", to: "" }, { lm_list: text, fm_list: "110001" }),
      });
      if (!saved.ok) throw new Error(saved.message);
      const cookie = await signedIn();
      const request = new Request(`http://console.test/all-users/${clientId}/courier-rules/select/${saved.id}`, {
        headers: { Cookie: cookie },
      });
      const page = await selectEditorLoader({
        request,
        params: { id: String(clientId), ruleId: String(saved.id) },
        context: {},
      });
      // What the page carries (its markup and hydration data are drawn from this): a few KB, where the list alone is ~800 KB.
      expect(JSON.stringify(page).length).toBeLessThan(8_000);
      expect(page.values.lm_list).toBe("");
      expect(page.values.list_mode.lm_list).toBe("keep");
      expect(page.values.fm_list).toBe("110001");
      expect(page.lists).toEqual({ lm_list: { count: 100_000, head: pins.slice(0, 5) } });
      // PostgreSQL cuts the long list to its first entries; short lists come whole.
      const read = (await getSelectRuleForEditor(h.db, clientId, saved.id))!;
      expect(read.sizes).toEqual({ product_list: 0, fm_list: 1, lm_list: 100_000 });
      expect(read.rule.criterias.pincode_list).toEqual({ fm: ["110001"], lm: pins.slice(0, 5) });

      const kept = await postValues(clientId, saved.id, { ...page.values, zone_list: ["B"] });
      expect(kept.status).toBe(302);
      const after = (await getSelectRule(h.db, clientId, saved.id))!;
      expect(after.rule.criterias.pincode_list).toEqual({ fm: ["110001"], lm: pins });
      expect(after.rule.criterias.zone_list).toEqual({ list: ["B"] });
      expect(after.version).toBe(Number(page.values.version) + 1);

      // The same page posted again: its version is stale, so 409 with the current values (still a summary), nothing saved.
      const stale = await postValues(clientId, saved.id, {
        ...page.values,
        list_mode: { ...page.values.list_mode, lm_list: "clear" },
      });
      expect(stale.status).toBe(409);
      // docs/forms.md: the refusal's `current` is the rule as stored now, in the editor's values.
      const answer = (await stale.json()) as { message: string; current: SelectRuleValues };
      expect(answer.message).toBe(
        "Someone else saved this rule meanwhile: nothing was saved. The form now shows the rule as stored.",
      );
      expect(answer.current.lm_list).toBe("");
      expect(answer.current.list_mode.lm_list).toBe("keep");
      expect((await getSelectRule(h.db, clientId, saved.id))!.rule.criterias.pincode_list?.lm).toEqual(pins);

      // Keep with a new list typed in is refused (the person must choose Replace); Replace with nothing is refused.
      const current = valuesOfRule(after.rule, after.version);
      const ambiguous = await postValues(clientId, saved.id, { ...current, lm_list: "560001" });
      expect(ambiguous.status).toBe(400);
      expect(await ambiguous.json()).toMatchObject({
        fieldErrors: { lm_list: "To use this new list choose 'Replace it'; 'Keep' saves the stored list unchanged." },
      });
      const replaced = await postValues(clientId, saved.id, {
        ...current,
        lm_list: "560001, 560002",
        list_mode: { ...current.list_mode, lm_list: "replace" },
      });
      expect(replaced.status).toBe(302);
      expect((await getSelectRule(h.db, clientId, saved.id))!.rule.criterias.pincode_list).toEqual({
        fm: ["110001"],
        lm: ["560001", "560002"],
      });

      // The whole list downloads as a one-column CSV through the one CSV writer (header as the upload expects).
      const restored = await saveSelectRule(h.db, actors.vp, {
        clientId,
        ruleId: saved.id,
        values: {
          ...valuesOfRule((await getSelectRule(h.db, clientId, saved.id))!.rule, after.version + 1),
          lm_list: text,
        },
      });
      expect(restored.ok).toBe(true);
      const csv = await selectListCsvLoader({
        request: new Request(
          `http://console.test/all-users/${clientId}/courier-rules/select/${saved.id}/lists/lm_list`,
          { headers: { Cookie: cookie } },
        ),
        params: { id: String(clientId), ruleId: String(saved.id), list: "lm_list" },
        context: {},
      });
      expect(csv.headers.get("Content-Disposition")).toContain("Kept_100k_lm_list.csv");
      expect(await csv.text()).toBe(`pincode\r\n${pins.join("\r\n")}\r\n`);
    });

    it("a 100,000-line CSV upload redirects with 'Rule created successfully!' (it was a 500: the multipart parser overflowed the stack)", async () => {
      const answer = await upload(clientId, "Uploaded 100k", pincodeCsv(100_000).text);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/all-users/${clientId}/courier-rules?panel=pickrr_select`);
      const flash = await getCookieSession(
        new Request("http://console.test/", { headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0] } }),
      );
      expect(flash.get("toast")).toMatchObject({ kind: "success", message: "Rule created successfully!" });
      const listed = (await selectRuleList(h.db, clientId)).find((r) => r.name === "Uploaded 100k")!;
      expect(listed.summary.criteria).toBe("1,00,000 destination pincodes");
    });

    it("a 100,001-line CSV upload is 400 with 'A list may hold at most 1,00,000 entries.'", async () => {
      const answer = await upload(clientId, "Uploaded 100k + 1", pincodeCsv(100_001).text);
      expect(answer.status).toBe(400);
      // docs/forms.md: field errors beside their fields (the page heads them with "Some form fields are invalid.").
      expect(await answer.json()).toMatchObject({
        status: 400,
        fieldErrors: { lm_list: "A list may hold at most 1,00,000 entries." },
      });
      expect((await selectRuleList(h.db, clientId)).some((r) => r.name === "Uploaded 100k + 1")).toBe(false);
    });
  });
});

describe("advantage selection: the editor's option reaches the quote engine", () => {
  it("an advantage rule stores standard '_0' and promise '_85' and the quote picks the cheapest courier keeping the zone's promised days", async () => {
    // Delhi → Guwahati (zone E, 8 days promised), for a client whose cheapest courier there breaks
    // the promise while another keeps it, so advantage and cheapest choose differently.
    const toGuwahati = calcInput({ drop_pincode: "781001" });
    const quoteE = async (id: number) => {
      const q = await quoteForClient(h.db, id, toGuwahati, NOW);
      if (!q.ok) throw new Error(q.message);
      return q.quote;
    };
    let clientId: number | undefined;
    for (const id of spare) {
      const q = await quoteForClient(h.db, id, toGuwahati, NOW);
      if (!q.ok) continue;
      const days = ZONE_TAT_DAYS[q.quote.billing_zone];
      if (q.quote.rate_list[0]?.tat_days > days && q.quote.rate_list.some((e) => e.tat_days <= days)) clientId = id;
    }
    if (clientId === undefined)
      throw new Error("no seeded client whose cheapest courier to Guwahati breaks the promise");
    spare = spare.filter((id) => id !== clientId);
    const plain = await quoteE(clientId);
    const promised = ZONE_TAT_DAYS[plain.billing_zone];
    const keeping = plain.rate_list.filter((e) => e.tat_days <= promised);
    // rate_list is in price order, so the first keeping the promise is the cheapest of them.
    const expected = keeping[0];
    expect(expected.courier).not.toBe(plain.rate_list[0].courier);

    expect(await updateUserPriorityEngineType(h.db, actors.vp, { clientId, rule_code: "5" })).toMatchObject({
      ok: true,
    });
    await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
    const saved = await saveSelectRule(h.db, actors.avp, {
      clientId,
      ruleId: null,
      values: laneRule("Advantage prepaid", { from: "", to: "" }, { order_type: ["prepaid"], selection: "advantage" }),
    });
    if (!saved.ok) throw new Error(saved.message);
    const [row] = await h.db.select().from(pickrrSelectRules).where(eq(pickrrSelectRules.id, saved.id));
    expect(row.courier).toEqual({
      courier_selection_rule_type: "advantage",
      active_parent: [],
      bl_parent: [],
      standard: "_0",
      promise: "_85",
    });
    expect((await selectRuleList(h.db, clientId))[0].summary.selection).toBe("advantage (standard _0, promise _85)");

    const q = await quoteE(clientId);
    expect(q.rate_list.filter((e) => e.is_priority).map((e) => e.courier)).toEqual([expected.courier]);
    expect(q.explanation.join("\n")).toContain(
      `Selection type advantage (standard '_0', promise '_85'): zone ${plain.billing_zone} promises delivery in ${promised} days`,
    );
    // The editor reopens it on advantage.
    const stored = (await getSelectRule(h.db, clientId, saved.id))!;
    expect(valuesOfRule(stored.rule, stored.version).selection).toBe("advantage");
  });
});

describe("one system: Courier Rules → the Rate Calculator's engine", () => {
  it("a Pickrr Select rule on the lane makes its courier Priority, naming the rule; deactivating the courier skips it and says why; blacklisting it skips it", async () => {
    const clientId = take();
    const plain = await quoted(h.db, clientId);
    // Not the cheapest, so the rule (not the fallback) is what chooses it.
    const target = plain.rate_list[plain.rate_list.length - 1];
    expect(plain.rate_list.length).toBeGreaterThanOrEqual(2);
    const lane = { from: plain.pickup.city, to: plain.drop.state };
    expect(await updateUserPriorityEngineType(h.db, actors.vp, { clientId, rule_code: "5" })).toMatchObject({
      ok: true,
    });
    await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
    const saved = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: null,
      values: laneRule("Lane to the south", lane, {
        selection: "priority",
        priority_list: [target.courier, "", "", "", ""],
      }),
    });
    if (!saved.ok) throw new Error(saved.message);

    const chosen = await quoted(h.db, clientId);
    expect(chosen.rule_code).toBe("5");
    expect(chosen.rate_list.filter((e) => e.is_priority).map((e) => e.courier)).toEqual([target.courier]);
    expect(chosen.explanation.join("\n")).toContain("rule 'Lane to the south'");

    const brand = (await fetchActiveBlUserCourierList(h.db, clientId, { filter: "all", q: "" })).courier_list.find(
      (c) => c.courier_ids.includes(target.courier_id),
    )!;
    expect(
      await activateBlUserCourier(h.db, actors.vp, { clientId, courierId: brand.courier_id, isActivate: false }),
    ).toMatchObject({
      ok: true,
      changed: true,
    });
    const off = await quoted(h.db, clientId);
    expect(off.rate_list.map((e) => e.courier_id)).not.toContain(target.courier_id);
    expect(off.skipped.find((s) => s.courier_id === target.courier_id)?.reasons).toContain(
      "not active for this client",
    );
    expect(off.explanation.join("\n")).toContain(`${target.courier} passed over`);
    await activateBlUserCourier(h.db, actors.vp, { clientId, courierId: brand.courier_id, isActivate: true });

    const stored = (await getSelectRule(h.db, clientId, saved.id))!;
    const blacklisted = await saveSelectRule(h.db, actors.vp, {
      clientId,
      ruleId: saved.id,
      values: { ...valuesOfRule(stored.rule, stored.version), bl_list: [target.courier] },
    });
    expect(blacklisted.ok).toBe(true);
    const blocked = await quoted(h.db, clientId);
    expect(blocked.rate_list.map((e) => e.courier_id)).toContain(target.courier_id);
    expect(blocked.rate_list.find((e) => e.courier_id === target.courier_id)!.is_priority).toBe(false);
    expect(blocked.explanation.join("\n")).toContain(`Blacklisted by the rule: `);
    expect(blocked.explanation.join("\n")).toContain(target.courier);
  });
});
