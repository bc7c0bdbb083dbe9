import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { HashGate } from "~/services/auth/hash-gate.server";
import { hashPassword, SCRYPT_PARAMS, scryptParams, verifyPassword } from "~/services/auth/password.server";
import {
  ABSOLUTE_TIMEOUT_MS,
  endSession,
  findSignedInStaff,
  IDLE_TIMEOUT_MS,
  startSession,
  TOUCH_INTERVAL_MS,
} from "~/services/auth/session.server";
import {
  AUTH_RECORDS_KEPT_MS,
  BAD_CREDENTIALS_MESSAGE,
  checkStaffCredentials,
  MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE,
  MAX_FAILED_SIGN_INS_PER_MINUTE,
  pruneAuthRecords,
  RATE_LIMIT_MESSAGE,
} from "~/services/auth/sign-in.server";
import { passwordHashCost } from "~/services/core/env.server";
import type { DbHandle } from "~/services/db/client.server";
import { signInAttempts, staff, staffSessions } from "~/services/db/schema";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

describe("password hashing", () => {
  it("uses scrypt at N ≥ 2^17 unless PASSWORD_HASH_COST (10–20) says otherwise, as the test suites do", () => {
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(passwordHashCost({})).toBe(17);
    expect(passwordHashCost({ PASSWORD_HASH_COST: "" })).toBe(17);
    expect(passwordHashCost({ PASSWORD_HASH_COST: "12" })).toBe(12);
    for (const bad of ["9", "21", "12.5", "high"])
      expect(() => passwordHashCost({ PASSWORD_HASH_COST: bad }), bad).toThrow(
        /PASSWORD_HASH_COST must be an integer from 10 to 20/,
      );
  });

  it("hashes with the configured N and a random salt, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a.startsWith(`scrypt$${scryptParams().N}$8$1$`)).toBe(true);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horsE", a)).toBe(false);
    expect(await verifyPassword("correct horse", null)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
    // A hash keeps its own N: one made at another cost still verifies.
    vi.stubEnv("PASSWORD_HASH_COST", "10");
    const cheap = await hashPassword("correct horse");
    vi.unstubAllEnvs();
    expect(cheap.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("correct horsE", cheap)).toBe(false);
  });
});

describe("sign-in check", () => {
  it("accepts the demo vp with the right role only", async () => {
    const ok = await checkStaffCredentials(
      h.db,
      { email: "VP@demo.test", role: "vp", password: "demo-password" },
      "10.0.0.1",
    );
    expect(ok).toMatchObject({ ok: true, staff: { email: "vp@demo.test", role: "vp" } });
    const wrongRole = await checkStaffCredentials(
      h.db,
      { email: "vp@demo.test", role: "kam", password: "demo-password" },
      "10.0.0.1",
    );
    expect(wrongRole).toEqual({ ok: false, status: 401, message: BAD_CREDENTIALS_MESSAGE });
    const wrongPassword = await checkStaffCredentials(
      h.db,
      { email: "vp@demo.test", role: "vp", password: "nope" },
      "10.0.0.1",
    );
    expect(wrongPassword.ok).toBe(false);
    const unknown = await checkStaffCredentials(
      h.db,
      { email: "ghost@demo.test", role: "vp", password: "demo-password" },
      "10.0.0.1",
    );
    expect(unknown.ok).toBe(false);
  });

  it("never lets in staff who have no password yet", async () => {
    const [locked] = await h.db.select().from(staff).where(isNull(staff.password_hash)).limit(1);
    expect(locked).toBeDefined();
    const r = await checkStaffCredentials(
      h.db,
      { email: locked.email, role: locked.role, password: "demo-password" },
      "10.0.0.9",
    );
    expect(r.ok).toBe(false);
  });

  // Decision 060: ten failures stop the address they came from, not the account — the owner
  // signs in from another address at once (decision 019 stopped the account everywhere).
  it("stops an account at an address after 10 failures there, even with the right password, and not elsewhere", async () => {
    const now = new Date();
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_MINUTE; i++) {
      const r = await checkStaffCredentials(
        h.db,
        { email: "tl@demo.test", role: "tl", password: `bad-${i}` },
        "10.1.0.1",
        now,
      );
      expect(r).toMatchObject({ ok: false, status: 401 });
    }
    const right = { email: "tl@demo.test", role: "tl" as const, password: "demo-password" };
    const blocked = await checkStaffCredentials(h.db, right, "10.1.0.1", now);
    expect(blocked).toEqual({
      ok: false,
      status: 429,
      message: RATE_LIMIT_MESSAGE,
      rateLimited: true,
      retryAfterMs: expect.closeTo(60_000, 0),
    });
    const elsewhere = await checkStaffCredentials(h.db, right, "10.2.0.1", now);
    expect(elsewhere.ok).toBe(true);
    const later = new Date(now.getTime() + 61_000);
    const again = await checkStaffCredentials(h.db, right, "10.1.0.1", later);
    expect(again.ok).toBe(true);
  });

  // Decision 019 (a fair sign-in limit): the per-address limit is a much higher ceiling than the per-account one
  // (one office behind one NAT address), so this loop runs to that ceiling.
  it("stops an address after its ceiling of failures in a minute across accounts", async () => {
    const now = new Date();
    // The first failures straight into the table (a real check costs an scrypt each); the last one through the check.
    const earlier = Array.from({ length: MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE - 1 }, (_, i) => ({
      email: `nobody${i}@demo.test`,
      ip: "10.3.3.3",
      succeeded: false,
      at: now,
    }));
    await h.db.insert(signInAttempts).values(earlier);
    expect(
      (
        await checkStaffCredentials(
          h.db,
          { email: "nobody-last@demo.test", role: "vp", password: "x" },
          "10.3.3.3",
          now,
        )
      ).ok,
    ).toBe(false);
    const blocked = await checkStaffCredentials(
      h.db,
      { email: "kam@demo.test", role: "kam", password: "demo-password" },
      "10.3.3.3",
      now,
    );
    expect(blocked.ok === false && blocked.rateLimited).toBe(true);
    const otherIp = await checkStaffCredentials(
      h.db,
      { email: "kam@demo.test", role: "kam", password: "demo-password" },
      "10.3.3.4",
      now,
    );
    expect(otherIp.ok).toBe(true);
  });

  // Decision 060: the limit that holds one account back is per address now, so the 14 come from one.
  it("holds the limit when many attempts arrive at once", async () => {
    const now = new Date();
    // Room for all 14 hashes: this is about the attempt limit, not the hashing bound (sign-in-hashing.test.ts).
    const gate = new HashGate({ concurrency: 4, queue: 14, maxWaitMs: 60_000 });
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        checkStaffCredentials(h.db, { email: "avp@demo.test", role: "avp", password: `wrong-${i}` }, "10.5.0.1", now, {
          gate,
        }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.rateLimited)).toHaveLength(14 - MAX_FAILED_SIGN_INS_PER_MINUTE);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, "avp@demo.test"), eq(signInAttempts.succeeded, false)));
    expect(n).toBe(MAX_FAILED_SIGN_INS_PER_MINUTE);
  });

  it("prunes attempts and ended sessions older than a week, and keeps recent ones", async () => {
    const [vp] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
    const longAgo = new Date(Date.now() - AUTH_RECORDS_KEPT_MS - 60_000);
    await h.db.insert(signInAttempts).values({ email: "old@demo.test", ip: "10.9.9.9", succeeded: false, at: longAgo });
    await h.db
      .insert(staffSessions)
      .values({ id: "old-session", staff_id: vp.id, created_at: longAgo, last_seen_at: longAgo, ended_at: longAgo });
    const recent = await startSession(h.db, new Request("http://console.test/sign-in"), vp.id);
    const pruned = await pruneAuthRecords(h.db);
    expect(pruned.attempts).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(signInAttempts).where(eq(signInAttempts.email, "old@demo.test"))).toEqual([]);
    expect(await h.db.select().from(staffSessions).where(eq(staffSessions.id, "old-session"))).toEqual([]);
    const req = new Request("http://console.test/all-users", { headers: { Cookie: recent.split(";")[0] } });
    expect(await findSignedInStaff(h.db, req)).not.toBeNull();
  });
});

