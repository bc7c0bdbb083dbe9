/**
 * The quote and serviceability services on a real seeded database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): seeded coverage, eligibility filters, rules read from the tables,
 * cache invalidation on change, the pincode check and the CSV record streams.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/services/db/client.server";
import {
  clientCourierServices,
  clientRuleSettings,
  courierServiceability,
  courierServices,
  couriers,
  customPriorityRules,
  pickrrSelectRules,
  pincodes,
  rateRows,
} from "~/services/db/schema";
import { parseCalculator, type CalculatorInput } from "~/services/quote/calculator-form";
import { priceShipment, rateRowFromColumns } from "~/services/quote/pricing";
import { zoneOf } from "~/services/quote/zone";
import { checkPincodeServiceability, clientByAuthToken, courierPincodeRecords, quoteForClient, serviceablePincodeRecords } from "~/services/quote/quote.server";
import { openTestDb } from "../support/db";

let h: DbHandle;
const NOW = new Date("2026-11-20T04:30:00Z"); // 10:00 IST: picked up the same day

function calc(overrides: Record<string, string> = {}): CalculatorInput {
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

/** A client whose active express services deliver Delhi → Bengaluru, with its rule set to `code`. */
async function clientWithExpress(minServices = 2): Promise<number> {
  const rows = await h.db.execute<{ client_id: number; n: number }>(sql`
    select ccs.client_id, count(*)::int as n
    from client_courier_services ccs
    join courier_services cs on cs.id = ccs.courier_service_id
    join rate_rows r on r.client_id = ccs.client_id and r.courier_service_id = cs.id and r.shipment_type = 'FORWARD' and r.delivery_type = 'express'
    where ccs.is_active and cs.is_air
    group by ccs.client_id having count(*) >= ${minServices}
    order by ccs.client_id`);
  for (const { client_id } of rows.rows) {
    const q = await quoteForClient(h.db, client_id, calc(), NOW);
    if (q.ok && q.quote.rate_list.length >= minServices) return client_id;
  }
  throw new Error("no client with express couriers on the lane");
}

