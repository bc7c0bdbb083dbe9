/**
 * The kept Legal Status of the seeded clients (decision 036): the seed writes clients directly,
 * so it gives every one its row here, as the rebuild would (no legal document is seeded: each
 * row says "no documents").
 */
import { indiaDate } from "../legal/documents";
import { recomputeLegalStatus } from "../legal/status-kept.server";
import type { AreaSeeder } from "./seeder";

export const legalSeeder: AreaSeeder = {
  name: "legal",
  seed: ({ tx, ordersUntil }) => recomputeLegalStatus(tx, "all", indiaDate(ordersUntil)),
};
