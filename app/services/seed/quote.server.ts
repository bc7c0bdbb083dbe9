/**
 * The quote engine's demo data: courier serviceability over the pincode table (one SQL
 * statement) and every client's courier-selection rules, from the seed's "quote" stream.
 */
import type { Tx } from "../db/client.server";
import type { Prng } from "./prng";
import { seedCourierRules } from "./rules.server";
import type { AreaSeeder } from "./seeder";
import { seedServiceability } from "./serviceability.server";

export async function seedQuoteData(tx: Tx, rng: Prng) {
  const serviceability = await seedServiceability(tx);
  const rules = await seedCourierRules(tx, rng);
  return { serviceability, ...rules };
}

export const quoteSeeder: AreaSeeder = {
  name: "quote",
  seed: ({ tx, root }) => seedQuoteData(tx, root.fork("quote")),
};