async function setRuleCode(clientId: number, code: "0" | "3" | "4" | "5") {
  await h.db
    .insert(clientRuleSettings)
    .values({ client_id: clientId, rule_code: code })
    .onConflictDoUpdate({ target: clientRuleSettings.client_id, set: { rule_code: code, version: sql`${clientRuleSettings.version} + 1`, updated_at: sql`now()` } });
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

describe("seeded serviceability and rules", () => {
  it("covers ~20 couriers: national ones 90–98 % of pincodes, regional ones only their states, special zones thinner", async () => {
    const [{ total }] = (await h.db.execute<{ total: number }>(sql`select count(*)::int as total from pincodes`)).rows;
    const perCourier = await h.db.execute<{ name: string; coverage: string; regions: string[]; n: number; outside: number; special: number; special_all: number }>(sql`
      select c.name, c.coverage, c.regions, count(s.pincode)::int as n,
             count(s.pincode) filter (where c.coverage = 'regional' and not (c.regions ? p.state))::int as outside,
             count(s.pincode) filter (where p.is_special_zone)::int as special,
             (select count(*) from pincodes where is_special_zone)::int as special_all
      from couriers c join courier_serviceability s on s.courier_id = c.id join pincodes p on p.pincode = s.pincode
      group by c.id order by c.name`);
    expect(perCourier.rows.length).toBe(20);
    for (const c of perCourier.rows) {
      if (c.coverage === "national") {
        expect(c.n / total, c.name).toBeGreaterThanOrEqual(0.88);
        expect(c.n / total, c.name).toBeLessThanOrEqual(0.985);
        // Thinner in special zones than overall (India Post goes everywhere alike).
        if (c.name !== "India Post") expect(c.special / c.special_all, c.name).toBeLessThan(c.n / total);
      } else {
        expect(c.outside, c.name).toBe(0);
        expect(c.n, c.name).toBeGreaterThan(1000);
      }
    }
    const national = perCourier.rows.filter((c) => c.coverage === "national").map((c) => c.n / total);
    expect(national.filter((s) => s >= 0.9 && s <= 0.98).length).toBeGreaterThanOrEqual(12);
    // Metro pincodes are always served by national couriers.
    const [{ missing }] = (
      await h.db.execute<{ missing: number }>(sql`
        select count(*)::int as missing from pincodes p cross join couriers c
        where p.is_metro and c.coverage = 'national'
          and not exists (select 1 from courier_serviceability s where s.courier_id = c.id and s.pincode = p.pincode)`)
    ).rows;
    expect(missing).toBe(0);
  });

  it("gives clients every selection type, custom rules stored 100…96 and Pickrr Select rules", async () => {
    const codes = await h.db.execute<{ rule_code: string; n: number }>(sql`select rule_code, count(*)::int as n from client_rule_settings group by rule_code order by rule_code`);
    expect(codes.rows.map((r) => r.rule_code)).toEqual(["0", "3", "4", "5"]);
    const custom = await h.db.select().from(customPriorityRules).limit(200);
    expect(custom.length).toBeGreaterThan(0);
    for (const r of custom) r.courier_list.forEach((c, i) => expect(c.priority).toBe(100 - i));
    const select = await h.db.select().from(pickrrSelectRules).limit(200);
    expect(new Set(select.map((r) => r.courier.courier_selection_rule_type))).toEqual(new Set(["cheapest", "fastest", "priority"]));
  });
});

describe("quote for a client", () => {
  it("prices every eligible courier exactly as its rate row says, in zone C for Delhi → Bengaluru", async () => {
    const clientId = await clientWithExpress();
    await setRuleCode(clientId, "3");
    const result = await quoteForClient(h.db, clientId, calc({ weight: "1.2" }), NOW);
    if (!result.ok) throw new Error(result.error.message);
    const q = result.quote;
    expect(q.billing_zone).toBe("C");
    expect(q.chargeable_weight).toBe(1.2);
    const [pickup] = await h.db.select().from(pincodes).where(eq(pincodes.pincode, 110001));
    const [drop] = await h.db.select().from(pincodes).where(eq(pincodes.pincode, 560001));
    expect(zoneOf(pickup, drop)).toBe("C");
    for (const e of q.rate_list) {
      const rows = await h.db
        .select()
        .from(rateRows)
        .where(and(eq(rateRows.client_id, clientId), eq(rateRows.courier_service_id, e.courier_id), eq(rateRows.delivery_type, "express")));
      const forward = rows.find((r) => r.shipment_type === "FORWARD")!;
      const rto = rows.find((r) => r.shipment_type === "FORWARD_RTO") ?? null;
      const expected = priceShipment({
        row: rateRowFromColumns(forward),
        rtoRow: rto ? rateRowFromColumns(rto) : null,
        shipment: { shipment_type: "forward", length: 10, breadth: 10, height: 10, weight: "1.2", payment_mode: "prepaid" },
        zone: "C",
      });
      expect(e.delivered_charges).toBe(expected.delivered_charges);
      expect(e.returned_charges).toBe(expected.returned_charges);
    }
    const cheapest = q.rate_list.find((e) => e.is_cheapest)!;
    expect(Math.min(...q.rate_list.map((e) => e.delivered_charges))).toBe(cheapest.delivered_charges);
    expect(cheapest.is_priority).toBe(true);
    expect(q.rate_list.filter((e) => e.is_fastest)).toHaveLength(1);
  });

  it("skips couriers switched off, without delivery at the drop, or without a surface service for heavy surface — and sees changes at once", async () => {
    const clientId = await clientWithExpress(2);
    const first = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!first.ok) throw new Error("quote failed");
    const victim = first.quote.rate_list[0];

    await h.db
      .update(clientCourierServices)
      .set({ is_active: false })
      .where(and(eq(clientCourierServices.client_id, clientId), eq(clientCourierServices.courier_service_id, victim.courier_id)));
    const off = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!off.ok) throw new Error("quote failed");
    expect(off.quote.rate_list.map((e) => e.courier_id)).not.toContain(victim.courier_id);
    expect(off.quote.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons).toContain("not active for this client");
    await h.db
      .update(clientCourierServices)
      .set({ is_active: true })
      .where(and(eq(clientCourierServices.client_id, clientId), eq(clientCourierServices.courier_service_id, victim.courier_id)));

    // Take the courier's delivery away at the drop: the trigger stamps a new data version.
    const [svc] = await h.db.select({ courier_id: courierServices.courier_id }).from(courierServices).where(eq(courierServices.id, victim.courier_id));
    const [saved] = await h.db.select().from(courierServiceability).where(and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, 560001)));
    await h.db.delete(courierServiceability).where(and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, 560001)));
    const noDelivery = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!noDelivery.ok) throw new Error("quote failed");
    expect(noDelivery.quote.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons).toContain("does not deliver to 560001");
    await h.db.insert(courierServiceability).values(saved);
    const back = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!back.ok) throw new Error("quote failed");
    expect(back.quote.rate_list.map((e) => e.courier_id)).toContain(victim.courier_id);

    // Heavy surface: only services with surface rows and a surface service qualify.
    const heavy = await quoteForClient(h.db, clientId, calc({ delivery_mode: "heavy_surface" }), NOW);
    if (!heavy.ok) throw new Error("quote failed");
    for (const e of heavy.quote.rate_list) expect(e.has_surface).toBe(true);
  });

  it("COD needs COD at the drop; reverse needs reverse pickup and has no returned charges", async () => {
    const clientId = await clientWithExpress(2);
    const [svcOfClient] = (await quoteForClient(h.db, clientId, calc(), NOW).then((r) => (r.ok ? r.quote.rate_list : [])));
    const [svc] = await h.db.select({ courier_id: courierServices.courier_id }).from(courierServices).where(eq(courierServices.id, svcOfClient.courier_id));
    const where = (pin: number) => and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, pin));
    const [dropRow] = await h.db.select().from(courierServiceability).where(where(560001));
    await h.db.update(courierServiceability).set({ cod: false }).where(where(560001));
    const cod = await quoteForClient(h.db, clientId, calc({ payment_mode: "cod", cod_amount: "1500" }), NOW);
    if (!cod.ok) throw new Error("quote failed");
    expect(cod.quote.skipped.find((s) => s.courier_id === svcOfClient.courier_id)?.reasons).toContain("no COD at 560001");
    await h.db.update(courierServiceability).set({ cod: dropRow.cod }).where(where(560001));

    const reverse = await quoteForClient(h.db, clientId, calc({ shipment_type: "reverse", payment_mode: "cod", cod_amount: "999" }), NOW);
    if (!reverse.ok) throw new Error("quote failed");
    expect(reverse.quote.explanation).toContain("Reverse shipment: quoted as express, prepaid, COD value 0.");
    for (const e of reverse.quote.rate_list) {
      expect(e.returned_charges).toBeNull();
      expect(e.cod_charge).toBe(0);
    }
  });

  it("reads the client's custom priority rule from the table", async () => {
    const clientId = await clientWithExpress(2);
    await setRuleCode(clientId, "0");
    await h.db.delete(customPriorityRules).where(eq(customPriorityRules.client_id, clientId));
    const base = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!base.ok) throw new Error("quote failed");
    const dearest = base.quote.rate_list[base.quote.rate_list.length - 1];
    expect(base.quote.explanation.join(" ")).toContain("no custom rule for express, zone C, prepaid");
    await h.db.insert(customPriorityRules).values({
      client_id: clientId,
      service_type: "express",
      zone_list: ["C"],
      order_type: ["prepaid"],
      courier_list: [
        { name: "Not A Courier", priority: 100 },
        { name: dearest.courier, priority: 99 },
      ],
    });
    const ruled = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!ruled.ok) throw new Error("quote failed");
    expect(ruled.quote.rate_list.find((e) => e.is_priority)?.courier_id).toBe(dearest.courier_id);
    expect(ruled.quote.explanation.join(" ")).toContain("Priority 1: Not A Courier passed over (not one of the client's couriers)");
  });

  it("reads Pickrr Select rules: the highest matching priority decides, never a blacklisted courier", async () => {
    const clientId = await clientWithExpress(2);
    await setRuleCode(clientId, "5");
    await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
    const base = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!base.ok) throw new Error("quote failed");
    const cheapest = base.quote.rate_list[0];
    await h.db.insert(pickrrSelectRules).values([
      {
        client_id: clientId,
        name: "Only zone E",
        priority: 100,
        active: true,
        criterias: { zone_list: { list: ["E"] } },
        courier: { courier_selection_rule_type: "fastest", active_parent: [], bl_parent: [] },
      },
      {
        client_id: clientId,
        name: "Metros without the cheapest",
        priority: 99,
        active: true,
        criterias: { zone_list: { list: ["C"] }, order_type: { list: ["prepaid"] } },
        courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: [cheapest.courier] },
      },
    ]);
    const ruled = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!ruled.ok) throw new Error("quote failed");
    const chosen = ruled.quote.rate_list.find((e) => e.is_priority)!;
    expect(chosen.courier_id).not.toBe(cheapest.courier_id);
    expect(chosen.courier_id).toBe(ruled.quote.rate_list[1].courier_id);
    const text = ruled.quote.explanation.join(" ");
    expect(text).toContain("rule 'Only zone E' (priority 100) does not match: zone C is not in E");
    expect(text).toContain("rule 'Metros without the cheapest' (priority 99) matches");
  });

  it("refuses an unknown pincode as a field error", async () => {
    const clientId = await clientWithExpress(1);
    const result = await quoteForClient(h.db, clientId, calc({ drop_pincode: "999999" }), NOW);
    expect(result).toEqual({ ok: false, error: { field: "drop_pincode", message: "Please enter a valid pincode" } });
  });
});