describe("sessions", () => {
  function requestWith(setCookie: string) {
    return new Request("http://console.test/all-users", { headers: { Cookie: setCookie.split(";")[0] } });
  }

  it("starts a fresh session, expires it when idle or too old, and logout ends it", async () => {
    const [vp] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
    const cookie = await startSession(h.db, new Request("http://console.test/sign-in"), vp.id);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const req = requestWith(cookie);
    const signedIn = await findSignedInStaff(h.db, req);
    expect(signedIn).toMatchObject({ email: "vp@demo.test", role: "vp" });

    // Idle: alive after 29 min 59 s without a request (and that request counts as activity),
    // ended after 30 min and the write interval without one.
    const [{ last_seen_at: seen }] = await h.db
      .select({ last_seen_at: staffSessions.last_seen_at })
      .from(staffSessions)
      .where(eq(staffSessions.id, signedIn!.sessionId));
    const almost = new Date(seen.getTime() + IDLE_TIMEOUT_MS - 1000);
    expect(await findSignedInStaff(h.db, req, almost)).not.toBeNull();
    expect(await findSignedInStaff(h.db, req, new Date(almost.getTime() + IDLE_TIMEOUT_MS - 1000))).not.toBeNull();
    // A link prefetch is not activity.
    const prefetch = new Request(req.url, {
      headers: { Cookie: req.headers.get("Cookie")!, "Sec-Purpose": "prefetch" },
    });
    const later = new Date(almost.getTime() + 2 * IDLE_TIMEOUT_MS - 2000);
    expect(await findSignedInStaff(h.db, prefetch, later)).not.toBeNull();
    const idle = new Date(almost.getTime() + 2 * IDLE_TIMEOUT_MS + TOUCH_INTERVAL_MS);
    expect(await findSignedInStaff(h.db, req, idle)).toBeNull();

    // A new sign-in never reuses the old id, and ends the old session.
    const cookie2 = await startSession(h.db, req, vp.id);
    expect(cookie2.split(";")[0]).not.toBe(cookie.split(";")[0]);
    const req2 = requestWith(cookie2);
    expect(await findSignedInStaff(h.db, req2)).not.toBeNull();

    // Absolute: 12 hours even when active.
    const old = new Date(Date.now() - ABSOLUTE_TIMEOUT_MS - 1000);
    const sid = (await findSignedInStaff(h.db, req2))!.sessionId;
    await h.db.update(staffSessions).set({ created_at: old }).where(eq(staffSessions.id, sid));
    expect(await findSignedInStaff(h.db, req2)).toBeNull();

    // Logout.
    const cookie3 = await startSession(h.db, req2, vp.id);
    const req3 = requestWith(cookie3);
    expect(await findSignedInStaff(h.db, req3)).not.toBeNull();
    await endSession(h.db, req3);
    expect(await findSignedInStaff(h.db, req3)).toBeNull();
  });
});
