import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openTestDb } from "../support/db";

describe("migrations", () => {
  it("apply to an empty database and can be re-run", async () => {
    const h = await openTestDb({ seeded: false });
    try {
      const tables = await h.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = tables.rows.map((r) => r.table_name);
      for (const t of [
        "staff",
        "staff_sessions",
        "sign_in_attempts",
        "clients",
        "couriers",
        "courier_services",
        "client_courier_services",
        "pincodes",
        "settings",
        "audit_log",
        "rate_rows",
        "rate_card_uploads",
        "mail_outbox",
      ]) {
        expect(names).toContain(t);
      }
      await h.migrate(); // idempotent
    } finally {
      await h.close();
    }
  });
});
