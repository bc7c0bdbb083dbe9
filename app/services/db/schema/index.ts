/**
 * The one PostgreSQL schema of the console, one file per area. Spec field names are kept
 * (first_slab, auth_token, business_data, pickrr_config …). Money is numeric(12,2);
 * percentages numeric(6,2). Changing a table means `npm run db:generate` and committing the
 * new SQL migration (drizzle.config.ts reads this file).
 */
export * from "./account";
export * from "./advantage";
export * from "./audit";
export * from "./clients";
export * from "./couriers";
export * from "./files";
export * from "./geo";
export * from "./legal";
export * from "./mail";
export * from "./money";
export * from "./orders";
export * from "./quote";
export * from "./ratecards";
export * from "./saved-quotes";
export * from "./settings";
export * from "./staff";
