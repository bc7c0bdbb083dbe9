/**
 * What an area's seeder receives, and the seeders' shape. An area (quote rules, advantage
 * plans, the order book …) seeds its own tables in its own module here and is listed once in
 * AREA_SEEDERS (seed.server.ts); it runs inside the seed's one transaction, after the base
 * data (staff, clients, couriers, rate cards, pincodes) it builds on.
 */
import type { Tx } from "../db/client.server";
import type { Prng } from "./prng";

export type SeedScale = "demo" | "large";

export type SeedOptions = {
  scale?: SeedScale;
  seed?: number;
  /** "Now" as far as the data is concerned; all dates lie before it. */
  referenceDate?: Date;
  /**
   * Leave the order book for fillOrderBook() after the console is up (`npm start` on an empty
   * database, decision 029); the rest is seeded now.
   */
  ordersLater?: boolean;
  /**
   * The end of the order book's six months (default: referenceDate). The console's own seeds
   * (`npm start`, `npm run db:seed`, the test template) pass the moment they run, so the
   * Order Tracker's last 7 days and the Dashboard's this month have orders (decision 030);
   * the data is the same for the same seed and this date.
   */
  ordersUntil?: Date;
};

export type SeedContext = {
  tx: Tx;
  /**
   * The seed's root stream. A seeder draws only from its own named fork (`root.fork("quote")`),
   * so adding a seeder moves no other seeder's draws and the existing data stays the same.
   */
  root: Prng;
  scale: SeedScale;
  /** "Now" as far as the data is concerned; all dates lie before it. */
  referenceDate: Date;
  /** The seed number `root` was made from (a resumable part records it). */
  seed: number;
  ordersLater: boolean;
  ordersUntil: Date;
  /**
   * Runs `step` once every area has seeded, in the order asked. The order book leaves its indexes
   * and keys to here: the money seed's pass over every order (putting each in its cycles) is ~10×
   * cheaper on a table without them than maintaining ten indexes row by row (decision 067).
   */
  whenAreasDone(name: string, step: () => Promise<void>): void;
};

export type AreaSeeder = {
  name: string;
  seed(context: SeedContext): Promise<unknown>;
};
