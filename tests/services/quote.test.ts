/**
 * The quote and serviceability services on a real seeded database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): seeded coverage, eligibility filters (each with its skip reason),
 * rules read from the tables (rules.server.ts), cache invalidation on change (courier
 * attributes included), the pincode check and the CSV record streams.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clientByAuthToken } from "~/services/auth/client-token.server";
import { invalid } from "~/services/core/result";
import type { DbHandle } from "~/services/db/client.server";
import {
  clientCourierServices,
  clientRuleSettings,
  clients,
  courierServiceability,
  courierServices,
  customPriorityRules,
  pickrrSelectRules,
  pincodes,
  rateRows,
} from "~/services/db/schema";
import type { CalculatorInput } from "~/services/quote/calculator-form";
import { priceShipment, rateRowFromColumns } from "~/services/quote/pricing";
import {
  checkPincodeServiceability,
  courierPincodeRecords,
  quoteForClient,
  serviceablePincodeRecords,
} from "~/services/quote/quote.server";
import {
  cachedQuoteClients,
  MAX_CACHED_CLIENTS,
  preloadClientConfigs,
  quoteData,
} from "~/services/quote/quote-data.server";
import { zoneOf } from "~/services/quote/zone";
import {
  fetchAllocEngineRules,
  fetchCustomPriorityEngine,
  fetchUserPriorityEngineType,
} from "~/services/rules/rules.server";

import { calculatorInput } from "../support/calculator";
import { openTestDb } from "../support/db";

let h: DbHandle;
const NOW = new Date("2026-11-20T04:30:00Z"); // 10:00 IST: picked up the same day

const calc = calculatorInput;

/** A client with at least `minServices` couriers quoted Delhi → Bengaluru in the delivery mode (prepaid forward). */
async function clientWithCouriers(minServices: number, delivery_mode: "express" | "heavy_surface"): Promise<number> {
  const deliveryType = delivery_mode === "express" ? "express" : "surface";
  const rows = await h.db.execute<{ client_id: number; n: number }>(sql`
    select ccs.client_id, count(*)::int as n
    from client_courier_services ccs
    join courier_services cs on cs.id = ccs.courier_service_id
    join rate_rows r on r.client_id = ccs.client_id and r.courier_service_id = cs.id and r.shipment_type = 'FORWARD' and r.delivery_type = ${deliveryType}
    where ccs.is_active and (case when ${deliveryType} = 'express' then cs.is_air else cs.has_surface end)
    group by ccs.client_id having count(*) >= ${minServices}
    order by ccs.client_id`);
  for (const { client_id } of rows.rows) {
    const q = await quoteForClient(h.db, client_id, calc({ delivery_mode }), NOW);
    if (q.ok && q.quote.rate_list.length >= minServices) return client_id;
  }
  throw new Error(`no client with ${delivery_mode} couriers on the lane`);
}

/** A client whose active express services deliver Delhi → Bengaluru. */
const clientWithExpress = (minServices = 2) => clientWithCouriers(minServices, "express");

async function quoted(clientId: number, input: CalculatorInput) {
  const result = await quoteForClient(h.db, clientId, input, NOW);
  if (!result.ok) throw new Error(`quote failed: ${result.field}: ${result.message}`);
  return result.quote;
}

const reasonsFor = (q: { skipped: { courier_id: number; reasons: string[] }[] }, courierId: number) =>
  q.skipped.find((s) => s.courier_id === courierId)?.reasons ?? [];
const listed = (q: { rate_list: { courier_id: number }[] }) => q.rate_list.map((e) => e.courier_id);

