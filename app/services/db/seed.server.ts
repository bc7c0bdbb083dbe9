/**
 * The deterministic demo seed: staff hierarchy, clients, couriers and their services,
 * per-client courier switches, segment and client rate cards, the pincode table and settings.
 *
 * Everything random comes from one seeded Prng (forked per part), and every timestamp is
 * derived from a fixed reference date, so two runs with the same seed produce byte-identical
 * tables, password hashes and auth tokens included. Tests and the README can therefore
 * name real rows ("tl@demo.test has these clients") without reading them back first.
 */
import { getTableColumns, getTableName, is, sql, type Column } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { env } from "../env.server";
import { DEFAULT_FINANCE_APPROVER_EMAILS, FINANCE_APPROVERS_SETTING, resolveFinanceApprovers } from "../settings/finance-approvers";
import { hashPassword } from "../auth/password.server";
import { buildPincodeRows } from "../geo/pincode-table.server";
import type { Db, Executor } from "./client.server";
import {
  COURIER_CATALOGUE,
  COURIER_SERVICES,
  PRODUCT_CATEGORY_WEIGHTS,
  bankAccount,
  companyEmail,
  companyName,
  mobileNumber,
  personName,
  slugify,
  type PersonName,
  type ProductCategory,
} from "./demo-data";
import { planClientCard, planReverseRtoRows, planSegmentCards, planServiceProfiles, reverseRtoFactor, type PlannedRateRow } from "./demo-ratecards";
import { seedAdvantage } from "../advantage/seed.server";
import { createPrng, type Prng } from "./prng";
import * as schema from "./schema";
import { clientCourierServices, clients, courierServices, couriers, pincodes, rateCardUploads, rateRows, settings, staff, type BusinessData, type PickrrConfig } from "./schema";
import type { StaffRole } from "../core/roles";

export type SeedScale = "demo" | "large";

export type SeedOptions = {
  scale?: SeedScale;
  seed?: number;
  /** "Now" as far as the data is concerned; all dates lie before it. */
  referenceDate?: Date;
};

export type SeedCounts = {
  staff: number;
  clients: number;
  couriers: number;
  courierServices: number;
  pincodes: number;
  rateRows: number;
  rateCardUploads: number;
};

export const DEFAULT_SEED = 20240601;
export const SEED_REFERENCE_DATE = new Date("2026-11-01T00:00:00Z");

export const DEMO_PASSWORD = "demo-password";

export type DemoAccount = { email: string; name: string; role: StaffRole };

const [approver1, approver2, approver3, approver4, approver5, approver6] = DEFAULT_FINANCE_APPROVER_EMAILS;

/**
 * The accounts one can sign in with (password DEMO_PASSWORD). vp → avp → bdm → tl form one
 * reporting chain; the six finance approvers are KAMs named in FINANCE_APPROVER_EMAILS.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "vp@demo.test", name: "Rajesh Malhotra", role: "vp" },
  { email: "avp@demo.test", name: "Priya Raghavan", role: "avp" },
  { email: "bdm@demo.test", name: "Arjun Mehta", role: "bdm" },
  { email: "tl@demo.test", name: "Sneha Kulkarni", role: "tl" },
  { email: "kam@demo.test", name: "Vikram Nair", role: "kam" },
  { email: "legal@demo.test", name: "Ananya Iyer", role: "legal" },
  { email: approver1, name: "Suresh Agarwal", role: "kam" },
  { email: approver2, name: "Meera Krishnan", role: "kam" },
  { email: approver3, name: "Imran Qureshi", role: "kam" },
  { email: approver4, name: "Kavita Deshpande", role: "kam" },
  { email: approver5, name: "Harpreet Singh", role: "kam" },
  { email: approver6, name: "Lakshmi Menon", role: "kam" },
];

const SCALES = {
  demo: { vp: 3, avp: 6, bdm: 12, tl: 24, clients: 300 },
  large: { vp: 6, avp: 12, bdm: 24, tl: 48, clients: 2500 },
} as const;

/** tl@demo.test's share of all clients: enough to page through, but not most of the book. */
const DEMO_TL_CLIENT_SHARE = 0.07;

