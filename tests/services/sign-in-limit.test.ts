/**
 * Decision 019 (a fair sign-in limit): the sign-in limit is fair — strangers cannot lock the real user out,
 * one office behind one NAT address is not blocked by a few typos, and the wait grows
 * exponentially and is told to the user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  checkStaffCredentials,
  lockDurationMs,
  MAX_FAILED_SIGN_INS_PER_MINUTE,
  RATE_LIMIT_MESSAGE,
  rateLimitMessage,
  type SignInResult,
} from "~/services/auth/sign-in.server";
import type { DbHandle } from "~/services/db/client.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

const MINUTE = 60_000;
const attempt = (email: string, password: string, ip: string, at: Date) =>
  checkStaffCredentials(h.db, { email, role: "kam", password }, ip, at);
const fail = async (email: string, ip: string, at: Date, times = MAX_FAILED_SIGN_INS_PER_MINUTE) => {
  for (let i = 0; i < times; i++) expect((await attempt(email, `wrong-${i}`, ip, at)).ok).toBe(false);
};
const limited = (r: SignInResult) => (r.ok ? false : Boolean(r.rateLimited));

describe("a fair sign-in limit", () => {
  it("strangers' failures do not lock the real user out at an address they signed in from before", async () => {
    const t0 = new Date();
    expect(
      (await attempt("approver1@demo.test", "demo-password", "10.20.0.1", new Date(t0.getTime() - MINUTE))).ok,
    ).toBe(true);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_MINUTE; i++) await fail("approver1@demo.test", `10.21.0.${i}`, t0, 1);
    // A new address meets the account-wide back-off…
    expect(limited(await attempt("approver1@demo.test", "demo-password", "10.22.0.1", t0))).toBe(true);
    // …the usual desk does not.
    expect((await attempt("approver1@demo.test", "demo-password", "10.20.0.1", t0)).ok).toBe(true);
  });

  it("colleagues' typos behind one address do not block the office", async () => {
    const t0 = new Date();
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_MINUTE; i++) await fail(`typo${i}@demo.test`, "10.30.0.1", t0, 1);
    expect((await attempt("approver2@demo.test", "demo-password", "10.30.0.1", t0)).ok).toBe(true);
  });

  it("backs off exponentially and says when to try again", async () => {
    const t0 = new Date();
    const ip = "10.40.0.1";
    await fail("approver3@demo.test", ip, t0);
    const first = await attempt("approver3@demo.test", "demo-password", ip, t0);
    expect(first).toMatchObject({ ok: false, rateLimited: true, message: RATE_LIMIT_MESSAGE });
    // After the first minute one more failure doubles the wait.
    const t1 = new Date(t0.getTime() + MINUTE + 1000);
    await fail("approver3@demo.test", ip, t1, 1);
    const second = await attempt("approver3@demo.test", "demo-password", ip, new Date(t1.getTime() + 1000));
    expect(second).toMatchObject({
      ok: false,
      rateLimited: true,
      message: "Too many failed sign-in attempts. Please wait 2 minutes and try again.",
    });
    expect(
      limited(await attempt("approver3@demo.test", "demo-password", ip, new Date(t1.getTime() + MINUTE + 1000))),
    ).toBe(true);
    const t2 = new Date(t1.getTime() + 2 * MINUTE + 1000);
    await fail("approver3@demo.test", ip, t2, 1);
    expect(await attempt("approver3@demo.test", "demo-password", ip, new Date(t2.getTime() + 1000))).toMatchObject({
      message: "Too many failed sign-in attempts. Please wait 4 minutes and try again.",
    });
    // The right password after the wait lets the user in and resets the count.
    const t3 = new Date(t2.getTime() + 4 * MINUTE + 1000);
    expect((await attempt("approver3@demo.test", "demo-password", ip, t3)).ok).toBe(true);
    const t4 = new Date(t3.getTime() + 1000);
    await fail("approver3@demo.test", ip, t4, MAX_FAILED_SIGN_INS_PER_MINUTE - 1);
    expect((await attempt("approver3@demo.test", "demo-password", ip, t4)).ok).toBe(true);
  });

  it("the lock grows 1, 2, 4 … minutes and stops at an hour; the message rounds up to whole minutes", () => {
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE - 1)).toBe(0);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE)).toBe(MINUTE);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE + 2)).toBe(4 * MINUTE);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE + 40)).toBe(60 * MINUTE);
    expect(rateLimitMessage(20_000)).toBe(RATE_LIMIT_MESSAGE);
    expect(rateLimitMessage(3 * MINUTE + 1)).toBe(
      "Too many failed sign-in attempts. Please wait 4 minutes and try again.",
    );
  });
});
