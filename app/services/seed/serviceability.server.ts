/**
 * Builds `courier_serviceability` from the pincode table and the couriers in one
 * INSERT … SELECT: ~20 couriers × ~19k pincodes never travel through JavaScript.
 *
 * Random draws are integer hashes of (courier, pincode) — and of (courier, district) for the
 * district-level draw — so the coverage is deterministic, identical on PGlite and PostgreSQL,
 * and a courier's rows depend only on its own name and the pincode table (adding a courier
 * reshuffles nobody else). Each draw multiplies the key by its own large odd constant modulo
 * the prime 2^31 − 1 (a Lehmer step): plain bigint arithmetic, ~10× cheaper than md5 per row
 * on PGlite, and adjacent pincodes land far apart.
 */
import { sql } from "drizzle-orm";

import type { Db } from "../db/client.server";
import { COVERAGE_PROFILES, type CoverageProfile } from "./coverage";

type Executor = Pick<Db, "execute">;

const MODULUS = 2147483647;
/** One multiplier per draw; large and unrelated so the draws of one key do not move together. */
const MULTIPLIERS = [1103515245, 1664525013, 2089340587, 1812433253, 1440662683, 1957305691, 1597334677, 1234567891];

/** Draw n in [0, 1) for an integer key expression. */
const draw = (key: string, n: number) =>
  sql.raw(`(((${key}) % ${MODULUS}) * ${MULTIPLIERS[n]}::bigint % ${MODULUS})::float8 / ${MODULUS}`);

/** A courier's salt (0–999) from its name: FNV-1a, so it depends on nothing but the name. */
export function courierSalt(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 1000;
}

export async function seedServiceability(
  tx: Executor,
  profiles: readonly CoverageProfile[] = COVERAGE_PROFILES,
): Promise<number> {
  // key: pincode (6 digits) × 1000 + the courier's salt; district key: its hash × 1000 + salt.
  const u = (n: number) => draw("(a.pincode::bigint * 1000 + a.salt)", n);
  const du = draw("(a.district_hash * 1000 + a.salt)", 7);
  // Salts and district hashes are computed once (materialised), not per row.
  const salted = profiles.map((p) => ({ ...p, salt: courierSalt(p.courier) }));
  const result = await tx.execute(sql`
    with cfg as materialized (
      select c.id as courier_id, c.coverage = 'national' as national, c.regions, p.*
      from json_to_recordset(${JSON.stringify(salted)}::json) as p(
        courier text, salt int, district_share float8, pincode_share float8, special_factor float8, fm_share float8,
        cod_share float8, reverse_share float8, express_share float8, surface_share float8, has_air boolean, has_surface boolean)
      join couriers c on c.name = p.courier
    ),
    pins as materialized (
      select pc.pincode, pc.state, pc.is_metro, pc.is_special_zone, d.district_hash
      from pincodes pc
      join (select state, district, ('x' || substr(md5(state || '|' || district), 1, 7))::bit(28)::bigint as district_hash
            from pincodes group by state, district) d on d.state = pc.state and d.district = pc.district
    ),
    a as (
      select cfg.*, pins.*, case when pins.is_special_zone then cfg.special_factor else 1 end as f
      from cfg join pins on cfg.national or cfg.regions ? pins.state
    )
    insert into courier_serviceability
      (courier_id, pincode, fm_pickup, lm_delivery, cod, prepaid, reverse_pickup, express, surface, extra_tat_days)
    select courier_id, pincode,
           is_metro or ${u(1)} < fm_share * f,
           true,
           ${u(2)} < cod_share * f,
           true,
           ${u(3)} < reverse_share * f,
           has_air and (is_metro or ${u(4)} < express_share * f),
           has_surface and ${u(5)} < surface_share,
           case when is_metro then 0
                when is_special_zone then 1 + (${u(6)} < 0.35)::int
                else (${u(6)} < 0.12)::int end
    from a
    where is_metro or (${du} < district_share * f and ${u(0)} < pincode_share * f)
  `);
  return result.rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
}
