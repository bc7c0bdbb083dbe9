/**
 * Everything a quote reads, cached in memory per app server and checked against the database
 * on every use (docs/decisions/008-quote-data-and-caches.md):
 *
 * - the pincode table and courier serviceability, stamped by `data_versions` (statement
 *   triggers bump them on any change), reloaded whole when the stamp moves;
 * - per client: its courier services (with their package limits, decision 071), rate rows and rules (read through rules/rules.server.ts),
 *   fingerprinted by one read over those rows (the courier catalogue's stamp; count, newest
 *   updated_at and sum of versions; the on/off switches; rule code: the database function
 *   `quote_config_stamp`, decision 094), reloaded when the fingerprint differs.
 *
 * So a change made by any process (or by hand in psql) is seen by the next quote everywhere,
 * and the steady-state cost of a quote is one small read plus pure computation.
 */
import { asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import { BoundedMap } from "../core/bounded-map";
import type { DeliveryType, ShipmentType } from "../core/rate-fields";
import type { RuleCode } from "../core/rule-codes";
import type { Db } from "../db/client.server";
import {
  clientCourierServices,
  clientRuleSettings,
  clients,
  couriers,
  courierServices,
  customPriorityRules,
  pickrrSelectRules,
  pincodes,
  rateRows,
} from "../db/schema";
import { readTogether } from "../db/transaction.server";
import type { RowChange } from "../ratecards/changes";
import { overlayRowChanges } from "../ratecards/scheduled";
import { dueChangesFor } from "../ratecards/scheduled.server";
import type { CustomRule, SelectRule } from "../rules/rules";
import {
  customRulesFromRows,
  fetchAllocEngineRules,
  fetchCustomPriorityEngine,
  fetchUserPriorityEngineType,
  ruleCodeFromRow,
  selectRulesFromRows,
} from "../rules/rules.server";
import { packFlags } from "../serviceability/flags";
import { type CompiledLimits, compileLimits } from "./limits";
import { type RateRow, rateRowFromColumns } from "./pricing";
import type { PincodeInfo } from "./zone";

export type PincodeRecord = PincodeInfo & { pincode: number; district: string; office_name: string };

export type PincodeTable = {
  version: string;
  /** Sorted ascending; a pincode's position is its index into serviceability arrays. */
  rows: readonly PincodeRecord[];
  indexOf: ReadonlyMap<number, number>;
};

export type ServiceabilityTable = {
  version: string;
  /** Packed flags (serviceability/flags.ts) per courier brand, one slot per pincode index; 0 = not served. */
  byCourier: ReadonlyMap<number, Uint16Array>;
};

export type ClientService = {
  courier_service_id: number;
  name: string;
  courier_id: number;
  brand: string;
  is_active: boolean;
  is_air: boolean;
  has_surface: boolean;
  supports_dg: boolean;
  supports_mps: boolean;
  supports_doc: boolean;
  /** Package limits in grams and hundredths of a cm, compiled once per load. */
  limits: CompiledLimits;
  rows: Partial<Record<`${ShipmentType}:${DeliveryType}`, RateRow>>;
};

export type ClientQuoteConfig = {
  fingerprint: string;
  rule_code: RuleCode;
  /** Pickrr Configuration's surface_only flag (account set-up). */
  surface_only: boolean;
  services: readonly ClientService[];
  customRules: CustomRule[];
  selectRules: SelectRule[];
  /** Stored rules that could not be read, with why (shown in explanations, never fatal). */
  unreadableRules: string[];
};

type Caches = {
  pincodes?: PincodeTable;
  serviceability?: ServiceabilityTable;
  /** At most MAX_CACHED_CLIENTS, the least recently quoted going first (decision 084). */
  clients: BoundedMap<number, ClientQuoteConfig>;
};

/** Keyed per database handle, so tests with several databases in one process never share. */
const cachesByDb = new WeakMap<object, Caches>();
function cachesFor(db: Db): Caches {
  let c = cachesByDb.get(db);
  if (!c) cachesByDb.set(db, (c = { clients: new BoundedMap(MAX_CACHED_CLIENTS) }));
  return c;
}

/** Clients whose config is kept; the least recently used go first beyond this. */
export const MAX_CACHED_CLIENTS = 2000;

/** For tests: the clients whose quote config is kept for `db`, the least recently used first. */
export const cachedQuoteClients = (db: Db): BoundedMap<number, ClientQuoteConfig> => cachesFor(db).clients;

type Stamps = { pincodes: string; serviceability: string; client: string | null };

/**
 * A client's stamp: its quote config's fingerprint, then `#` and its courier-wise card's pending
 * scheduled rate changes due by the time asked (decision 075): "0/0" when none (the card in force
 * is the table as it is), otherwise their count and newest id, so a config overlaid with them is
 * cached apart from the plain one (plan and segment cards price no quote, decision 076). The
 * database function `quote_config_stamp` (migration 0036) computes it, planned once per
 * connection (decision 094); a client id given as a parameter or a column. A new source of a
 * quote's config joins the stamp by a migration that replaces the function.
 */
const NO_DUE_CHANGES = "0/0";
const clientStamp = (id: SQL, at: Date) => sql`quote_config_stamp(${id}, ${at.toISOString()}::timestamptz)`;

async function readStamps(db: Db, clientId: number | null, at: Date): Promise<Stamps> {
  const id = clientId ?? -1;
  const result = await db.execute<{
    pincodes: string | null;
    serviceability: string | null;
    client: string | null;
  }>(sql`
    select
      (select version::text from data_versions where name = 'pincodes') as pincodes,
      (select version::text from data_versions where name = 'serviceability') as serviceability,
      (select ${clientStamp(sql`${id}::int`, at)} where ${clientId !== null}) as client
  `);
  const row = result.rows[0];
  return { pincodes: row?.pincodes ?? "0", serviceability: row?.serviceability ?? "0", client: row?.client ?? null };
}

async function loadPincodes(db: Db, version: string): Promise<PincodeTable> {
  const rows = await db
    .select({
      pincode: pincodes.pincode,
      office_name: pincodes.office_name,
      city: pincodes.city,
      district: pincodes.district,
      state: pincodes.state,
      is_metro: pincodes.is_metro,
      is_special_zone: pincodes.is_special_zone,
    })
    .from(pincodes)
    .orderBy(asc(pincodes.pincode));
  return { version, rows, indexOf: new Map(rows.map((r, i) => [r.pincode, i])) };
}

async function loadServiceability(db: Db, version: string, table: PincodeTable): Promise<ServiceabilityTable> {
  // One text per courier instead of ~275k result rows: PGlite returns it ~20× faster.
  const result = await db.execute<{ courier_id: number; packed: string }>(sql`
    select courier_id, string_agg(pincode || ':' || (fm_pickup::int) || (lm_delivery::int) || (cod::int) || (prepaid::int)
                                   || (reverse_pickup::int) || (express::int) || (surface::int) || ':' || extra_tat_days, ',') as packed
    from courier_serviceability group by courier_id
  `);
  const byCourier = new Map<number, Uint16Array>();
  for (const { courier_id, packed } of result.rows) {
    const slots = new Uint16Array(table.rows.length);
    for (const entry of packed.split(",")) {
      const [pin, bits, extra] = entry.split(":");
      const index = table.indexOf.get(Number(pin));
      if (index === undefined) continue; // a pincode no longer in the table cannot be quoted
      slots[index] = packFlags({
        fm_pickup: bits[0] === "1",
        lm_delivery: bits[1] === "1",
        cod: bits[2] === "1",
        prepaid: bits[3] === "1",
        reverse_pickup: bits[4] === "1",
        express: bits[5] === "1",
        surface: bits[6] === "1",
        extra_tat_days: Math.min(15, Number(extra)),
      });
    }
    byCourier.set(Number(courier_id), slots);
  }
  return { version, byCourier };
}

const serviceColumns = {
  client_id: clientCourierServices.client_id,
  courier_service_id: courierServices.id,
  name: courierServices.name,
  courier_id: couriers.id,
  brand: couriers.name,
  is_active: clientCourierServices.is_active,
  is_air: courierServices.is_air,
  has_surface: courierServices.has_surface,
  supports_dg: courierServices.supports_dg,
  supports_mps: courierServices.supports_mps,
  supports_doc: courierServices.supports_doc,
  max_dead_weight: courierServices.max_dead_weight,
  max_chargeable_weight: courierServices.max_chargeable_weight,
  max_side: courierServices.max_side,
};
const servicesQuery = (db: Db) =>
  db
    .select(serviceColumns)
    .from(clientCourierServices)
    .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
    .innerJoin(couriers, eq(couriers.id, courierServices.courier_id));
type ServiceRow = Awaited<ReturnType<ReturnType<typeof servicesQuery>["execute"]>>[number];

type ClientRows = {
  services: ServiceRow[];
  rates: (typeof rateRows.$inferSelect)[];
  engineType: ReturnType<typeof ruleCodeFromRow>;
  custom: ReturnType<typeof customRulesFromRows>;
  select: ReturnType<typeof selectRulesFromRows>;
  surfaceOnly: boolean;
};

function clientConfigFrom(
  fingerprint: string,
  { services, rates, engineType, custom, select, surfaceOnly }: ClientRows,
): ClientQuoteConfig {
  const rowsByService = new Map<number, ClientService["rows"]>();
  for (const r of rates) {
    const rows = rowsByService.get(r.courier_service_id) ?? {};
    rows[`${r.shipment_type}:${r.delivery_type}`] = rateRowFromColumns(r);
    rowsByService.set(r.courier_service_id, rows);
  }
  return {
    fingerprint,
    rule_code: engineType.rule_code,
    surface_only: surfaceOnly,
    services: services.map(({ client_id: _, max_dead_weight, max_chargeable_weight, max_side, ...s }) => ({
      ...s,
      limits: compileLimits({ max_dead_weight, max_chargeable_weight, max_side }),
      rows: rowsByService.get(s.courier_service_id) ?? {},
    })),
    customRules: custom.rule_list,
    selectRules: select.rules,
    unreadableRules: [...custom.unreadable, ...select.unreadable],
  };
}

type RateTableRow = typeof rateRows.$inferSelect;

/** An added row before its values (overlayRowChanges fills every one from the addition). */
function blankRow(clientId: number, c: RowChange): RateTableRow {
  const zero = "0.00";
  return {
    id: 0,
    client_id: clientId,
    segment: null,
    courier_service_id: c.courier_service_id,
    shipment_type: c.shipment_type,
    delivery_type: c.delivery_type,
    first_slab: zero,
    second_slab: zero,
    zone_a_base: zero,
    zone_a_add: zero,
    zone_b_base: zero,
    zone_b_add: zero,
    zone_c_base: zero,
    zone_c_add: zero,
    zone_d_base: zero,
    zone_d_add: zero,
    zone_e_base: zero,
    zone_e_add: zero,
    cod_charge: zero,
    cod_percentage: zero,
    surcharge: zero,
    ndd_charge: zero,
    divisor: 5000,
    version: 1,
    updated_at: new Date(0),
  };
}

const surfaceOnlyColumn = sql<boolean>`coalesce((${clients.pickrr_config}->>'surface_only')::boolean, false)`;

async function loadClientConfig(db: Db, clientId: number, fingerprint: string, at: Date): Promise<ClientQuoteConfig> {
  const [services, table, engineType, custom, select, flags, due] = await readTogether(db, [
    () => servicesQuery(db).where(eq(clientCourierServices.client_id, clientId)).orderBy(asc(courierServices.name)),
    () => db.select().from(rateRows).where(eq(rateRows.client_id, clientId)),
    // The spec's rule reads (rules.server.ts): the same answers the Courier Rules screens get.
    () => fetchUserPriorityEngineType(db, clientId),
    () => fetchCustomPriorityEngine(db, clientId),
    () => fetchAllocEngineRules(db, clientId),
    () => db.select({ surface_only: surfaceOnlyColumn }).from(clients).where(eq(clients.id, clientId)),
    () => (fingerprint.endsWith(`#${NO_DUE_CHANGES}`) ? Promise.resolve([]) : dueChangesFor(db, clientId, at)),
  ]);
  // The card in force at `at`: the table, with the scheduled changes due by then that the job has
  // not applied yet laid over it by the job's own rule (ratecards/scheduled.ts).
  const rates = due.length === 0 ? table : overlayRowChanges(table, due, (c) => blankRow(clientId, c));
  return clientConfigFrom(fingerprint, {
    services,
    rates,
    engineType,
    custom,
    select,
    surfaceOnly: flags[0]?.surface_only ?? false,
  });
}

/**
 * Loads many clients' quote configs into the cache with seven set-based reads instead of seven
 * reads a client (the order seed quotes 2,500 clients' lanes). Each config is built from the same
 * rows, in the same order, by the same code as loadClientConfig, under the same fingerprint, so a
 * later quoteData for one of them finds it (and reloads it alone if it changed meanwhile).
 */
export async function preloadClientConfigs(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, ClientQuoteConfig>> {
  const loaded = new Map<number, ClientQuoteConfig>();
  if (clientIds.length === 0) return loaded;
  const ids = [...clientIds];
  const group = <T extends { client_id: number | null }>(rows: T[]) => {
    const by = new Map<number, T[]>();
    for (const r of rows)
      if (r.client_id !== null) (by.get(r.client_id) ?? by.set(r.client_id, []).get(r.client_id)!).push(r);
    return (id: number) => by.get(id) ?? [];
  };
  const [stamps, services, rates, settings, custom, select, flags] = await readTogether(db, [
    () =>
      db.execute<{ id: number; stamp: string }>(
        sql`select c.id, ${clientStamp(sql`c.id`, new Date())} as stamp from unnest(${`{${ids.join(",")}}`}::int[]) as c(id)`,
      ),
    () =>
      servicesQuery(db)
        .where(inArray(clientCourierServices.client_id, ids))
        .orderBy(asc(clientCourierServices.client_id), asc(courierServices.name)),
    () => db.select().from(rateRows).where(inArray(rateRows.client_id, ids)),
    () =>
      db
        .select({ client_id: clientRuleSettings.client_id, rule_code: clientRuleSettings.rule_code })
        .from(clientRuleSettings)
        .where(inArray(clientRuleSettings.client_id, ids)),
    () =>
      db
        .select()
        .from(customPriorityRules)
        .where(inArray(customPriorityRules.client_id, ids))
        .orderBy(asc(customPriorityRules.id)),
    () =>
      db
        .select()
        .from(pickrrSelectRules)
        .where(inArray(pickrrSelectRules.client_id, ids))
        .orderBy(desc(pickrrSelectRules.priority), asc(pickrrSelectRules.id)),
    () =>
      db
        .select({ client_id: clients.id, surface_only: surfaceOnlyColumn })
        .from(clients)
        .where(inArray(clients.id, ids)),
  ]);
  const [servicesOf, ratesOf, settingOf, customOf, selectOf, flagOf] = [
    group(services),
    group(rates),
    group(settings),
    group(custom),
    group(select),
    group(flags),
  ];
  const caches = cachesFor(db);
  for (const { id, stamp } of stamps.rows) {
    const clientId = Number(id);
    caches.clients.delete(clientId);
    // Due scheduled changes (decision 075) are laid over by loadClientConfig; such a client loads alone.
    if (!stamp.endsWith(`#${NO_DUE_CHANGES}`)) continue;
    const config = clientConfigFrom(stamp, {
      services: servicesOf(clientId),
      rates: ratesOf(clientId),
      engineType: ruleCodeFromRow(settingOf(clientId)[0]),
      custom: customRulesFromRows(customOf(clientId)),
      select: selectRulesFromRows(selectOf(clientId)),
      surfaceOnly: flagOf(clientId)[0]?.surface_only ?? false,
    });
    caches.clients.set(clientId, config);
    loaded.set(clientId, config);
  }
  return loaded;
}

export type QuoteData = {
  pincodes: PincodeTable;
  serviceability: ServiceabilityTable;
  client: ClientQuoteConfig | null;
};

/**
 * The current pincode table, serviceability and (when asked) one client's quote config,
 * from the cache when the database says nothing changed.
 */
export async function quoteData(db: Db, clientId: number | null, at: Date = new Date()): Promise<QuoteData> {
  const caches = cachesFor(db);
  const stamps = await readStamps(db, clientId, at);
  if (caches.pincodes?.version !== stamps.pincodes) {
    caches.pincodes = await loadPincodes(db, stamps.pincodes);
    caches.serviceability = undefined; // indexes follow the pincode table
  }
  if (caches.serviceability?.version !== stamps.serviceability) {
    caches.serviceability = await loadServiceability(db, stamps.serviceability, caches.pincodes);
  }
  let client: ClientQuoteConfig | null = null;
  if (clientId !== null && stamps.client !== null) {
    const cached = caches.clients.get(clientId);
    if (cached && cached.fingerprint === stamps.client)
      client = cached; // the get made it the most recent
    else caches.clients.set(clientId, (client = await loadClientConfig(db, clientId, stamps.client, at)));
  }
  return { pincodes: caches.pincodes, serviceability: caches.serviceability!, client };
}

/** Packed serviceability of a courier brand at a pincode index (0 when not served). */
export function packedAt(table: ServiceabilityTable, courierId: number, index: number | undefined): number {
  if (index === undefined) return 0;
  return table.byCourier.get(courierId)?.[index] ?? 0;
}
