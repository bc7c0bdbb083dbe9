/** Seeds the GST registry (a registration per demo client) and the wallet clients' tolerances (decision 026). */
import { asc, sql } from "drizzle-orm";

import { bulkInsert } from "../db/bulk-insert.server";
import { clients, clientWalletConfig, gstRegistry } from "../db/schema";
import { planRegistrations } from "./account";
import type { AreaSeeder } from "./seeder";

export const accountSeeder: AreaSeeder = {
  name: "account",
  async seed({ tx, root }) {
    const rows = await tx
      .select({
        id: clients.id,
        company_name: clients.company_name,
        has_wallet: sql<boolean>`(${clients.pickrr_config}->>'has_wallet')::boolean`,
      })
      .from(clients)
      .orderBy(asc(clients.id));
    const registrations = planRegistrations(root, rows);
    await bulkInsert(
      tx,
      gstRegistry,
      registrations.map((r) => ({
        gstin: r.gstin,
        company_name: r.company_name,
        billing_address: r.billing_address,
        billing_address_line2: r.billing_address_line2,
        city: r.city,
        pincode: r.pincode,
        state: r.state,
        send_email_flag: false,
      })),
    );
    // Wallet sellers start on the default tolerance: the wallet may go ₹500 below zero, at most ₹2,000.
    const wallets = rows.filter((r) => r.has_wallet);
    if (wallets.length) {
      await bulkInsert(
        tx,
        clientWalletConfig,
        wallets.map((w) => ({
          client_id: w.id,
          configuration_type: "DEFAULT",
          initial_tolerance: "-500.00",
          current_tolerance: "-500.00",
          max_tolerance: "-2000.00",
        })),
      );
    }
    return { registrations: registrations.length, wallets: wallets.length };
  },
};
