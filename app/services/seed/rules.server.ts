/**
 * Demo courier-selection data for every client: its selection type, a few custom priority
 * rules and a few Pickrr Select rules, built from the client's own switched-on couriers so
 * every rule names couriers the client really has. Deterministic (one Prng fork).
 */
import { asc, eq } from "drizzle-orm";

import type { RuleCode } from "../core/rule-codes";
import { type Zone, ZONES } from "../core/zones";
import { bulkInsert } from "../db/bulk-insert.server";
import type { Tx } from "../db/client.server";
import {
  clientCourierServices,
  clientRuleSettings,
  couriers,
  courierServices,
  customPriorityRules,
  pickrrSelectRules,
} from "../db/schema";
import type { OrderType, SelectRule, ServiceType } from "../rules/rules";
import { customRuleToStored } from "../rules/rules";
import type { Prng } from "./prng";

type ClientService = {
  client_id: number;
  name: string;
  brand: string;
  has_surface: boolean;
  is_air: boolean;
  active: boolean;
};

const CUSTOM_LANES: readonly { service_type: ServiceType; zone_list: Zone[]; order_type: OrderType[] }[] = [
  { service_type: "express", zone_list: ["A", "B"], order_type: ["prepaid", "cod"] },
  { service_type: "express", zone_list: ["C", "D"], order_type: ["prepaid"] },
  { service_type: "express", zone_list: ["C", "D", "E"], order_type: ["cod"] },
  { service_type: "express", zone_list: [...ZONES], order_type: ["reverse"] },
  { service_type: "surface", zone_list: ["A", "B", "C"], order_type: ["prepaid", "cod"] },
  { service_type: "surface", zone_list: ["D", "E"], order_type: ["prepaid", "cod"] },
];

const PRODUCTS = ["Kurta", "Saree", "Earrings", "Phone Case", "Face Serum", "Masala Tea", "Wall Art", "Sneakers"];
const METRO_PINCODES = ["110001", "400001", "560001", "600001", "500001", "700001", "380001", "411001"];
const LANES = [
  { from: "Maharashtra", to: "Karnataka" },
  { from: "Delhi", to: "Uttar Pradesh" },
  { from: "Gujarat", to: "Maharashtra" },
  { from: "Tamil Nadu", to: "Kerala" },
  { from: "Delhi NCR", to: "Mumbai" },
];

type SelectTemplate = Omit<SelectRule, "priority" | "validity" | "courier"> & {
  selection: SelectRule["courier"]["courier_selection_rule_type"];
};

function selectTemplates(rng: Prng): SelectTemplate[] {
  return [
    {
      name: "COD orders to special zones",
      criterias: { order_type: { list: ["cod"] }, zone_list: { list: ["E"] } },
      selection: "priority",
    },
    { name: "Heavy parcels", criterias: { weight: { list: [{ min: "5", max: "50" }] } }, selection: "cheapest" },
    {
      name: "Light prepaid express",
      criterias: {
        order_type: { list: ["prepaid"] },
        service_type: { list: ["express"] },
        weight: { list: [{ min: "0", max: "0.5" }] },
      },
      selection: "fastest",
    },
    {
      name: "High value",
      criterias: { invoice_value: { list: [{ min: "5000", max: "100000" }] } },
      selection: "fastest",
    },
    {
      name: "Metro pickups",
      criterias: { pincode_list: { fm: rng.sample(METRO_PINCODES, 3) } },
      selection: "priority",
    },
    {
      name: "Metro deliveries",
      criterias: { pincode_list: { lm: rng.sample(METRO_PINCODES, 4) }, zone_list: { list: ["C"] } },
      selection: "cheapest",
    },
    { name: "Best sellers", criterias: { product_list: { list: rng.sample(PRODUCTS, 2) } }, selection: "priority" },
    { name: "Key lanes", criterias: { lane_list: { list: rng.sample(LANES, 2) } }, selection: "priority" },
    { name: "Reverse pickups", criterias: { order_type: { list: ["reverse"] } }, selection: "cheapest" },
  ];
}

/** Rules and blacklists name a service ("Blue Dart Air 0.5kg") or its brand ("Blue Dart"). */
const ruleName = (rng: Prng, s: ClientService) => (rng.chance(0.5) ? s.brand : s.name);

export async function seedCourierRules(
  tx: Tx,
  rng: Prng,
): Promise<{ settings: number; customRules: number; selectRules: number }> {
  const rows: ClientService[] = await tx
    .select({
      client_id: clientCourierServices.client_id,
      name: courierServices.name,
      brand: couriers.name,
      has_surface: courierServices.has_surface,
      is_air: courierServices.is_air,
      active: clientCourierServices.is_active,
    })
    .from(clientCourierServices)
    .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
    .innerJoin(couriers, eq(couriers.id, courierServices.courier_id))
    .orderBy(asc(clientCourierServices.client_id), asc(courierServices.id));
  const byClient = new Map<number, ClientService[]>();
  for (const r of rows) byClient.set(r.client_id, [...(byClient.get(r.client_id) ?? []), r]);

  const settings: (typeof clientRuleSettings.$inferInsert)[] = [];
  const custom: (typeof customPriorityRules.$inferInsert)[] = [];
  const select: (typeof pickrrSelectRules.$inferInsert)[] = [];
  for (const [client_id, services] of byClient) {
    const rule_code = rng.weighted<RuleCode>([
      ["3", 35],
      ["4", 15],
      ["0", 25],
      ["5", 25],
    ]);
    settings.push({ client_id, rule_code });

    for (const lane of rng.sample(CUSTOM_LANES, rng.int(2, 4))) {
      // Surface rules list only couriers with surface support (docs/product.md §5).
      const pool = services.filter((s) => (lane.service_type === "surface" ? s.has_surface : s.is_air));
      if (pool.length === 0) continue;
      const names = [...new Set(rng.sample(pool, rng.int(1, Math.min(5, pool.length))).map((s) => ruleName(rng, s)))];
      custom.push({
        client_id,
        ...customRuleToStored({ ...lane, courier_list: names.map((name, i) => ({ name, priority: i + 1 })) }),
      });
    }

    const templates = rng.sample(selectTemplates(rng), rng.int(2, 4));
    templates.forEach((t, i) => {
      const picked = rng.sample(services, Math.min(services.length, rng.int(2, 4)));
      const blacklisted = rng.chance(0.4) ? [ruleName(rng, rng.pick(services))] : [];
      const active_parent =
        t.selection === "priority" ? picked.map((s, slot) => ({ name: ruleName(rng, s), priority: slot + 1 })) : [];
      select.push({
        client_id,
        name: t.name,
        // A new rule gets 100 minus the count of existing rules (docs/product.md §4).
        priority: 100 - i,
        active: i === 0 || rng.chance(0.85),
        criterias: t.criterias as Record<string, unknown>,
        courier: {
          courier_selection_rule_type: t.selection,
          active_parent,
          bl_parent: blacklisted.filter((b) => !active_parent.some((a) => a.name === b)),
        },
      });
    });
  }
  await bulkInsert(tx, clientRuleSettings, settings);
  await bulkInsert(tx, customPriorityRules, custom);
  await bulkInsert(tx, pickrrSelectRules, select);
  return { settings: settings.length, customRules: custom.length, selectRules: select.length };
}
