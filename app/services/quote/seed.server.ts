/**
 * The quote engine's demo data: courier serviceability over the pincode table (one SQL
 * statement) and every client's courier-selection rules. Called once by seedDemoData.
 */
import type { Tx } from "../db/client.server";
import type { Prng } from "../db/prng";
import { seedCourierRules } from "../rules/seed.server";
import { seedServiceability } from "../serviceability/seed.server";


export async function seedQuoteData(tx: Tx, rng: Prng) {
  const serviceability = await seedServiceability(tx);
  const rules = await seedCourierRules(tx, rng);
  return { serviceability, ...rules };
}
