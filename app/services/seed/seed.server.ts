/**
 * The deterministic demo seed: staff hierarchy, clients, couriers and their services,
 * per-client courier switches, segment and client rate cards, the pincode table, then each
 * area's data (AREA_SEEDERS) and settings.
 *
 * Everything random comes from one seeded Prng (forked per part), and every timestamp is
 * derived from a fixed reference date, so two runs with the same seed produce byte-identical
 * tables, password hashes included, except the clients' auth tokens: credentials are random
 * per install (decision 026), so knowing the seed gives no one a token. Tests and the README can therefore
 * name real rows ("tl@demo.test has these clients") without reading them back first.
 */
import { randomBytes } from "node:crypto";

import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";

import { hashPassword } from "../auth/password.server";
import { BoundedMap } from "../core/bounded-map";
import { bulkInsert } from "../db/bulk-insert.server";
import type { Db } from "../db/client.server";
import * as schema from "../db/schema";
import {
  clientCourierServices,
  clients,
  couriers,
  courierServices,
  pincodes,
  rateCardUploads,
  rateRows,
  staff,
} from "../db/schema";
import { transaction } from "../db/transaction.server";
import { buildPincodeRows } from "../geo/pincode-table.server";
import { accountSeeder } from "./account.server";
import { advantageSeeder } from "./advantage.server";
import { COURIER_CATALOGUE, COURIER_SERVICES } from "./demo-data";
import { planRateCards } from "./demo-ratecards";
import { legalSeeder } from "./legal.server";
import { moneySeeder } from "./money.server";
import { ordersSeeder } from "./orders.server";
import { DEFAULT_SEED, DEMO_ACCOUNTS, DEMO_PASSWORD, planPeople, SEED_REFERENCE_DATE } from "./people";
import { createPrng } from "./prng";
import { quoteSeeder } from "./quote.server";
import type { AreaSeeder, SeedContext, SeedOptions } from "./seeder";
import { settingsSeeder } from "./settings.server";

export {
  CLIENTS_WITHOUT_TOKEN,
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoAccount,
  demoClientsWithoutToken,
  plannedDemoClients,
  SEED_REFERENCE_DATE,
} from "./people";
export type { SeedOptions, SeedScale } from "./seeder";

/**
 * The areas' seeders, in the order they run after the base data. A new area (the order book)
 * adds its module here; each draws from its own fork of the seed, so the others' data stays.
 */
export const AREA_SEEDERS: readonly AreaSeeder[] = [
  quoteSeeder,
  advantageSeeder,
  settingsSeeder,
  accountSeeder,
  ordersSeeder,
  moneySeeder,
  legalSeeder,
];

export type SeedCounts = {
  staff: number;
  clients: number;
  couriers: number;
  courierServices: number;
  pincodes: number;
  rateRows: number;
  rateCardUploads: number;
};

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

  return transaction(db, async (tx) => {
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
        max_dead_weight: String(s.max_dead_weight),
        max_chargeable_weight: String(s.max_chargeable_weight),
        max_side: String(s.max_side),
      })),
    );

    const inserted = await bulkInsert(
      tx,
      clients,
      clientPlans.map((c) => ({
        ...c.row,
        // A token is a credential: random per install, never derived from the public seed (decision 026).
        auth_token: c.row.auth_token == null ? null : randomBytes(20).toString("hex"),
        tl_id: staffIds.get(c.chain.tl)!,
        bdm_id: staffIds.get(c.chain.bdm)!,
        avp_id: staffIds.get(c.chain.avp)!,
        vp_id: staffIds.get(c.chain.vp)!,
      })),
      ["id", "email"],
    );
    const clientIds = new Map(inserted.map((r) => [r.email as string, r.id as number]));
    const switches = clientPlans.flatMap((c) =>
      c.services.map((s) => ({
        client_id: clientIds.get(c.row.email)!,
        courier_service_id: s.id,
        is_active: s.active,
      })),
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
        ? [
            {
              client_id: clientIds.get(c.email)!,
              uploaded_by: staffIds.get(c.upload.byEmail)!,
              at: c.upload.at,
              row_count: c.rows.length,
              file_name: c.upload.fileName,
            },
          ]
        : [],
    );
    await bulkInsert(tx, rateCardUploads, uploads);
    await bulkInsert(tx, pincodes, pincodeRows);
    const finishing: { name: string; step: () => Promise<void> }[] = [];
    const context: SeedContext = {
      tx,
      root,
      scale,
      referenceDate,
      seed,
      ordersLater: opts.ordersLater ?? false,
      ordersUntil: opts.ordersUntil ?? referenceDate,
      whenAreasDone: (name, step) => void finishing.push({ name, step }),
    };
    // SEED_TIMING=1: each area's wall and CPU time (the large seed's budget is measured by phase).
    const timed = async (name: string, step: () => Promise<unknown>) => {
      const t0 = Date.now();
      const cpu0 = process.cpuUsage();
      await step();
      if (process.env.SEED_TIMING) {
        const cpu = process.cpuUsage(cpu0);
        console.log(
          `seed: ${name} in ${Date.now() - t0} ms (this process's CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)`,
        );
      }
    };
    for (const seeder of AREA_SEEDERS) await timed(seeder.name, () => seeder.seed(context));
    for (const { name, step } of finishing) await timed(name, step);

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

/** At most one per demo account and seed (decision 084: a bounded cache; the test suite seeds a few seeds). */
export const MAX_DEMO_HASHES = 256;
const demoHashes = new BoundedMap<string, Promise<string>>(MAX_DEMO_HASHES);

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
