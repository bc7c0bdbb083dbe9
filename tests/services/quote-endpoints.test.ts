/**
 * The two JSON endpoints' loaders on a real seeded database: happy paths, 400 naming each bad
 * field, 401 for a missing or unknown token (query `auth_token` or `Authorization: Token …`).
 * The route modules use getDb(), the process-wide handle, so it is pointed at this file's
 * database; tests/e2e/quote.test.ts ("JSON endpoints outside the staff session") checks the
 * same URLs resolve on the real server.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as calculatorLoader } from "~/routes/houston-ratecard.shipment-calculator-v3";
import { loader as pincodeLoader } from "~/routes/location.pincode-serviceability-v3";
import type { DbHandle } from "~/services/db/client.server";

import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
let token: string;

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  const rows = await h.db.execute<{ auth_token: string }>(sql`
    select c.auth_token from clients c
    where (select count(*) from client_courier_services s join courier_services cs on cs.id = s.courier_service_id
           where s.client_id = c.id and s.is_active and cs.is_air) >= 2
    order by c.id limit 1`);
  token = rows.rows[0].auth_token;
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

const GOOD = {
  shipment_type: "forward",
  pickup_pincode: "400001",
  delivery_mode: "express",
  drop_pincode: "110001",
  length: "20",
  breadth: "15",
  height: "10",
  weight: "0.75",
  payment_mode: "cod",
  cod_amount: "1200",
  has_dg: "false",
  is_mps: "false",
  is_doc: "false",
};

async function call(
  loader: typeof calculatorLoader | typeof pincodeLoader,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const url = new URL(`http://console.test${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  try {
    const res = (await loader({ request: new Request(url, { headers }), params: {}, context: {} })) as Response;
    return { status: res.status, body: await res.json() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
    throw thrown;
  }
}

const CALC = "/houston-ratecard/shipment-calculator-v3/";
const PIN = "/location/pincode-serviceability-v3/";

describe("GET /houston-ratecard/shipment-calculator-v3/", () => {
  it("returns the spec's result: chargeable weight, zone, rule code and a rate list with two-decimal charges", async () => {
    const { status, body } = await call(calculatorLoader, CALC, { auth_token: token, child_auth_token: "vp", ...GOOD });
    expect(status).toBe(200);
    expect(body.result.chargeable_weight).toBe(0.75);
    expect(body.result.billing_zone).toBe("C");
    expect(["0", "3", "4", "5"]).toContain(body.result.rule_code);
    expect(body.result.rate_list.length).toBeGreaterThan(0);
    for (const e of body.result.rate_list) {
      expect(e.delivered_charges).toMatch(/^\d+\.\d{2}$/);
      expect(e.returned_charges).toMatch(/^\d+\.\d{2}$/);
      expect(e.edd_stamp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(body.result.rate_list.filter((e: { is_cheapest: boolean }) => e.is_cheapest)).toHaveLength(1);
    expect(body.result.rate_list.filter((e: { is_priority: boolean }) => e.is_priority)).toHaveLength(1);
  });

  it("gives each courier its charged amount details, adding up to its delivered charges and matching its rate row", async () => {
    const { body } = await call(calculatorLoader, CALC, { auth_token: token, ...GOOD });
    const paise = (rupees: string) => Math.round(Number(rupees) * 100);
    for (const e of body.result.rate_list) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining([
          "courier",
          "is_priority",
          "is_cheapest",
          "is_fastest",
          "is_air",
          "has_surface",
          "delivered_charges",
          "returned_charges",
        ]),
      );
      expect(e.zone).toBe("C");
      expect(e.base_price_multiplier).toBe(1);
      for (const k of ["base_price", "additional_price", "cod_charge", "surcharge", "freight", "rto_freight"])
        expect(e[k], k).toMatch(/^\d+\.\d{2}$/);
      expect(
        e.base_price_multiplier * paise(e.base_price) +
          e.additional_price_multiplier * paise(e.additional_price) +
          paise(e.cod_charge) +
          paise(e.surcharge),
      ).toBe(paise(e.delivered_charges));
      // The courier's own rate row (FORWARD, express, zone C) and divisor, read straight from the table.
      const [row] = (
        await h.db.execute<{
          zone_c_base: string;
          zone_c_add: string;
          first_slab: string;
          second_slab: string;
          surcharge: string;
          divisor: number;
        }>(sql`
          select r.zone_c_base, r.zone_c_add, r.first_slab, r.second_slab, r.surcharge, r.divisor from rate_rows r join clients c on c.id = r.client_id
          where c.auth_token = ${token} and r.courier_service_id = ${e.courier_id} and r.shipment_type = 'FORWARD' and r.delivery_type = 'express'`)
      ).rows;
      expect([e.base_price, e.additional_price, e.surcharge]).toEqual([row.zone_c_base, row.zone_c_add, row.surcharge]);
      expect([e.base_weight, e.additional_weight, e.divisor]).toEqual([
        Number(row.first_slab),
        Number(row.second_slab),
        Number(row.divisor),
      ]);
      // 20 × 15 × 10 cm = 3000 cm³; 0.75 kg dead.
      expect(e.volumetric_weight).toBe(Math.round((3000 / Number(row.divisor)) * 100) / 100);
      expect(e.chargeable_weight).toBe(Math.max(0.75, e.volumetric_weight));
      const slabs = Math.max(
        0,
        Math.ceil(Math.round((e.chargeable_weight - e.base_weight) * 1000) / Math.round(e.additional_weight * 1000)),
      );
      expect(e.additional_price_multiplier).toBe(slabs);
    }
  });

  it("takes optional invoice_value and product_names for Pickrr Select criteria", async () => {
    const [{ id }] = (await h.db.execute<{ id: number }>(sql`select id from clients where auth_token = ${token}`)).rows;
    await h.db.execute(
      sql`insert into client_rule_settings (client_id, rule_code) values (${id}, '5') on conflict (client_id) do update set rule_code = '5', version = client_rule_settings.version + 1, updated_at = now()`,
    );
    await h.db.execute(sql`delete from pickrr_select_rules where client_id = ${id}`);
    await h.db
      .execute(sql`insert into pickrr_select_rules (client_id, name, priority, active, criterias, courier) values
      (${id}, 'Tea over 2000', 100, true, ${JSON.stringify({ product_list: { list: ["Masala Tea"] }, invoice_value: { list: [{ min: "2000", max: "9000" }] } })}::jsonb,
       ${JSON.stringify({ courier_selection_rule_type: "fastest", active_parent: [], bl_parent: [] })}::jsonb)`);
    const explain = async (extra: Record<string, string>) => {
      const { status, body } = await call(calculatorLoader, CALC, { auth_token: token, ...GOOD, ...extra });
      expect(status).toBe(200);
      return (body.result.explanation as string[]).join("\n");
    };
    const title = "Pickrr Select (5): rule 'Tea over 2000' (priority 100)";
    expect(await explain({})).toContain(`${title} does not match: no product of the shipment is in the product list.`);
    expect(await explain({ product_names: "Kurta,masala tea" })).toContain(
      `${title} does not match: invoice value ₹1,200.00 is outside ₹2,000.00–₹9,000.00.`,
    );
    expect(await explain({ product_names: "Kurta,masala tea", invoice_value: "2500" })).toContain(`${title} matches.`);
    expect(await explain({ product_names: "Kurta,masala tea", cod_amount: "2000" })).toContain(`${title} matches.`);
  });

  it("accepts the token in an Authorization: Token header", async () => {
    const { status } = await call(calculatorLoader, CALC, GOOD, { Authorization: `Token ${token}` });
    expect(status).toBe(200);
  });

  it.each([
    ["shipment_type", "sideways", "shipment_type: Shipment type is required"],
    ["pickup_pincode", "", "pickup_pincode: Pickup Pincode is required"],
    ["pickup_pincode", "4000", "pickup_pincode: Please enter a valid pincode"],
    ["drop_pincode", "", "drop_pincode: Destination Pincode is required"],
    ["drop_pincode", "999999", "drop_pincode: Please enter a valid pincode"],
    ["length", "", "length: Length is required"],
    ["breadth", "", "breadth: Breadth is required"],
    ["height", "", "height: Height is required"],
    ["weight", "", "weight: Weight is required"],
    ["weight", "-1", "weight: Weight must be 0 or more"],
    ["cod_amount", "", "cod_amount: COD amount is required"],
    ["delivery_mode", "rocket", "delivery_mode: Delivery mode must be express or heavy_surface"],
    ["payment_mode", "barter", "payment_mode: Payment mode must be prepaid or cod"],
    ["has_dg", "maybe", "has_dg: Must be Yes or No"],
    ["invoice_value", "lots", "invoice_value: Invoice value must be a number with at most 2 decimals"],
    ["invoice_value", "-10", "invoice_value: Invoice value must be 0 or more"],
  ])("400 when %s is %j", async (field, value, err) => {
    const { status, body } = await call(calculatorLoader, CALC, { auth_token: token, ...GOOD, [field]: value });
    expect(status).toBe(400);
    expect(body).toEqual({ err });
  });

  it("401 for an unknown or missing token", async () => {
    expect(await call(calculatorLoader, CALC, { auth_token: "not-a-token", ...GOOD })).toEqual({
      status: 401,
      body: { err: "Invalid auth token" },
    });
    expect(await call(calculatorLoader, CALC, GOOD)).toEqual({ status: 401, body: { err: "auth_token is required" } });
  });
});

describe("GET /location/pincode-serviceability-v3/", () => {
  it("returns the spec's pincode result", async () => {
    const { status, body } = await call(pincodeLoader, PIN, {
      auth_token: token,
      from_pincode: "400001",
      to_pincode: "110001",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ from_city: "Mumbai", to_city: "Delhi NCR" });
    for (const k of ["has_express", "has_surface", "has_reverse", "has_prepaid", "has_cod"])
      expect(typeof body[k]).toBe("boolean");
    expect(body.courier_list.length).toBeGreaterThan(0);
    expect(Object.keys(body.courier_list[0]).sort()).toEqual([
      "courier_id",
      "edd_stamp",
      "has_cod",
      "has_prepaid",
      "has_reverse",
      "has_surface",
      "is_air",
      "name",
    ]);
  });

  it.each([
    ["from_pincode", "12", "from_pincode: Please enter valid Pincode"],
    ["to_pincode", "", "to_pincode: Please enter valid Pincode"],
    ["to_pincode", "999999", "to_pincode: Please enter valid Pincode"],
  ])("400 when %s is %j", async (field, value, err) => {
    const { status, body } = await call(pincodeLoader, PIN, {
      auth_token: token,
      from_pincode: "400001",
      to_pincode: "110001",
      [field]: value,
    });
    expect(status).toBe(400);
    expect(body).toEqual({ err });
  });

  it("401 for an unknown token", async () => {
    const { status } = await call(pincodeLoader, PIN, {
      auth_token: "x",
      from_pincode: "400001",
      to_pincode: "110001",
    });
    expect(status).toBe(401);
  });
});