async function setRuleCode(clientId: number, code: "0" | "3" | "4" | "5") {
  await h.db
    .insert(clientRuleSettings)
    .values({ client_id: clientId, rule_code: code })
    .onConflictDoUpdate({
      target: clientRuleSettings.client_id,
      set: { rule_code: code, version: sql`${clientRuleSettings.version} + 1`, updated_at: sql`now()` },
    });
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

describe("the quote configs kept in memory (decision 084)", () => {
  it("are at most MAX_CACHED_CLIENTS: one client more drops the least recently quoted", async () => {
    const ids = (await h.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(3)).map((c) => c.id);
    await quoteData(h.db, ids[0]);
    const kept = cachedQuoteClients(h.db);
    expect(kept.max).toBe(MAX_CACHED_CLIENTS);
    kept.clear();
    kept.max = 2;
    try {
      for (const id of [ids[0], ids[1], ids[0], ids[2]]) await quoteData(h.db, id);
      expect([...kept.keys()]).toEqual([ids[0], ids[2]]);
      const again = await quoteData(h.db, ids[1]); // loaded again
      expect(again.client?.fingerprint).toBeTruthy();
      expect([...kept.keys()]).toEqual([ids[2], ids[1]]);
    } finally {
      kept.max = MAX_CACHED_CLIENTS;
    }
  });
});

describe("seeded serviceability and rules", () => {
  it("covers ~20 couriers: national ones 90–98 % of pincodes, regional ones only their states, special zones thinner", async () => {
    const [{ total }] = (await h.db.execute<{ total: number }>(sql`select count(*)::int as total from pincodes`)).rows;
    const perCourier = await h.db.execute<{
      name: string;
      coverage: string;
      regions: string[];
      n: number;
      outside: number;
      special: number;
      special_all: number;
    }>(sql`
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
    const codes = await h.db.execute<{ rule_code: string; n: number }>(
      sql`select rule_code, count(*)::int as n from client_rule_settings group by rule_code order by rule_code`,
    );
    expect(codes.rows.map((r) => r.rule_code)).toEqual(["0", "3", "4", "5"]);
    const custom = await h.db.select().from(customPriorityRules).limit(200);
    expect(custom.length).toBeGreaterThan(0);
    for (const r of custom) r.courier_list.forEach((c, i) => expect(c.priority).toBe(100 - i));
    const select = await h.db.select().from(pickrrSelectRules).limit(200);
    expect(new Set(select.map((r) => r.courier.courier_selection_rule_type))).toEqual(
      new Set(["cheapest", "fastest", "priority"]),
    );
  });
});

describe("quote for a client", () => {
  it("prices every eligible courier exactly as its rate row says, in zone C for Delhi → Bengaluru", async () => {
    const clientId = await clientWithExpress();
    await setRuleCode(clientId, "3");
    const result = await quoteForClient(h.db, clientId, calc({ weight: "1.2" }), NOW);
    if (!result.ok) throw new Error(result.message);
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
        .where(
          and(
            eq(rateRows.client_id, clientId),
            eq(rateRows.courier_service_id, e.courier_id),
            eq(rateRows.delivery_type, "express"),
          ),
        );
      const forward = rows.find((r) => r.shipment_type === "FORWARD")!;
      const rto = rows.find((r) => r.shipment_type === "FORWARD_RTO") ?? null;
      const expected = priceShipment({
        row: rateRowFromColumns(forward),
        rtoRow: rto ? rateRowFromColumns(rto) : null,
        shipment: {
          shipment_type: "forward",
          length: 10,
          breadth: 10,
          height: 10,
          weight: "1.2",
          payment_mode: "prepaid",
        },
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
      .where(
        and(
          eq(clientCourierServices.client_id, clientId),
          eq(clientCourierServices.courier_service_id, victim.courier_id),
        ),
      );
    const off = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!off.ok) throw new Error("quote failed");
    expect(off.quote.rate_list.map((e) => e.courier_id)).not.toContain(victim.courier_id);
    expect(off.quote.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons).toContain(
      "not active for this client",
    );
    await h.db
      .update(clientCourierServices)
      .set({ is_active: true })
      .where(
        and(
          eq(clientCourierServices.client_id, clientId),
          eq(clientCourierServices.courier_service_id, victim.courier_id),
        ),
      );

    // Take the courier's delivery away at the drop: the trigger stamps a new data version.
    const [svc] = await h.db
      .select({ courier_id: courierServices.courier_id })
      .from(courierServices)
      .where(eq(courierServices.id, victim.courier_id));
    const [saved] = await h.db
      .select()
      .from(courierServiceability)
      .where(and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, 560001)));
    await h.db
      .delete(courierServiceability)
      .where(and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, 560001)));
    const noDelivery = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!noDelivery.ok) throw new Error("quote failed");
    expect(noDelivery.quote.skipped.find((s) => s.courier_id === victim.courier_id)?.reasons).toContain(
      "does not deliver to 560001",
    );
    await h.db.insert(courierServiceability).values(saved);
    const back = await quoteForClient(h.db, clientId, calc(), NOW);
    if (!back.ok) throw new Error("quote failed");
    expect(back.quote.rate_list.map((e) => e.courier_id)).toContain(victim.courier_id);
  });

  it("heavy surface quotes only services with a surface service and surface rows", async () => {
    const clientId = await clientWithCouriers(1, "heavy_surface");
    const heavy = await quoted(clientId, calc({ delivery_mode: "heavy_surface" }));
    expect(heavy.rate_list.length).toBeGreaterThan(0);
    for (const e of heavy.rate_list) expect(e.has_surface).toBe(true);
    // The same client's air-only services are skipped, each with the reason.
    const airOnly = heavy.skipped.filter((s) => s.reasons.includes("no surface service for heavy surface shipments"));
    const services = await h.db
      .select({ id: courierServices.id, has_surface: courierServices.has_surface })
      .from(clientCourierServices)
      .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
      .where(eq(clientCourierServices.client_id, clientId));
    expect(airOnly.map((s) => s.courier_id).sort()).toEqual(
      services
        .filter((x) => !x.has_surface)
        .map((x) => x.id)
        .sort(),
    );
  });

  it("sees an edit to a courier's attributes at the next quote: dangerous goods, multi-package and document flags", async () => {
    const clientId = await clientWithExpress(2);
    const victim = (await quoted(clientId, calc())).rate_list[0].courier_id;
    const [saved] = await h.db.select().from(courierServices).where(eq(courierServices.id, victim));
    const setFlags = (flags: Partial<Pick<typeof saved, "supports_dg" | "supports_mps" | "supports_doc">>) =>
      h.db.update(courierServices).set(flags).where(eq(courierServices.id, victim));
    const flagged = calc({ has_dg: "true", is_mps: "true", is_doc: "true" });
    try {
      await setFlags({ supports_dg: true, supports_mps: true, supports_doc: true });
      expect(listed(await quoted(clientId, flagged))).toContain(victim);

      // Each edit reaches the cached client config through the courier catalogue's data version.
      await setFlags({ supports_dg: false });
      const noDg = await quoted(clientId, flagged);
      expect(listed(noDg)).not.toContain(victim);
      expect(reasonsFor(noDg, victim)).toEqual(["does not carry dangerous goods"]);
      expect(listed(await quoted(clientId, calc({ is_mps: "true", is_doc: "true" })))).toContain(victim);

      await setFlags({ supports_dg: true, supports_mps: false, supports_doc: false });
      expect(reasonsFor(await quoted(clientId, flagged), victim)).toEqual([
        "does not take multi-package shipments",
        "does not carry documents",
      ]);
      expect(reasonsFor(await quoted(clientId, calc({ is_doc: "true" })), victim)).toEqual([
        "does not carry documents",
      ]);
      expect(listed(await quoted(clientId, calc({ has_dg: "true" })))).toContain(victim);
    } finally {
      await setFlags({
        supports_dg: saved.supports_dg,
        supports_mps: saved.supports_mps,
        supports_doc: saved.supports_doc,
      });
    }
    // And an air flag edit moves the courier's mode in the result.
    const before = (await quoted(clientId, calc())).rate_list.find((e) => e.courier_id === victim)!;
    await h.db.update(courierServices).set({ is_air: false }).where(eq(courierServices.id, victim));
    try {
      const after = await quoted(clientId, calc());
      expect(before.is_air).toBe(true);
      expect(after.rate_list.find((e) => e.courier_id === victim)?.is_air ?? false).toBe(false);
    } finally {
      await h.db.update(courierServices).set({ is_air: saved.is_air }).where(eq(courierServices.id, victim));
    }
  });

  it("skips a courier without a rate row for the shipment, saying which card is missing", async () => {
    const clientId = await clientWithExpress(2);
    const victim = (await quoted(clientId, calc())).rate_list[0].courier_id;
    const where = and(
      eq(rateRows.client_id, clientId),
      eq(rateRows.courier_service_id, victim),
      eq(rateRows.shipment_type, "FORWARD"),
      eq(rateRows.delivery_type, "express"),
    );
    const saved = await h.db.select().from(rateRows).where(where);
    expect(saved).toHaveLength(1);
    await h.db.delete(rateRows).where(where);
    try {
      const q = await quoted(clientId, calc());
      expect(listed(q)).not.toContain(victim);
      expect(reasonsFor(q, victim)).toEqual(["no forward express rate card"]);
      expect(
        q.explanation.some((line) => line.startsWith("Skipped ") && line.endsWith(": no forward express rate card.")),
      ).toBe(true);
    } finally {
      await h.db.insert(rateRows).values(saved);
    }
    expect(listed(await quoted(clientId, calc()))).toContain(victim);
  });

  it("COD needs COD at the drop; reverse needs reverse pickup and has no returned charges", async () => {
    const clientId = await clientWithExpress(2);
    const [svcOfClient] = await quoteForClient(h.db, clientId, calc(), NOW).then((r) =>
      r.ok ? r.quote.rate_list : [],
    );
    const [svc] = await h.db
      .select({ courier_id: courierServices.courier_id })
      .from(courierServices)
      .where(eq(courierServices.id, svcOfClient.courier_id));
    const where = (pin: number) =>
      and(eq(courierServiceability.courier_id, svc.courier_id), eq(courierServiceability.pincode, pin));
    const [dropRow] = await h.db.select().from(courierServiceability).where(where(560001));
    await h.db.update(courierServiceability).set({ cod: false }).where(where(560001));
    const cod = await quoteForClient(h.db, clientId, calc({ payment_mode: "cod", cod_amount: "1500" }), NOW);
    if (!cod.ok) throw new Error("quote failed");
    expect(cod.quote.skipped.find((s) => s.courier_id === svcOfClient.courier_id)?.reasons).toContain(
      "no COD at 560001",
    );
    await h.db.update(courierServiceability).set({ cod: dropRow.cod }).where(where(560001));

    const reverse = await quoteForClient(
      h.db,
      clientId,
      calc({ shipment_type: "reverse", payment_mode: "cod", cod_amount: "999" }),
      NOW,
    );
    if (!reverse.ok) throw new Error("quote failed");
    expect(reverse.quote.explanation).toContain("Reverse shipment: quoted as express, prepaid, COD value 0.");
    expect(reverse.quote.rate_list.length).toBeGreaterThan(0);
    for (const e of reverse.quote.rate_list) {
      expect(e.returned_charges).toBeNull();
      expect(e.cod_charge).toBe(0);
    }

    // Reverse needs reverse pickup at the pickup pincode; forward pickup there does not count.
    const reverseVictim = reverse.quote.rate_list[0].courier_id;
    const [brand] = await h.db
      .select({ courier_id: courierServices.courier_id })
      .from(courierServices)
      .where(eq(courierServices.id, reverseVictim));
    const atPickup = and(
      eq(courierServiceability.courier_id, brand.courier_id),
      eq(courierServiceability.pincode, 110001),
    );
    const [pickupRow] = await h.db.select().from(courierServiceability).where(atPickup);
    expect(pickupRow.fm_pickup).toBe(true);
    await h.db.update(courierServiceability).set({ reverse_pickup: false }).where(atPickup);
    try {
      const noReverse = await quoted(clientId, calc({ shipment_type: "reverse" }));
      expect(listed(noReverse)).not.toContain(reverseVictim);
      expect(reasonsFor(noReverse, reverseVictim)).toEqual(["no reverse pickup at 110001"]);
      expect(listed(await quoted(clientId, calc()))).toContain(reverseVictim);
    } finally {
      await h.db.update(courierServiceability).set({ reverse_pickup: pickupRow.reverse_pickup }).where(atPickup);
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
    expect(ruled.quote.explanation.join(" ")).toContain(
      "Priority 1: Not A Courier passed over (not one of the client's couriers)",
    );
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

  it("lets the seeded 'Best sellers' and 'High value' rules match by product names and invoice value", async () => {
    for (const name of ["Best sellers", "High value"]) {
      const seeded = await h.db
        .select()
        .from(pickrrSelectRules)
        .where(eq(pickrrSelectRules.name, name))
        .orderBy(pickrrSelectRules.client_id);
      expect(seeded.length, name).toBeGreaterThan(0);
      let rule: (typeof seeded)[number] | undefined;
      for (const r of seeded) if ((await quoted(r.client_id, calc())).rate_list.length > 0) rule ??= r;
      if (!rule) throw new Error(`no client with a '${name}' rule quotes the lane`);
      const clientId = rule.client_id;
      await setRuleCode(clientId, "5");
      // Only this rule is active, so it alone can decide (writers bump version, as the screens will).
      await h.db
        .update(pickrrSelectRules)
        .set({
          active: sql`${pickrrSelectRules.id} = ${rule.id}`,
          version: sql`${pickrrSelectRules.version} + 1`,
          updated_at: sql`now()`,
        })
        .where(eq(pickrrSelectRules.client_id, clientId));
      const title = `Pickrr Select (5): rule '${name}' (priority ${rule.priority})`;
      const text = async (overrides: Record<string, string>) =>
        (await quoted(clientId, calc(overrides))).explanation.join("\n");

      if (name === "Best sellers") {
        const products = (rule.criterias as { product_list: { list: string[] } }).product_list.list;
        expect(await text({})).toContain(`${title} does not match: no product of the shipment is in the product list.`);
        expect(await text({ product_names: `Something else, ${products[0].toUpperCase()}` })).toContain(
          `${title} matches`,
        );
      } else {
        expect(await text({})).toContain(`${title} does not match: the shipment has no invoice value.`);
        expect(await text({ invoice_value: "7500" })).toContain(`${title} matches`);
        // A COD order without an invoice value is worth its COD amount.
        expect(await text({ payment_mode: "cod", cod_amount: "6000" })).toContain(`${title} matches`);
        expect(await text({ payment_mode: "cod", cod_amount: "1000" })).toContain(
          `${title} does not match: invoice value ₹1,000.00 is outside ₹5,000.00–₹1,00,000.00.`,
        );
      }
    }
  });

  it("refuses an unknown pincode as a field error", async () => {
    const clientId = await clientWithExpress(1);
    const result = await quoteForClient(h.db, clientId, calc({ drop_pincode: "999999" }), NOW);
    expect(result).toEqual(
      invalid("Please enter a valid pincode", {
        field: "drop_pincode",
        fieldErrors: { drop_pincode: "Please enter a valid pincode" },
      }),
    );
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
    expect(await checkPincodeServiceability(h.db, clientId, "110001", "999999", NOW)).toEqual(
      invalid("Please enter valid Pincode", {
        field: "to_pincode",
        fieldErrors: { to_pincode: "Please enter valid Pincode" },
      }),
    );
  });

  it("lists every destination reachable from a metro source, and each courier's pincodes", async () => {
    const clientId = await clientWithExpress(2);
    const records = [...((await serviceablePincodeRecords(h.db, clientId, "110001")) ?? [])];
    const [{ total }] = (await h.db.execute<{ total: number }>(sql`select count(*)::int as total from pincodes`)).rows;
    expect(records.length).toBeGreaterThan(total * 0.8);
    expect(records.length).toBeLessThanOrEqual(total);
    expect(records.find((r) => r[0] === "560001")?.slice(0, 4)).toEqual([
      "560001",
      "Bengaluru",
      "Bangalore",
      "Karnataka",
    ]);
    expect(await serviceablePincodeRecords(h.db, clientId, "999999")).toBeNull();

    const [service] = await h.db
      .select()
      .from(clientCourierServices)
      .where(eq(clientCourierServices.client_id, clientId))
      .limit(1);
    const list = await courierPincodeRecords(h.db, clientId, service.courier_service_id);
    const rows = [...list!.records];
    expect(rows.length).toBeGreaterThan(1000);
    expect(await courierPincodeRecords(h.db, clientId, 999_999)).toBeNull();
  });

  it("counts as 'can ship to' only couriers the client's card prices: FORWARD rows for forward options, REVERSE for reverse", async () => {
    const clientId = await clientWithExpress(2);
    const before = await checkPincodeServiceability(h.db, clientId, "110001", "560001", NOW);
    if (!before.ok) throw new Error("check failed");
    const cards = await h.db.execute<{ courier_service_id: number }>(sql`
      select courier_service_id from rate_rows where client_id = ${clientId}
      group by courier_service_id having bool_or(shipment_type = 'FORWARD') and bool_or(shipment_type = 'REVERSE')`);
    const priced = new Set(cards.rows.map((r) => Number(r.courier_service_id)));
    const victim = before.result.courier_list.find((c) => c.has_reverse && c.has_prepaid && priced.has(c.courier_id));
    if (!victim) throw new Error("no courier with forward and reverse options on the lane");
    const countAt = async (pincode: string) => {
      const records = [...((await serviceablePincodeRecords(h.db, clientId, "110001")) ?? [])];
      return Number(records.find((r) => r[0] === pincode)?.[9] ?? 0);
    };
    const countBefore = await countAt("560001");
    expect(countBefore).toBe(before.result.courier_list.length);

    const rowsOf = (type: "FORWARD" | "REVERSE") =>
      and(
        eq(rateRows.client_id, clientId),
        eq(rateRows.courier_service_id, victim.courier_id),
        eq(rateRows.shipment_type, type),
      );
    const forwardRows = await h.db.select().from(rateRows).where(rowsOf("FORWARD"));
    const reverseRows = await h.db.select().from(rateRows).where(rowsOf("REVERSE"));
    try {
      await h.db.delete(rateRows).where(rowsOf("FORWARD"));
      const reverseOnly = await checkPincodeServiceability(h.db, clientId, "110001", "560001", NOW);
      if (!reverseOnly.ok) throw new Error("check failed");
      expect(reverseOnly.result.courier_list.find((c) => c.courier_id === victim.courier_id)).toMatchObject({
        is_air: false,
        has_surface: false,
        has_reverse: true,
        has_prepaid: false,
        has_cod: false,
      });
      expect(await countAt("560001")).toBe(countBefore);

      await h.db.delete(rateRows).where(rowsOf("REVERSE"));
      const unpriced = await checkPincodeServiceability(h.db, clientId, "110001", "560001", NOW);
      if (!unpriced.ok) throw new Error("check failed");
      expect(unpriced.result.courier_list.map((c) => c.courier_id)).not.toContain(victim.courier_id);
      expect(unpriced.result.courier_list.length).toBe(before.result.courier_list.length - 1);
      expect(await countAt("560001")).toBe(countBefore - 1);
    } finally {
      await h.db.insert(rateRows).values([...forwardRows, ...reverseRows]);
    }
    const after = await checkPincodeServiceability(h.db, clientId, "110001", "560001", NOW);
    expect(after.ok && after.result.courier_list.find((c) => c.courier_id === victim.courier_id)).toEqual(victim);
  });

  it("finds a client by its auth token only", async () => {
    const [c] = await h.db
      .execute<{ id: number; auth_token: string }>(sql`select id, auth_token from clients order by id limit 1`)
      .then((r) => r.rows);
    expect((await clientByAuthToken(h.db, c.auth_token))?.id).toBe(c.id);
    expect(await clientByAuthToken(h.db, "nope")).toBeNull();
    expect(await clientByAuthToken(h.db, "")).toBeNull();
  });
});

describe("rule reads (rules.server.ts, the spec's rule-engine and alloc-engine calls)", () => {
  it("fetch-custom-priority-engine: priorities read back as slots 1–5, only rules with couriers, unreadable ones named", async () => {
    const clientId = await clientWithExpress(1);
    await h.db.delete(customPriorityRules).where(eq(customPriorityRules.client_id, clientId));
    const [kept, empty, bad] = await h.db
      .insert(customPriorityRules)
      .values([
        {
          client_id: clientId,
          service_type: "express",
          zone_list: ["C", "D"],
          order_type: ["prepaid"],
          courier_list: [
            { name: "Second", priority: 99 },
            { name: "First", priority: 100 },
            { name: "Fifth", priority: 96 },
          ],
        },
        { client_id: clientId, service_type: "surface", zone_list: ["A"], order_type: ["cod"], courier_list: [] },
        {
          client_id: clientId,
          service_type: "express",
          zone_list: [],
          order_type: ["cod"],
          courier_list: [{ name: "X", priority: 100 }],
        },
      ])
      .returning({ id: customPriorityRules.id });
    expect(await fetchCustomPriorityEngine(h.db, clientId)).toEqual({
      rule_list: [
        {
          id: kept.id,
          version: 1,
          service_type: "express",
          zone_list: ["C", "D"],
          order_type: ["prepaid"],
          courier_list: [
            { name: "First", priority: 1 },
            { name: "Second", priority: 2 },
            { name: "Fifth", priority: 5 },
          ],
        },
      ],
      unreadable: [`custom priority rule #${bad.id} cannot be read and is ignored`],
    });
    expect(empty.id).toBeGreaterThan(kept.id);
    // The quote reads the same list, and says which rule it could not read.
    await setRuleCode(clientId, "0");
    expect((await quoted(clientId, calc())).explanation).toContain(
      `Note: custom priority rule #${bad.id} cannot be read and is ignored.`,
    );
  });

  it("fetch-user-priority-engine-type: the rule code as a string, cheapest when none is stored", async () => {
    const clientId = await clientWithExpress(1);
    await setRuleCode(clientId, "5");
    expect(await fetchUserPriorityEngineType(h.db, clientId)).toEqual({ rule_code: "5" });
    await h.db.delete(clientRuleSettings).where(eq(clientRuleSettings.client_id, clientId));
    expect(await fetchUserPriorityEngineType(h.db, clientId)).toEqual({ rule_code: "3" });
    expect((await quoted(clientId, calc())).rule_code).toBe("3");
  });

  it("alloc-engine rule list: the spec's shape, highest priority first, inactive rules included", async () => {
    const clientId = await clientWithExpress(1);
    await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
    const courier = { courier_selection_rule_type: "cheapest" as const, active_parent: [], bl_parent: ["Gati"] };
    const inserted = await h.db
      .insert(pickrrSelectRules)
      .values([
        {
          client_id: clientId,
          name: "Low",
          priority: 97,
          active: true,
          criterias: { zone_list: { list: ["A"] } },
          courier,
        },
        {
          client_id: clientId,
          name: "High",
          priority: 100,
          active: false,
          criterias: { weight: { list: [{ min: "1", max: "2" }] } },
          courier,
        },
        {
          client_id: clientId,
          name: "Broken",
          priority: 99,
          active: true,
          criterias: { weight: { list: "heavy" } },
          courier,
        },
      ])
      .returning({ id: pickrrSelectRules.id, name: pickrrSelectRules.name });
    const id = (name: string) => inserted.find((r) => r.name === name)!.id;
    expect(await fetchAllocEngineRules(h.db, clientId)).toEqual({
      rules: [
        {
          id: id("High"),
          version: 1,
          name: "High",
          priority: 100,
          validity: { active: false },
          criterias: { weight: { list: [{ min: "1", max: "2" }] } },
          courier,
        },
        {
          id: id("Low"),
          version: 1,
          name: "Low",
          priority: 97,
          validity: { active: true },
          criterias: { zone_list: { list: ["A"] } },
          courier,
        },
      ],
      unreadable: ["Pickrr Select rule 'Broken' cannot be read and is ignored"],
    });
  });
});