const DAY_MS = 86_400_000;


// ---------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: staff.id }).from(staff).limit(1);
  return rows.length > 0;
}

/** Every table the schema declares, so a table added later is truncated without edits here. */
function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
}

export async function resetDatabase(db: Db): Promise<void> {
  const names = schemaTableNames().map((name) => `"${name.replace(/"/g, '""')}"`);
  await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(", ")} RESTART IDENTITY CASCADE`));
}

/**
 * Fills an empty database (freshly migrated, or after resetDatabase) in one transaction.
 * Refuses to run on a database that already has staff, rather than half-merging.
 */
export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const scale = opts.scale ?? "demo";
  const seed = opts.seed ?? DEFAULT_SEED;
  const referenceDate = opts.referenceDate ?? SEED_REFERENCE_DATE;
  const root = createPrng(seed);

  // scrypt runs on libuv's thread pool, so these ~250 ms hashes proceed in parallel with
  // building the rows below. Salts come from the seed so the hashes are reproducible too.
  const saltRng = root.fork("password-salts");
  const salts = DEMO_ACCOUNTS.map(() => Buffer.from(saltRng.bytes(16)));
  const hashing = Promise.all(salts.map((salt) => demoPasswordHash(salt)));
  hashing.catch(() => {}); // Surfaced by the await below; avoids an unhandled rejection if planning throws first.

  const { plan, clientPlans } = planPeople(root, scale, referenceDate);
  const rateCards = planRateCards(root.fork("rate-cards"), clientPlans, referenceDate);
  const pincodeRows = buildPincodeRows();
  const hashByEmail = new Map((await hashing).map((hash, i) => [DEMO_ACCOUNTS[i].email, hash]));

  return db.transaction(async (tx) => {
    if ((await tx.select({ id: staff.id }).from(staff).limit(1)).length > 0) {
      throw new Error("The database already has staff; run resetDatabase() before seeding again.");
    }

    // Staff, one level at a time so each level can point at its managers' new ids.
    const staffIds = new Map<string, number>();
    for (const level of plan.levels) {
      const inserted = await tx
        .insert(staff)
        .values(
          level.map((p) => ({
            name: p.name,
            email: p.email,
            role: p.role,
            password_hash: hashByEmail.get(p.email) ?? null,
            manager_id: p.managerEmail ? staffIds.get(p.managerEmail)! : null,
            created_at: p.createdAt,
          })),
        )
        .returning({ id: staff.id, email: staff.email });
      for (const row of inserted) staffIds.set(row.email, row.id);
    }

    const courierRows = await tx
      .insert(couriers)
      .values(COURIER_CATALOGUE.map((c) => ({ name: c.name, coverage: c.coverage, regions: [...c.regions] })))
      .returning({ id: couriers.id, name: couriers.name });
    const courierIds = new Map(courierRows.map((c) => [c.name, c.id]));
    await tx.insert(courierServices).values(
      COURIER_SERVICES.map((s) => ({
        id: s.id,
        courier_id: courierIds.get(s.courier)!,
        name: s.name,
        has_surface: s.has_surface,
        is_air: s.is_air,
        forward_first_slab: s.forward_first_slab,
        supports_dg: s.supports_dg,
        supports_mps: s.supports_mps,
        supports_doc: s.supports_doc,
      })),
    );

    const inserted = await bulkInsert(
      tx,
      clients,
      clientPlans.map((c) => ({
        ...c.row,
        tl_id: staffIds.get(c.chain.tl)!,
        bdm_id: staffIds.get(c.chain.bdm)!,
        avp_id: staffIds.get(c.chain.avp)!,
        vp_id: staffIds.get(c.chain.vp)!,
      })),
      ["id", "email"],
    );
    const clientIds = new Map(inserted.map((r) => [r.email as string, r.id as number]));
    const switches = clientPlans.flatMap((c) =>
      c.services.map((s) => ({ client_id: clientIds.get(c.row.email)!, courier_service_id: s.id, is_active: s.active })),
    );
    await bulkInsert(tx, clientCourierServices, switches);
    const rateRowValues: (typeof rateRows.$inferInsert)[] = [
      ...rateCards.segmentRows,
      ...rateCards.clientCards.flatMap((c) =>
        c.rows.map((r) => ({ ...r, client_id: clientIds.get(c.email)!, segment: null, updated_at: c.updatedAt })),
      ),
    ];
    await bulkInsert(tx, rateRows, rateRowValues);
    const uploads = rateCards.clientCards.flatMap((c) =>
      c.upload
        ? [{ client_id: clientIds.get(c.email)!, uploaded_by: staffIds.get(c.upload.byEmail)!, at: c.upload.at, row_count: c.rows.length, file_name: c.upload.fileName }]
        : [],
    );
    await bulkInsert(tx, rateCardUploads, uploads);
    await bulkInsert(tx, pincodes, pincodeRows);
    await (await import("../quote/seed.server")).seedQuoteData(tx, root.fork("quote")); // issue 5: serviceability and courier rules
    await seedAdvantage(tx, referenceDate);

    // The stored setting starts as the configured list (the environment's, else the six demo approvers).
    const approvers = resolveFinanceApprovers(env().FINANCE_APPROVER_EMAILS, undefined);
    await tx
      .insert(settings)
      .values({ key: FINANCE_APPROVERS_SETTING, value: approvers })
      .onConflictDoUpdate({ target: settings.key, set: { value: approvers } });

    return {
      staff: staffIds.size,
      clients: clientPlans.length,
      couriers: courierRows.length,
      courierServices: COURIER_SERVICES.length,
      pincodes: pincodeRows.length,
      rateRows: rateRowValues.length,
      rateCardUploads: uploads.length,
    };
  });
}

/**
 * The clients seedDemoData writes, in insert order (so `id` is the row id of a freshly seeded
 * database), worked out without a database: the same forks of the same Prng. Browser tests
 * use it to name seeded clients, and the auth tokens their sellers hold, without seeding a
 * copy of the database.
 */
export function plannedDemoClients(opts: SeedOptions = {}): { id: number; name: string; email: string; auth_token: string | null; chain: Chain }[] {
  const { clientPlans } = planPeople(createPrng(opts.seed ?? DEFAULT_SEED), opts.scale ?? "demo", opts.referenceDate ?? SEED_REFERENCE_DATE);
  return clientPlans.map((c, i) => ({ id: i + 1, name: c.row.name, email: c.row.email, auth_token: c.row.auth_token ?? null, chain: c.chain }));
}

/** Staff and clients (the one place both seedDemoData and plannedDemoClients plan them). */
function planPeople(root: Prng, scale: SeedScale, referenceDate: Date): { plan: HierarchyPlan; clientPlans: ClientPlan[] } {
  const plan = planStaff(root.fork("staff"), SCALES[scale], referenceDate);
  const clientPlans = planClients(root.fork("clients"), SCALES[scale].clients, plan, referenceDate);
  for (const c of pickClientsWithoutToken(root.fork("tokenless-clients"), clientPlans)) c.row.auth_token = null;
  return { plan, clientPlans };
}

/** How many demo clients have no auth token (spec §6: their downloads and uploads are disabled). */
export const CLIENTS_WITHOUT_TOKEN = 3;

/**
 * The clients seeded without an auth token: outside the demo avp@ → bdm@ → tl@ chain (whose
 * clients the browser tests edit) and not among the first ten by id (tests and benchmarks
 * take those), chosen from a stream of their own so no other draw moves.
 */
function pickClientsWithoutToken(rng: Prng, clientPlans: readonly ClientPlan[]): ClientPlan[] {
  const demoAvp = DEMO_ACCOUNTS.find((a) => a.role === "avp")!.email;
  const eligible = clientPlans.filter((c, i) => i >= 10 && c.chain.avp !== demoAvp);
  return rng.sample(eligible, CLIENTS_WITHOUT_TOKEN);
}

/** The demo clients the seed leaves without an auth token, for tests that need one (planning only; no database). */
export function demoClientsWithoutToken(opts: SeedOptions = {}): { email: string; company_name: string }[] {
  const { clientPlans } = planPeople(createPrng(opts.seed ?? DEFAULT_SEED), opts.scale ?? "demo", opts.referenceDate ?? SEED_REFERENCE_DATE);
  return clientPlans.filter((c) => c.row.auth_token == null).map((c) => ({ email: c.row.email, company_name: c.row.company_name }));
}

const demoHashes = new Map<string, Promise<string>>();

/**
 * scrypt is deliberately slow (~250 ms, 128 MiB each). The same seed always yields the same
 * salts and so the same hashes, so a process that seeds repeatedly (the test suite) computes
 * each one once. A failed hash is forgotten so a retry recomputes it.
 */
function demoPasswordHash(salt: Buffer): Promise<string> {
  const key = salt.toString("hex");
  let hash = demoHashes.get(key);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD, salt);
    hash.catch(() => demoHashes.delete(key));
    demoHashes.set(key, hash);
  }
  return hash;
}

/**
 * Inserts many rows with one statement and one bind parameter: the rows travel as a JSON
 * array that PostgreSQL unpacks with json_populate_recordset. Drizzle's multi-row VALUES
 * needs a parameter per cell, and PGlite spends ~4x longer binding 19k pincodes × 9 columns
 * than parsing the same data as one JSON text. Columns left out of the rows get their
 * defaults, as with a normal INSERT. Works the same on PGlite and PostgreSQL.
 */
export async function bulkInsert<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly T["$inferInsert"][],
  returning: readonly (keyof T["$inferSelect"] & string)[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]);
  const list = (names: readonly string[]) => sql.join(names.map((k) => sql.identifier(columns[k].name)), sql`, `);
  // JSON.stringify turns Dates into ISO-8601 strings, which timestamptz parses exactly.
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((k) => [columns[k].name, (row as Record<string, unknown>)[k]]))),
  );
  const result = await tx.execute(
    sql`insert into ${table} (${list(keys)}) select ${list(keys)} from json_populate_recordset(null::${table}, ${json}::json)${
      returning.length ? sql` returning ${list(returning)}` : sql``
    }`,
  );
  return result.rows;
}

// ---------------------------------------------------------------------------------------
// Planning: all randomness happens here, before the database is touched
// ---------------------------------------------------------------------------------------

type StaffPlan = {
  name: string;
  email: string;
  role: StaffRole;
  managerEmail: string | null;
  createdAt: Date;
};

type Chain = { vp: string; avp: string; bdm: string; tl: string };

type HierarchyPlan = {
  /** Insert order: each level's managers are in an earlier level. */
  levels: StaffPlan[][];
  /** Every TL's full chain, by TL email; the demo TL first. */
  chains: Chain[];
};

/** A date `minDays`–`maxDays` before the reference, at a working hour in India (09:00–20:00 IST). */
function dateBefore(rng: Prng, reference: Date, minDays: number, maxDays: number): Date {
  const day = Math.floor(reference.getTime() / DAY_MS) - rng.int(minDays, maxDays);
  const istOffsetMinutes = 330;
  const minuteOfDay = rng.int(9 * 60, 20 * 60 - 1) - istOffsetMinutes;
  return new Date(day * DAY_MS + minuteOfDay * 60_000 + rng.int(0, 59) * 1000);
}

function planStaff(rng: Prng, counts: (typeof SCALES)[SeedScale], reference: Date): HierarchyPlan {
  const demoAccountFor = (role: StaffRole) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const usedNames = new Set(DEMO_ACCOUNTS.map((a) => a.name));
  const usedEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));

  function newPerson(): { name: string; email: string } {
    for (;;) {
      const p = personName(rng);
      const email = `${slugify(p.first)}.${slugify(p.last)}@demo.test`;
      if (usedNames.has(p.full) || usedEmails.has(email)) continue;
      usedNames.add(p.full);
      usedEmails.add(email);
      return { name: p.full, email };
    }
  }

  // Seniority shows in tenure: VPs have been around longest, TLs the shortest.
  const tenureDays: Record<StaffRole, [number, number]> = {
    vp: [1100, 1500],
    avp: [900, 1400],
    bdm: [500, 1300],
    tl: [120, 1100],
    kam: [200, 1200],
    legal: [300, 1200],
  };

  /**
   * `count` people of a role, spread evenly over their managers (child i reports to manager
   * ⌊i·m/count⌋). Slot 0 is the demo account, reporting to the previous level's slot 0,
   * which is how vp@ → avp@ → bdm@ → tl@ form one chain; bdm@ also gets slot 1's TL.
   */
  function level(role: "vp" | "avp" | "bdm" | "tl", count: number, managers: StaffPlan[] | null): StaffPlan[] {
    return Array.from({ length: count }, (_, i) => {
      const person = i === 0 ? demoAccountFor(role) : newPerson();
      const manager = managers ? managers[Math.floor((i * managers.length) / count)] : null;
      const [minDays, maxDays] = tenureDays[role];
      return {
        name: person.name,
        email: person.email,
        role,
        managerEmail: manager?.email ?? null,
        createdAt: dateBefore(rng, reference, minDays, maxDays),
      };
    });
  }

  const vps = level("vp", counts.vp, null);
  const avps = level("avp", counts.avp, vps);
  const bdms = level("bdm", counts.bdm, avps);
  const tls = level("tl", counts.tl, bdms);
  // KAMs, legal and the finance approvers sit outside the sales chain.
  const others: StaffPlan[] = DEMO_ACCOUNTS.filter((a) => a.role === "kam" || a.role === "legal").map((a) => ({
    name: a.name,
    email: a.email,
    role: a.role,
    managerEmail: null,
    createdAt: dateBefore(rng, reference, ...tenureDays[a.role]),
  }));

  const byEmail = new Map([...vps, ...avps, ...bdms].map((p) => [p.email, p]));
  const chains = tls.map((tl) => {
    const bdm = byEmail.get(tl.managerEmail!)!;
    const avp = byEmail.get(bdm.managerEmail!)!;
    return { tl: tl.email, bdm: bdm.email, avp: avp.email, vp: avp.managerEmail! };
  });
  return { levels: [vps, avps, bdms, tls, others], chains };
}

type RateCardPlan = {
  segmentRows: (typeof rateRows.$inferInsert)[];
  clientCards: {
    email: string;
    rows: PlannedRateRow[];
    updatedAt: Date;
    upload: { at: Date; byEmail: string; fileName: string } | null;
  }[];
};

const SEGMENT_OF_TIN: Record<string, 0 | 1 | 2> = { Segment_1: 0, Segment_2: 1, Segment_3: 2 };

/**
 * Segment cards over every service, and for each client a card for its switched-on services
 * derived from its customer segment (business_data.tin_number Segment_1…3 → segment 0…2).
 * About 5 % of clients have uploaded a negotiated card, by their vp, after they joined.
 */
function planRateCards(rng: Prng, clientPlans: readonly ClientPlan[], reference: Date): RateCardPlan {
  const profiles = planServiceProfiles(rng.fork("services"), COURIER_SERVICES);
  const segments = planSegmentCards(rng.fork("segments"), profiles);
  const profileById = new Map(profiles.map((p) => [p.service.id, p]));
  const segmentsUpdatedAt = new Date(reference.getTime() - 120 * DAY_MS);
  const clientRng = rng.fork("clients");
  // Reverse RTO rows come from a stream of their own, so they move no other draw: every
  // segment prices them; about a third of the clients have them.
  const reverseRto = rng.fork("reverse-rto");
  const segmentReverseRto = new Map(profiles.map((p) => [p.service.id, reverseRtoFactor(reverseRto)]));
  return {
    segmentRows: segments.flatMap((card) =>
      [...card.rows, ...planReverseRtoRows(card.rows, (r) => segmentReverseRto.get(r.courier_service_id)!, "whole")].map((r) => ({
        ...r,
        client_id: null,
        segment: card.segment,
        updated_at: segmentsUpdatedAt,
      })),
    ),
    clientCards: clientPlans.map((c) => {
      const joined = c.row.date_joined as Date;
      const uploaded = clientRng.chance(0.05);
      const planned = planClientCard(clientRng, profileById, segments, {
        segment: SEGMENT_OF_TIN[c.row.business_data.tin_number ?? ""] ?? 1,
        serviceIds: c.services.map((s) => s.id),
        uploaded,
      });
      const rows = reverseRto.chance(0.35) ? [...planned, ...planReverseRtoRows(planned, () => reverseRtoFactor(reverseRto), "half")] : planned;
      const daysSinceJoined = Math.max(1, Math.floor((reference.getTime() - joined.getTime()) / DAY_MS));
      const upload = uploaded
        ? {
            at: dateBefore(clientRng, reference, 1, Math.max(1, daysSinceJoined - 1)),
            byEmail: c.chain.vp,
            fileName: `ratecard_${c.row.email.replace(/[^a-z0-9]+/gi, "_")}.csv`,
          }
        : null;
      return { email: c.row.email, rows, updatedAt: upload?.at ?? joined, upload };
    }),
  };
}

type ClientPlan = {
  row: Omit<typeof clients.$inferInsert, "tl_id" | "bdm_id" | "avp_id" | "vp_id">;
  chain: Chain;
  services: { id: number; active: boolean }[];
};

function planClients(rng: Prng, count: number, hierarchy: HierarchyPlan, reference: Date): ClientPlan[] {
  // Who looks after whom: tl@demo.test gets a fixed share; the other TLs' books vary in size
  // like real ones do. The list is shuffled so the demo TL's clients span all join dates.
  const [demoChain, ...otherChains] = hierarchy.chains;
  const demoShare = Math.round(count * DEMO_TL_CLIENT_SHARE);
  const bookSizes = otherChains.map((c) => [c, rng.float(0.4, 1.6)] as const);
  const owners = rng.shuffle([
    ...Array.from({ length: demoShare }, () => demoChain),
    ...Array.from({ length: count - demoShare }, () => rng.weighted(bookSizes)),
  ]);

  // Owners are unique people, and none shares a name with staff, so a search by name finds
  // the one person a test or a demo expects.
  const usedNames = new Set(hierarchy.levels.flat().map((s) => s.name));
  const usedCompanies = new Set<string>();
  const usedEmails = new Set<string>();
  const usedPhones = new Set<string>();

  return owners.map((chain) => {
    let owner = personName(rng);
    while (usedNames.has(owner.full)) owner = personName(rng);
    usedNames.add(owner.full);
    const category = rng.weighted(PRODUCT_CATEGORY_WEIGHTS);
    let company = companyName(rng, category);
    while (usedCompanies.has(slugify(company.core))) company = companyName(rng, category);
    usedCompanies.add(slugify(company.core));
    let email = companyEmail(rng, company, owner);
    while (usedEmails.has(email)) email = companyEmail(rng, company, owner);
    usedEmails.add(email);
    let phone = mobileNumber(rng);
    while (usedPhones.has(phone)) phone = mobileNumber(rng);
    usedPhones.add(phone);

    // Sign-ups grow over time: the square root skews join dates toward the recent past.
    const daysAgo = Math.max(1, Math.round(3 * 365 * (1 - Math.sqrt(rng.next()))));
    const business = businessData(rng, category, company.name, company.core, owner);
    const config = pickrrConfig(rng, business, slugify(company.core), phone);
    return {
      row: {
        name: owner.full,
        email,
        company_name: company.name,
        phone_number: phone,
        date_joined: dateBefore(rng, reference, daysAgo, daysAgo),
        auth_token: rng.hex(20),
        password_hash: null,
        business_data: business,
        pickrr_config: config,
      },
      chain,
      services: courierSwitches(rng, category, config.surface_only),
    };
  });
}

function businessData(
  rng: Prng,
  category: ProductCategory,
  companyName: string,
  companyCore: string,
  owner: PersonName,
): BusinessData {
  const slug = slugify(companyCore);
  // A long tail: most sellers ship a handful a day, a few ship hundreds.
  const avgPerDay = rng.weighted<[number, number]>([
    [[1, 10], 50],
    [[11, 50], 30],
    [[51, 200], 15],
    [[201, 1000], 5],
  ]);
  const avg = rng.int(avgPerDay[0], avgPerDay[1]);
  const bank = rng.chance(0.7) ? bankAccount(rng) : null;
  return {
    label_logo: rng.chance(0.3) ? `https://cdn.demo.test/label-logos/${slug}.png` : null,
    account_holder: rng.weighted<1 | 2 | 3 | 4>([
      [1, 50],
      [2, 30],
      [3, 8],
      [4, 12],
    ]),
    product_category: category,
    // Proprietors often settle to a personal account; banks print names in capitals.
    account_name: bank ? (rng.chance(0.2) ? owner.full : companyName).toUpperCase() : null,
    account_number: bank?.account_number ?? null,
    bank_name: bank?.bank_name ?? null,
    ifsc_code: bank?.ifsc_code ?? null,
    avg_per_day_order: avg,
    daily_order_threshold: rng.chance(0.6) ? Math.ceil((avg * rng.int(2, 4)) / 10) * 10 : null,
    tin_number: rng.weighted([
      ["Segment_1", 20],
      ["Segment_2", 35],
      ["Segment_3", 45],
    ]),
    agreement_link: rng.chance(0.6) ? `https://docs.demo.test/agreements/${slug}-v1.pdf` : null,
    liability_amount: rng.chance(0.5) ? rng.pick(["2500.00", "5000.00", "10000.00", "25000.00", "50000.00"]) : null,
    key: rng.chance(0.35) ? `SME${rng.int(10_000, 99_999)}` : null,
  };
}

