/**
 * Courier package limits (decision 071) on a real seeded database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): every seeded service has its limits; the quote leaves out a service a
 * shipment exceeds and says why; the order API refuses an order no service can carry (422,
 * naming the limits); a vp's edit through All Couriers is stored, audited and seen by the next
 * quote; anyone else is refused 403 and nothing changes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { and, eq, isNotNull, like, or, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { action as allCouriersAction } from "~/routes/_app.all-users.$id.courier-setup";
import { action as ordersApiAction } from "~/routes/api.orders";
import { loader as calculatorJsonLoader } from "~/routes/houston-ratecard.shipment-calculator-v3";
import { startSession } from "~/services/auth/session.server";
import type { StaffRole } from "~/services/core/roles";
import type { CourierSetupActor } from "~/services/courier-setup/all-couriers.server";
import { updateCourierLimits } from "~/services/courier-setup/courier-limits.server";
import { CHARGEABLE_BELOW_DEAD, LIMITS_STALE } from "~/services/courier-setup/courier-limits-form";
import { type DbHandle, MIGRATIONS_FOLDER } from "~/services/db/client.server";
import { auditLog, clientCourierServices, clients, courierServices, orders, staff } from "~/services/db/schema";
import { placeOrder } from "~/services/orders/place.server";
import { type OrderRequest, parseOrder } from "~/services/orders/place-form";
import { NO_SERVICE_CARRIES } from "~/services/quote/limits";
import { quoteForClient } from "~/services/quote/quote.server";
import { COURIER_LIMIT_DEFAULTS, COURIER_SERVICES } from "~/services/seed/demo-data";

import { calculatorInput } from "../support/calculator";
import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
const actors = {} as Record<StaffRole, CourierSetupActor>;
const NOW = new Date("2026-11-20T04:30:00Z");
/** The air kind's default limits (decision 071): the service the tests measure has them. */
const AIR = COURIER_LIMIT_DEFAULTS.air;
const hasAirDefaults = (courierId: number) => {
  const spec = COURIER_SERVICES.find((s) => s.id === courierId);
  return (
    spec?.max_dead_weight === AIR.max_dead_weight &&
    spec.max_chargeable_weight === AIR.max_chargeable_weight &&
    spec.max_side === AIR.max_side
  );
};
/**
 * A client of the demo vp with a token, and an air-only service of it with the air kind's
 * limits (not one with its courier's published own) that quotes Delhi → Bengaluru at 1 kg.
 */
let clientId: number;
let token: string;
let air: { id: number; name: string };

const quoted = async (overrides: Record<string, string>) => {
  const q = await quoteForClient(h.db, clientId, calculatorInput(overrides), NOW);
  if (!q.ok) throw new Error(q.message);
  return q.quote;
};

