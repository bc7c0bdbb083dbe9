/** Decision 019 (the first staff): a production console starts without staff; `user:create` makes the first vp. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkStaffCredentials } from "~/services/auth/sign-in.server";
import { createStaffMember } from "~/services/auth/staff-accounts.server";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, staff } from "~/services/db/schema";
import { isSeeded } from "~/services/seed/seed.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: false });
});
afterAll(async () => {
  await h?.close();
});

describe("creating staff from the command line", () => {
  it("creates a vp who can sign in, hashed and audited, without the password in the audit", async () => {
    expect(await isSeeded(h.db)).toBe(false);
    const result = await createStaffMember(h.db, {
      email: "First.VP@Example.com",
      role: "vp",
      name: "First VP",
      password: "a long passphrase 42",
    });
    expect(result).toMatchObject({ ok: true, email: "first.vp@example.com", role: "vp" });
    const [row] = await h.db.select().from(staff).where(eq(staff.email, "first.vp@example.com"));
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain("passphrase");
    const signIn = await checkStaffCredentials(
      h.db,
      { email: "first.vp@example.com", role: "vp", password: "a long passphrase 42" },
      "10.0.0.1",
    );
    expect(signIn.ok).toBe(true);
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.entity, "staff"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "create", staff_role: "system", entity_id: String(row.id) });
    expect(JSON.stringify(audits[0])).not.toContain("passphrase");
  });

  it("refuses a taken e-mail (any case), a short password and an unknown role", async () => {
    expect(
      await createStaffMember(h.db, {
        email: "first.vp@EXAMPLE.com",
        role: "kam",
        name: "X",
        password: "another long one",
      }),
    ).toMatchObject({ ok: false });
    expect(
      await createStaffMember(h.db, { email: "b@example.com", role: "vp", name: "B", password: "short" }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("at least 12") });
    expect(
      await createStaffMember(h.db, {
        email: "c@example.com",
        role: "boss" as never,
        name: "C",
        password: "a long passphrase",
      }),
    ).toMatchObject({ ok: false });
    expect(await h.db.select().from(staff)).toHaveLength(1);
  });
});