function pickrrConfig(rng: Prng, business: BusinessData, companySlug: string, phone: string): PickrrConfig {
  const hasWallet = rng.chance(0.2);
  return {
    allow_duplicate_cid: rng.chance(0.1),
    api_token: rng.chance(0.35),
    deduct_cod: rng.chance(0.25),
    from_mobile: rng.chance(0.15),
    has_fixed_rto_add: rng.chance(0.3),
    has_invoice_table_label: rng.chance(0.2),
    has_wallet: hasWallet,
    is_marketplace: business.account_holder === 2 ? rng.chance(0.8) : rng.chance(0.05),
    is_premium: rng.chance(0.1),
    ndr_messaging: rng.chance(0.6),
    order_id_barcode: rng.chance(0.5),
    pickup_notification: rng.chance(0.7),
    reference_id_barcode: rng.chance(0.3),
    send_performance_report: rng.chance(0.4),
    sms_notify: rng.chance(0.75),
    surface_only: rng.chance(0.12),
    wallet_alert: hasWallet && rng.chance(0.7),
    disable_legal: rng.chance(0.05),
    // Prepaid wallet sellers get no credit; billed sellers get the usual terms.
    credit_period: hasWallet
      ? 0
      : rng.weighted([
          [0, 30],
          [7, 25],
          [10, 5],
          [15, 25],
          [21, 5],
          [30, 10],
        ]),
    // Sellers with a branded tracking page pick a short code, usually from their name.
    tracking_code: rng.chance(0.2) ? companySlug.slice(0, 4).toUpperCase() + rng.int(10, 99) : null,
    support_phone_number: rng.chance(0.5) ? (rng.chance(0.6) ? phone : mobileNumber(rng)) : null,
    otp: rng.weighted([
      [4, 60],
      [3, 10],
      [5, 15],
      [6, 10],
      [8, 5],
    ]),
  };
}

/**
 * A seller's switched-on services: 6–15 picked by popularity (heavy services more likely
 * for electronics and home goods, none by air for surface-only sellers), a few paused.
 */
function courierSwitches(rng: Prng, category: ProductCategory, surfaceOnly: boolean): ClientPlan["services"] {
  const bulky = category === "electronics" || category === "others";
  let pool = COURIER_SERVICES.filter((s) => !(surfaceOnly && s.is_air && !s.has_surface)).map(
    (s) => [s.id, s.popularity * (bulky && s.forward_first_slab >= 5 ? 3 : 1)] as [number, number],
  );
  const picked: number[] = [];
  for (let n = rng.int(6, 15); n > 0 && pool.length > 0; n--) {
    const id = rng.weighted(pool);
    picked.push(id);
    pool = pool.filter(([x]) => x !== id);
  }
  picked.sort((a, b) => a - b);
  const services = picked.map((id) => ({ id, active: !rng.chance(0.1) }));
  if (services.every((s) => !s.active)) services[0].active = true;
  return services;
}
