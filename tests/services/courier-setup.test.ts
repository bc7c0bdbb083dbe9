/**
 * Courier setup (issue 13) on a real seeded database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the All Couriers figures and filters, the courier toggle with its audit
 * row, e-mail and effect on the very next quote, and who is refused.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as allCouriersAction } from "~/routes/_app.all-users.$id.courier-setup";
import { startSession } from "~/services/auth/session.server";
import type { StaffRole } from "~/services/core/roles";
import {
  activateBlUserCourier,
  fetchActiveBlUserCourierList,
  type CourierSetupActor,
} from "~/services/courier-setup/all-couriers.server";
import type { DbHandle } from "~/services/db/client.server";
import {
  auditLog,
  clientCourierServices,
  clients,
  mailOutbox,
  staff,
} from "~/services/db/schema";
import { parseCalculator } from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";
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

export function calcInput(overrides: Record<string, string> = {}) {
  const parsed = parseCalculator({
    shipment_type: "forward",
    pickup_pincode: "110001",
    drop_pincode: "560001",
    delivery_mode: "express",
    length: "10",
    breadth: "10",
    height: "10",
    weight: "0.5",
    payment_mode: "prepaid",
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

export async function quoted(db: DbHandle["db"], clientId: number) {
  const q = await quoteForClient(db, clientId, calcInput(), NOW);
  if (!q.ok) throw new Error(q.error.message);
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
    if (
      q.ok &&
      new Set(q.quote.rate_list.map((e) => e.courier.split(" ")[0])).size >= 2
    )
      spare.push(id);
  }
  expect(spare.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

describe("All Couriers: figures and filters", () => {
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
    expect(
      data.courier_list.flatMap((c) => c.courier_ids).sort((a, b) => a - b)
    ).toEqual(services.map((s) => s.courier_service_id).sort((a, b) => a - b));
    const { counts } = data;
    expect(counts.allCourier).toBe(data.courier_list.length);
    expect(counts.activeCourier + counts.inActiveCourier).toBe(
      counts.allCourier
    );
    expect(counts.expressCourier + counts.regularCourier).toBe(
      counts.allCourier
    );
    expect(data.courier_list.map((c) => c.courier_name)).toEqual(
      [...data.courier_list.map((c) => c.courier_name)].sort((a, b) =>
        a.localeCompare(b)
      )
    );
    for (const c of data.courier_list) {
      const lm = await h.db.execute<{ n: number }>(
        sql`select count(*)::int as n from courier_serviceability where courier_id = ${c.courier_id} and lm_delivery`
      );
      expect(c.serviceable_pin_codes).toBe(Number(lm.rows[0].n));
      expect(c.type).toBe(
        c.rate_list.some((s) => s.has_surface) ? "regular" : "express"
      );
      for (const s of c.rate_list)
        for (const r of s.rates) expect(r.shipment_type).toBe("FORWARD");
    }
  });

  it("filters by status, type and courier name", async () => {
    const clientId = spare[0];
    const all = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: "",
    });
    for (const filter of [
      "active",
      "inactive",
      "express",
      "regular",
    ] as const) {
      const { courier_list } = await fetchActiveBlUserCourierList(
        h.db,
        clientId,
        { filter, q: "" }
      );
      const want = all.courier_list.filter((c) =>
        filter === "active" || filter === "inactive"
          ? c.status === filter
          : c.type === filter
      );
      expect(courier_list.map((c) => c.courier_id)).toEqual(
        want.map((c) => c.courier_id)
      );
    }
    const first = all.courier_list[0];
    const searched = await fetchActiveBlUserCourierList(h.db, clientId, {
      filter: "all",
      q: `  ${first.courier_name.toUpperCase()} `,
    });
    expect(searched.courier_list.map((c) => c.courier_id)).toContain(
      first.courier_id
    );
    expect(
      (
        await fetchActiveBlUserCourierList(h.db, clientId, {
          filter: "all",
          q: "no such courier",
        })
      ).courier_list
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
    const brand = list.courier_list.find((c) =>
      c.courier_ids.includes(victim.courier_id)
    )!;
    const ids = [...brand.courier_ids].sort((a, b) => a - b);
    const mailsBefore = (
      await h.db.select({ id: mailOutbox.id }).from(mailOutbox)
    ).length;

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
    expect(after.rate_list.map((e) => e.courier_id)).not.toContain(
      victim.courier_id
    );
    expect(
      after.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons
    ).toContain("not active for this client");

    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.client_id, clientId),
          eq(auditLog.entity, "courier_activation")
        )
      )
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

    const mails = await h.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id));
    expect(mails.length).toBe(mailsBefore + 1);
    const [client] = await h.db
      .select()
      .from(clients)
      .where(eq(clients.id, clientId));
    expect(mails[0].subject).toBe(
      `Courier deactivated: ${client.company_name}`
    );
    expect(mails[0].to).toContain("vp@demo.test");
    expect(mails[0].text).toContain(brand.courier_name);

    const stored = await h.db
      .select()
      .from(clientCourierServices)
      .where(eq(clientCourierServices.client_id, clientId));
    const wasActive = new Map(
      list.courier_list.flatMap((c) =>
        c.rate_list.map((r) => [r.courier_service_id, r.is_active] as const)
      )
    );
    for (const s of stored)
      expect(s.is_active).toBe(
        ids.includes(s.courier_service_id)
          ? false
          : wasActive.get(s.courier_service_id)
      );

    // The same state again changes nothing and writes nothing.
    expect(
      await activateBlUserCourier(h.db, actors.vp, {
        clientId,
        courierId: brand.courier_id,
        isActivate: false,
      })
    ).toEqual({ ok: true, changed: false, courier: brand.courier_name });
    const on = await activateBlUserCourier(h.db, actors.vp, {
      clientId,
      courierId: brand.courier_id,
      isActivate: true,
    });
    expect(on.ok && on.changed).toBe(true);
    expect(
      (await quoted(h.db, clientId)).rate_list.map((e) => e.courier_id)
    ).toContain(victim.courier_id);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.client_id, clientId),
          eq(auditLog.entity, "courier_activation")
        )
      );
    expect(audits.map((a) => a.action)).toEqual(["deactivate", "activate"]);
  });

  it.each(["kam", "avp", "bdm", "tl", "legal"] as const)(
    "%s is refused (403) and nothing changes",
    async (role) => {
      const clientId = spare[1];
      const { courier_list } = await fetchActiveBlUserCourierList(
        h.db,
        clientId,
        { filter: "active", q: "" }
      );
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
        ).courier_list.map((c) => c.courier_id)
      ).toEqual(courier_list.map((c) => c.courier_id));
      expect(
        await h.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.client_id, clientId),
              eq(auditLog.entity, "courier_activation")
            )
          )
      ).toEqual([]);
    }
  );

  it("a courier the client does not have is 404", async () => {
    expect(
      await activateBlUserCourier(h.db, actors.vp, {
        clientId: spare[1],
        courierId: 999999,
        isActivate: false,
      })
    ).toMatchObject({ ok: false, status: 404 });
  });

  describe("through the route", () => {
    afterEach(() => useAsAppDb(undefined));
    async function post(
      role: StaffRole,
      clientId: number,
      form: Record<string, string>
    ) {
      useAsAppDb(h);
      const cookie = (
        await startSession(
          h.db,
          new Request("http://console.test/sign-in"),
          actors[role].id
        )
      ).split(";")[0];
      const request = new Request(
        `http://console.test/all-users/${clientId}/courier-setup`,
        {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams(form),
        }
      );
      try {
        return await allCouriersAction({
          request,
          params: { id: String(clientId) },
          context: {},
        });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    it("tl's post is 403 whatever it says; vp's bad post is 400; vp's good post redirects back to the same filter", async () => {
      const clientId = take();
      const { courier_list } = await fetchActiveBlUserCourierList(
        h.db,
        clientId,
        { filter: "active", q: "" }
      );
      const form = {
        intent: "toggle",
        courier_id: String(courier_list[0].courier_id),
        is_activate: "false",
        filter: "active",
        q: "",
      };
      expect((await post("tl", clientId, form)).status).toBe(403);
      expect((await post("avp", clientId, form)).status).toBe(403);
      expect(
        (await post("vp", clientId, { ...form, courier_id: "abc" })).status
      ).toBe(400);
      const ok = await post("vp", clientId, form);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("Location")).toBe(
        `/all-users/${clientId}/courier-setup?filter=active`
      );
      const now = await fetchActiveBlUserCourierList(h.db, clientId, {
        filter: "inactive",
        q: "",
      });
      expect(now.courier_list.map((c) => c.courier_id)).toContain(
        courier_list[0].courier_id
      );
    });
  });
});