describe("pincode check and pincode lists", () => {
  it("returns the spec's pincode result with the client's active couriers", async () => {
    const clientId = await clientWithExpress(2);
    const checked = await checkPincodeServiceability(h.db, clientId, "110001", "560001", NOW);
    if (!checked.ok) throw new Error("check failed");
    const r = checked.result;
    expect(r.from_city).toBe("Delhi NCR");
    expect(r.to_city).toBe("Bengaluru");
    expect(r.courier_list.length).toBeGreaterThan(0);
    expect(r.has_express).toBe(r.courier_list.some((c) => c.is_air));
    expect(r.has_cod).toBe(r.courier_list.some((c) => c.has_cod));
    expect(r.edd_stamp).toBe([...r.courier_list.map((c) => c.edd_stamp)].sort()[0]);
    expect(await checkPincodeServiceability(h.db, clientId, "110001", "999999", NOW)).toEqual({
      ok: false,
      error: { field: "to_pincode", message: "Please enter valid Pincode" },
    });
  });

  it("lists every destination reachable from a metro source, and each courier's pincodes", async () => {
    const clientId = await clientWithExpress(2);
    const records = [...((await serviceablePincodeRecords(h.db, clientId, "110001")) ?? [])];
    const [{ total }] = (await h.db.execute<{ total: number }>(sql`select count(*)::int as total from pincodes`)).rows;
    expect(records.length).toBeGreaterThan(total * 0.8);
    expect(records.length).toBeLessThanOrEqual(total);
    expect(records.find((r) => r[0] === "560001")?.slice(0, 4)).toEqual(["560001", "Bengaluru", "Bangalore", "Karnataka"]);
    expect(await serviceablePincodeRecords(h.db, clientId, "999999")).toBeNull();

    const [service] = await h.db.select().from(clientCourierServices).where(eq(clientCourierServices.client_id, clientId)).limit(1);
    const list = await courierPincodeRecords(h.db, clientId, service.courier_service_id);
    const rows = [...list!.records];
    expect(rows.length).toBeGreaterThan(1000);
    expect(await courierPincodeRecords(h.db, clientId, 999_999)).toBeNull();
  });

  it("finds a client by its auth token only", async () => {
    const [c] = await h.db.execute<{ id: number; auth_token: string }>(sql`select id, auth_token from clients order by id limit 1`).then((r) => r.rows);
    expect((await clientByAuthToken(h.db, c.auth_token))?.id).toBe(c.id);
    expect(await clientByAuthToken(h.db, "nope")).toBeNull();
    expect(await clientByAuthToken(h.db, "")).toBeNull();
  });
});
