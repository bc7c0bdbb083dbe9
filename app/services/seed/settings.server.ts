/** Settings staff may change without a deploy, as the demo starts them. */
import { env } from "../core/env.server";
import { settings } from "../db/schema";
import { FINANCE_APPROVERS_SETTING, resolveFinanceApprovers } from "../settings/finance-approvers";
import type { AreaSeeder } from "./seeder";

export const settingsSeeder: AreaSeeder = {
  name: "settings",
  async seed({ tx }) {
    // The stored setting starts as the configured list (the environment's, else the six demo approvers).
    const approvers = resolveFinanceApprovers(env().FINANCE_APPROVER_EMAILS, undefined);
    await tx
      .insert(settings)
      .values({ key: FINANCE_APPROVERS_SETTING, value: approvers })
      .onConflictDoUpdate({ target: settings.key, set: { value: approvers } });
  },
};