function order(extra: Record<string, unknown> = {}): OrderRequest {
  const parsed = parseOrder({
    pickup_pincode: "110001",
    drop_pincode: "560001",
    payment_mode: "prepaid",
    invoice_value: 899,
    weight: 1,
    length: 20,
    breadth: 15,
    height: 10,
    items: [{ name: "Dumbbell set", sku: "D-1", quantity: 1 }],
    customer_name: "Priya Sharma",
    customer_phone: "9876543210",
    customer_address: "12 MG Road, Bengaluru",
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.order;
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
    .select({ id: clients.id, token: clients.auth_token })
    .from(clients)
    .where(and(eq(clients.vp_id, actors.vp.id), isNotNull(clients.auth_token)))
    .orderBy(clients.id)
    .limit(60);
  for (const c of candidates) {
    clientId = c.id;
    const q = await quoted({ weight: "1" });
    const entry = q.rate_list.find((e) => e.is_air && !e.has_surface && hasAirDefaults(e.courier_id));
    if (entry) {
      air = { id: entry.courier_id, name: entry.courier };
      token = c.token!;
      break;
    }
  }
  expect(air).toBeDefined();
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

describe("seeded limits", () => {
  it("every courier service has the limits the seed gives it", async () => {
    const rows = await h.db.select().from(courierServices);
    expect(rows.length).toBe(COURIER_SERVICES.length);
    for (const spec of COURIER_SERVICES) {
      const row = rows.find((r) => r.id === spec.id)!;
      expect([Number(row.max_dead_weight), Number(row.max_chargeable_weight), Number(row.max_side)], spec.name).toEqual(
        [spec.max_dead_weight, spec.max_chargeable_weight, spec.max_side],
      );
    }
    const smartrAir = rows.find((r) => r.name === "Smartr Air 0.5kg")!;
    expect(Number(smartrAir.max_dead_weight)).toBe(AIR.max_dead_weight);
    // Published figures (decision 071): Amazon Shipping's 18 kg box, India Post's 1 m parcel.
    const amazon = rows.find((r) => r.name === "Amazon Shipping Surface 0.5kg")!;
    expect([Number(amazon.max_dead_weight), Number(amazon.max_side)]).toEqual([18, 70]);
    const parcel = rows.find((r) => r.name === "India Post Registered Parcel 1kg")!;
    expect(Number(parcel.max_side)).toBe(100);
  });
});

describe("the quote", () => {
  it("leaves out the air service for 40 kg and says why; at exactly its limit it is quoted", async () => {
    const heavy = await quoted({ weight: "40" });
    expect(heavy.rate_list.map((e) => e.courier_id)).not.toContain(air.id);
    expect(heavy.over_limits).toContainEqual({
      courier_id: air.id,
      courier: air.name,
      reasons: [`over its ${AIR.max_dead_weight} kg limit (dead weight 40 kg)`],
    });
    const atLimit = await quoted({ weight: String(AIR.max_dead_weight) });
    expect(atLimit.rate_list.map((e) => e.courier_id)).toContain(air.id);
  });

  it("leaves it out for a side over its limit, and for a chargeable weight over its limit", async () => {
    const long = await quoted({ weight: "1", length: String(AIR.max_side + 1) });
    expect(long.over_limits.find((s) => s.courier_id === air.id)?.reasons).toEqual([
      `over its ${AIR.max_side} cm side limit (longest side ${AIR.max_side + 1} cm)`,
    ]);
    // 100 × 60 × 45 cm = 54 kg at divisor 5000.
    const bulky = await quoted({ weight: "5", length: "100", breadth: "60", height: "45" });
    const reasons = bulky.over_limits.find((s) => s.courier_id === air.id)?.reasons ?? [];
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(
      new RegExp(
        `^over its ${AIR.max_chargeable_weight} kg chargeable weight limit \\(chargeable weight 5\\d(\\.\\d+)? kg at divisor \\d+\\)$`,
      ),
    );
  });
});

describe("the shipment-calculator-v3 JSON", () => {
  it("lists the air service under excluded with its sentence, not in rate_list", async () => {
    const url = new URL("http://console.test/houston-ratecard/shipment-calculator-v3/");
    const query = { auth_token: token, shipment_type: "forward", pickup_pincode: "110001", drop_pincode: "560001" };
    for (const [k, v] of Object.entries({ ...query, length: "10", breadth: "10", height: "10", weight: "40" }))
      url.searchParams.set(k, v);
    useAsAppDb(h);
    try {
      const res = (await calculatorJsonLoader({ request: new Request(url), params: {}, context: {} })) as Response;
      expect(res.status).toBe(200);
      const { result } = (await res.json()) as {
        result: { rate_list: { courier_id: number }[]; excluded: { courier_id: number; reasons: string[] }[] };
      };
      expect(result.rate_list.map((e) => e.courier_id)).not.toContain(air.id);
      expect(result.excluded).toContainEqual({
        courier: air.name,
        courier_id: air.id,
        reasons: [`${air.name}: over its ${AIR.max_dead_weight} kg limit (dead weight 40 kg).`],
      });
    } finally {
      useAsAppDb(undefined);
    }
  });
});

describe("the order API", () => {
  it("refuses an order no active service can carry with a 422 naming each limit, and stores nothing", async () => {
    const countOrders = async () =>
      (await h.db.select({ id: orders.id }).from(orders).where(eq(orders.client_id, clientId))).length;
    const before = await countOrders();
    const answer = await placeOrder(h.db, clientId, order({ weight: 300 }), { now: NOW });
    expect(answer.status).toBe(422);
    const err = "err" in answer.body ? answer.body.err : "";
    expect(err.startsWith(NO_SERVICE_CARRIES)).toBe(true);
    expect(err).toContain(`${air.name}: over its ${AIR.max_dead_weight} kg limit (dead weight 300 kg).`);
    expect(await countOrders()).toBe(before);
  });

  it("answers the same through POST /api/orders, and places a 1 kg order", async () => {
    const post = (body: unknown) =>
      ordersApiAction({
        request: new Request("http://console.test/api/orders", {
          method: "POST",
          headers: { Authorization: `Token ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        params: {},
        context: {},
      });
    useAsAppDb(h);
    try {
      const base = {
        pickup_pincode: "110001",
        drop_pincode: "560001",
        payment_mode: "prepaid",
        invoice_value: 899,
        length: 20,
        breadth: 15,
        height: 10,
        items: [{ name: "Dumbbell set", sku: "D-1", quantity: 1 }],
        customer_name: "Priya Sharma",
        customer_phone: "9876543210",
        customer_address: "12 MG Road, Bengaluru",
      };
      const refused = (await post({ ...base, weight: 300 })) as Response;
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { err: string }).err).toContain(
        `over its ${AIR.max_dead_weight} kg limit (dead weight 300 kg)`,
      );
      const placed = (await post({ ...base, weight: 1 })) as Response;
      expect(placed.status).toBe(201);
    } finally {
      useAsAppDb(undefined);
    }
  });
});

describe("editing limits on All Couriers", () => {
  afterEach(() => useAsAppDb(undefined));

  async function post(role: StaffRole, form: Record<string, string>) {
    useAsAppDb(h);
    const cookie = (await startSession(h.db, new Request("http://console.test/sign-in"), actors[role].id)).split(
      ";",
    )[0];
    const request = new Request(`http://console.test/all-users/${clientId}/courier-setup?limits=${air.id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(form),
    });
    try {
      const answer = await allCouriersAction({ request, params: { id: String(clientId) }, context: {} });
      if (answer instanceof Response) {
        const json = answer.headers.get("Content-Type")?.includes("json");
        return {
          status: answer.status,
          location: answer.headers.get("Location"),
          data: json ? ((await answer.json()) as Record<string, unknown>) : undefined,
        };
      }
      const { data, init } = answer as unknown as { data: Record<string, unknown>; init?: { status?: number } };
      return { status: init?.status ?? 200, data };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status };
      throw thrown;
    }
  }
  const stored = async () => (await h.db.select().from(courierServices).where(eq(courierServices.id, air.id)))[0];
  const form = (over: Record<string, string> = {}) => ({
    intent: "limits",
    courier_service_id: String(air.id),
    limits_version: "1",
    max_dead_weight: "45",
    max_chargeable_weight: "60",
    max_side: "130",
    filter: "all",
    q: "",
    ...over,
  });

  it.each(["kam", "avp", "bdm", "tl", "legal"] as const)("%s is refused 403 and nothing changes", async (role) => {
    const before = await stored();
    expect((await post(role, form({ limits_version: String(before.limits_version) }))).status).toBe(403);
    expect(
      await updateCourierLimits(h.db, actors[role], clientId, {
        courier_service_id: air.id,
        limits_version: before.limits_version,
        max_dead_weight: "45.000",
        max_chargeable_weight: "60.000",
        max_side: "130.00",
      }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(await stored()).toEqual(before);
  });

  it("a bad value is a 400 with the message by its field, and nothing changes", async () => {
    const before = await stored();
    const answer = await post("vp", form({ max_dead_weight: "abc", max_side: "0" }));
    expect(answer.status).toBe(400);
    expect((answer.data as { fieldErrors?: object })?.fieldErrors).toMatchObject({
      max_dead_weight: "The max dead weight must be a number with at most 3 decimals.",
      max_side: "The max side must be more than 0.",
    });
    const below = await post("vp", form({ max_dead_weight: "45", max_chargeable_weight: "40" }));
    expect((below.data as { fieldErrors?: object })?.fieldErrors).toMatchObject({
      max_chargeable_weight: CHARGEABLE_BELOW_DEAD,
    });
    expect(await stored()).toEqual(before);
  });

  it("vp's edit is stored, audited, and the next quote carries 40 kg on the service; a stale form is refused 409", async () => {
    const before = await stored();
    expect((await quoted({ weight: "40" })).rate_list.map((e) => e.courier_id)).not.toContain(air.id);

    const saved = await post("vp", form({ limits_version: String(before.limits_version) }));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/all-users/${clientId}/courier-setup`);
    const after = await stored();
    expect([after.max_dead_weight, after.max_chargeable_weight, after.max_side, after.limits_version]).toEqual([
      "45.000",
      "60.000",
      "130.00",
      before.limits_version + 1,
    ]);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "courier_limits"), eq(auditLog.entity_id, String(air.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staff_email: "vp@demo.test",
      staff_role: "vp",
      client_id: clientId,
      action: "update",
      old_value: {
        courier_service: air.name,
        max_dead_weight: before.max_dead_weight,
        max_chargeable_weight: before.max_chargeable_weight,
        max_side: before.max_side,
        limits_version: before.limits_version,
      },
      new_value: {
        courier_service: air.name,
        max_dead_weight: "45.000",
        max_chargeable_weight: "60.000",
        max_side: "130.00",
        limits_version: before.limits_version + 1,
      },
    });
    expect((await quoted({ weight: "40" })).rate_list.map((e) => e.courier_id)).toContain(air.id);

    // The same form again, with the version it was opened at: refused, the stored values kept and shown.
    const stale = await post("vp", form({ limits_version: String(before.limits_version), max_dead_weight: "20" }));
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ message: LIMITS_STALE, current: { max_dead_weight: "45.000" } });
    expect(await stored()).toEqual(after);
  });

  it("a service the client does not have is a 404", async () => {
    const mine = await h.db
      .select({ id: clientCourierServices.courier_service_id })
      .from(clientCourierServices)
      .where(eq(clientCourierServices.client_id, clientId));
    const missing = COURIER_SERVICES.find((s) => !mine.some((m) => m.id === s.id))?.id ?? 99_999;
    expect(
      await updateCourierLimits(h.db, actors.vp, clientId, {
        courier_service_id: missing,
        limits_version: 1,
        max_dead_weight: "1.000",
        max_chargeable_weight: "1.000",
        max_side: "1.00",
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});

describe("migration 0030 (published limits for existing rows)", () => {
  it("gives never-edited services the published figures, moves their version, and keeps a vp's edit", async () => {
    const named = or(
      like(courierServices.name, "Amazon Shipping %"),
      like(courierServices.name, "Trackon %"),
      like(courierServices.name, "India Post Registered Parcel %"),
    );
    // The rows as migration 0025 left them (their kind's figures), one of them edited by a vp since.
    const old = { air: COURIER_LIMIT_DEFAULTS.air, surface: COURIER_LIMIT_DEFAULTS.surface };
    for (const spec of COURIER_SERVICES.filter((s) => /^(Amazon Shipping|Trackon) /.test(s.name))) {
      const kind = spec.has_surface ? old.surface : old.air;
      await h.db
        .update(courierServices)
        .set({
          max_dead_weight: String(kind.max_dead_weight),
          max_chargeable_weight: String(kind.max_chargeable_weight),
          max_side: String(kind.max_side),
          limits_version: 1,
        })
        .where(eq(courierServices.id, spec.id));
    }
    await h.db
      .update(courierServices)
      .set({ max_side: "150", limits_version: 1 })
      .where(like(courierServices.name, "India Post Registered Parcel %"));
    await h.db
      .update(courierServices)
      .set({ max_dead_weight: "25", limits_version: 3 })
      .where(eq(courierServices.name, "Amazon Shipping Surface 2kg"));

    const file = readFileSync(path.join(MIGRATIONS_FOLDER, "0030_published_courier_limits.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await h.db.execute(sql.raw(statement));

    const rows = await h.db.select().from(courierServices).where(named);
    const byName = (name: string) => {
      const r = rows.find((row) => row.name === name)!;
      return [Number(r.max_dead_weight), Number(r.max_chargeable_weight), Number(r.max_side), r.limits_version];
    };
    // The same figures the seed gives a new database, with the version moved.
    for (const name of [
      "Amazon Shipping Surface 0.5kg",
      "Amazon Shipping Air 0.5kg",
      "Trackon Surface 0.5kg",
      "Trackon Air 0.5kg",
    ]) {
      const spec = COURIER_SERVICES.find((s) => s.name === name)!;
      expect(byName(name), name).toEqual([spec.max_dead_weight, spec.max_chargeable_weight, spec.max_side, 2]);
    }
    expect(byName("Trackon Surface 0.5kg")).toEqual([80, 80, 180, 2]);
    expect(byName("Trackon Air 0.5kg")).toEqual([80, 80, 110, 2]);
    expect(byName("India Post Registered Parcel 1kg")).toEqual([20, 20, 100, 2]);
    // The vp's edit stays as it was.
    expect(byName("Amazon Shipping Surface 2kg")).toEqual([
      25,
      old.surface.max_chargeable_weight,
      old.surface.max_side,
      3,
    ]);
  });
});
