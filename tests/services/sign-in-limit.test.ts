/**
 * Decisions 019 and 060 (a fair sign-in limit): the sign-in limit is fair — failures from one address
 * never block the account from another, across addresses the account is slowed down and stopped only
 * at 100 failures an hour (and never at an address it signed in from before), one office behind one
 * NAT address is not blocked by a few typos, and the wait grows exponentially and is told to the user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ACCOUNT_FAILURES_PER_HOUR_CEILING,
  ACCOUNT_LONGEST_DELAY_MS,
  ACCOUNT_SLOW_DOWN_AFTER,
  checkStaffCredentials,
  lockDurationMs,
  MAX_FAILED_SIGN_INS_PER_MINUTE,
  RATE_LIMIT_MESSAGE,
  rateLimitMessage,
  type SignInResult,
  slowDownMs,
} from "~/services/auth/sign-in.server";
import type { DbHandle } from "~/services/db/client.server";
import { signInAttempts } from "~/services/db/schema";

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
  it("ten failures from one address block that address only: the owner signs in from another at once", async () => {
    const t0 = new Date();
    const tl = (password: string, ip: string, at = t0) =>
      checkStaffCredentials(h.db, { email: "tl@demo.test", role: "tl", password }, ip, at);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_MINUTE; i++)
      expect(await tl(`wrong-${i}`, "10.10.0.1")).toMatchObject({ ok: false, status: 401 });
    expect(await tl("demo-password", "10.10.0.1")).toMatchObject({ ok: false, status: 429, rateLimited: true });
    expect((await tl("demo-password", "10.10.0.2")).ok).toBe(true);
    // The address that failed still waits its minute, whatever happened elsewhere.
    expect(limited(await tl("demo-password", "10.10.0.1"))).toBe(true);
    expect((await tl("demo-password", "10.10.0.1", new Date(t0.getTime() + MINUTE + 1000))).ok).toBe(true);
  });

  it("across addresses slows the account down, never refuses it below 100 failures an hour, and spares its usual desk", async () => {
    const email = "approver1@demo.test";
    const t0 = new Date();
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    const check = (password: string, ip: string, at = t0) =>
      checkStaffCredentials(h.db, { email, role: "kam", password }, ip, at, { sleep });
    // The usual desk: signed in from there yesterday.
    expect((await check("demo-password", "10.20.0.1", new Date(t0.getTime() - 24 * 60 * MINUTE))).ok).toBe(true);
    // A spread-out attack: failures from many addresses, a few each, in the last 50 minutes.
    const failures = (from: number, to: number) =>
      h.db.insert(signInAttempts).values(
        Array.from({ length: to - from }, (_, i) => ({
          email,
          ip: `10.21.${Math.floor((from + i) / 5)}.${(from + i) % 5}`,
          succeeded: false,
          at: new Date(t0.getTime() - 50 * MINUTE + (from + i) * 1000),
        })),
      );
    await failures(0, ACCOUNT_SLOW_DOWN_AFTER - 1);
    // Below the slow-down: a stranger's attempt is checked at once (and fails: the 20th).
    expect(await check("wrong", "10.22.0.1")).toMatchObject({ ok: false, status: 401 });
    expect(slept).toEqual([]);
    // From the 20th failure on, each attempt from a new address waits 1, 2, 4 … seconds first; the right password still gets in.
    expect((await check("demo-password", "10.22.0.2")).ok).toBe(true);
    expect(slept).toEqual([1000]);
    await failures(ACCOUNT_SLOW_DOWN_AFTER, ACCOUNT_FAILURES_PER_HOUR_CEILING - 1);
    // 99 failures in the hour: still no refusal, only the longest slow-down.
    expect(await check("wrong", "10.22.0.3")).toMatchObject({ ok: false, status: 401 });
    expect(slept.at(-1)).toBe(ACCOUNT_LONGEST_DELAY_MS);
    // The 100th failure in the hour is the hard stop for strangers' addresses, until the oldest leaves the hour…
    const stopped = await check("demo-password", "10.22.0.4");
    expect(stopped).toMatchObject({ ok: false, status: 429, rateLimited: true });
    expect(stopped.ok === false && stopped.message).toBe(
      "Too many failed sign-in attempts. Please wait 10 minutes and try again.",
    );
    // …but not for the usual desk, which is not slowed down either.
    slept.length = 0;
    expect((await check("demo-password", "10.20.0.1")).ok).toBe(true);
    expect(slept).toEqual([]);
    expect((await check("demo-password", "10.22.0.4", new Date(t0.getTime() + 11 * MINUTE))).ok).toBe(true);
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

  it("the account-wide slow-down grows 1, 2, 4 … seconds and stops at 10", () => {
    expect(slowDownMs(ACCOUNT_SLOW_DOWN_AFTER - 1)).toBe(0);
    expect(slowDownMs(ACCOUNT_SLOW_DOWN_AFTER)).toBe(1000);
    expect(slowDownMs(ACCOUNT_SLOW_DOWN_AFTER + 3)).toBe(8000);
    expect(slowDownMs(ACCOUNT_FAILURES_PER_HOUR_CEILING)).toBe(ACCOUNT_LONGEST_DELAY_MS);
  });

  it("the lock grows 1, 2, 4 … minutes and stops at an hour; the message rounds up to whole minutes", () => {
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE - 1)).toBe(0);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE)).toBe(MINUTE);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE + 2)).toBe(4 * MINUTE);
    expect(lockDurationMs(MAX_FAILED_SIGN_INS_PER_MINUTE + 40)).toBe(60 * MINUTE);
    expect(rateLimitMessage(20_000)).toBe(RATE_LIMIT_MESSAGE);
    // One address can fail at most 15 times an hour (10, then after 1, 2, 4, 8, 16 minutes): below the slow-down.
    const times: number[] = Array(MAX_FAILED_SIGN_INS_PER_MINUTE).fill(0);
    while (times.length < 40) times.push(times.at(-1)! + lockDurationMs(times.length));
    const mostInAnHour = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 60 * MINUTE).length));
    expect(mostInAnHour).toBe(15);
    expect(mostInAnHour).toBeLessThan(ACCOUNT_SLOW_DOWN_AFTER);
    expect(rateLimitMessage(3 * MINUTE + 1)).toBe(
      "Too many failed sign-in attempts. Please wait 4 minutes and try again.",
    );
  });
});
