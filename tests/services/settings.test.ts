import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { settings } from "~/services/db/schema";
import { financeApproverEmails, isFinanceApprover } from "~/services/settings/finance-approvers.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

describe("finance approvers on the database", () => {
  it("are the six seeded approvers by default", async () => {
    expect(await financeApproverEmails(h.db)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `approver${n}@demo.test`));
    expect(await isFinanceApprover(h.db, " Approver3@demo.test ")).toBe(true);
    expect(await isFinanceApprover(h.db, "kam@demo.test")).toBe(false);
  });

  it("follow the stored setting when staff change it", async () => {
    await h.db
      .update(settings)
      .set({ value: ["kam@demo.test"] })
      .where(eq(settings.key, "FINANCE_APPROVER_EMAILS"));
    expect(await isFinanceApprover(h.db, "kam@demo.test")).toBe(true);
    expect(await isFinanceApprover(h.db, "approver1@demo.test")).toBe(false);
    await h.db.delete(settings).where(eq(settings.key, "FINANCE_APPROVER_EMAILS"));
    expect(await isFinanceApprover(h.db, "approver1@demo.test")).toBe(true);
  });
});