describe("quote configs read for many clients at once (preloadClientConfigs, the order seed's lanes)", () => {
  it("builds each client's config exactly as the per-client load does, under the same fingerprint", async () => {
    const ids = ((await h.db.execute(sql`select id from clients order by id limit 40`)).rows as { id: number }[]).map(
      (r) => Number(r.id),
    );
    const one = async (db: typeof h.db, id: number) => (await quoteData(db, id)).client;
    const perClient = [];
    for (const id of ids) perClient.push(await one(h.db, id));
    // The quote caches are kept per database handle: a handle that inherits h.db's methods starts with none.
    const fresh = Object.create(h.db) as typeof h.db;
    const bulk = await preloadClientConfigs(fresh, ids);
    expect([...bulk.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const [k, id] of ids.entries()) {
      expect(bulk.get(id), `client ${id}`).toEqual(perClient[k]);
      // Same fingerprint, so the next quote uses the preloaded config rather than reading it again.
      expect(await one(fresh, id)).toBe(bulk.get(id));
    }
    const rules = (
      await h.db.execute(
        sql`select (select count(*) from custom_priority_rules where client_id = any(${`{${ids.join(",")}}`}::int[]))::int + (select count(*) from pickrr_select_rules where client_id = any(${`{${ids.join(",")}}`}::int[]))::int as n`,
      )
    ).rows as { n: number }[];
    expect(Number(rules[0].n), "the clients compared have rules to read").toBeGreaterThan(0);
  });
});
