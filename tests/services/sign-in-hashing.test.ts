/**
 * Decision 060 (a bound on sign-in's hashing): a process runs only so many password hashes at once,
 * keeps a short queue with a bounded wait, and refuses the rest at once with when to retry — so a
 * flood of bad sign-ins cannot take the cores from the pages, and costs no database work once full.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HashGate, SIGN_IN_HASH_LIMITS } from "~/services/auth/hash-gate.server";
import { HASH_THREAD_NICE, scryptOnThread } from "~/services/auth/hash-thread.server";
import { hashPassword, verifyPassword } from "~/services/auth/password.server";
import { checkStaffCredentials, SIGN_IN_BUSY_MESSAGE } from "~/services/auth/sign-in.server";
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

/** Work that holds its slot until released, counting how many run at once. */
function heldWork() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let running = 0;
  let most = 0;
  const work = async () => {
    running++;
    most = Math.max(most, running);
    await released;
    running--;
    return "hashed";
  };
  return { work, release: () => release(), most: () => most };
}

describe("the hashing bound", () => {
  it("runs `concurrency` at once, queues `queue`, and refuses the rest at once with a Retry-After", async () => {
    const gate = new HashGate({ concurrency: 2, queue: 3, maxWaitMs: 60_000 });
    const held = heldWork();
    const answers = Array.from({ length: 9 }, () => gate.run(held.work));
    const settled = await Promise.all(answers.slice(5)); // the four beyond the queue answer at once
    for (const answer of settled) {
      expect(answer.ok).toBe(false);
      expect(!answer.ok && answer.retryAfterMs).toBeGreaterThanOrEqual(1000);
    }
    expect(gate.active).toBe(2);
    expect(gate.queued).toBe(3);
    expect(gate.full).toBe(true);
    held.release();
    expect(await Promise.all(answers.slice(0, 5))).toEqual(Array(5).fill({ ok: true, value: "hashed" }));
    expect(held.most()).toBe(2);
    expect([gate.active, gate.queued, gate.full]).toEqual([0, 0, false]);
  });

  it("bounds the wait: a queued check gives up after maxWaitMs and leaves the queue", async () => {
    const gate = new HashGate({ concurrency: 1, queue: 2, maxWaitMs: 50 });
    const held = heldWork();
    const first = gate.run(held.work);
    const t = performance.now();
    const waited = await Promise.all([gate.run(held.work), gate.run(held.work)]);
    expect(performance.now() - t).toBeLessThan(5_000);
    expect(waited.map((a) => a.ok)).toEqual([false, false]);
    expect(gate.queued).toBe(0);
    held.release();
    expect(await first).toEqual({ ok: true, value: "hashed" });
    expect(gate.active).toBe(0);
  });

  it("this process's bound leaves at least half the cores to the pages and keeps a short queue", () => {
    expect(SIGN_IN_HASH_LIMITS.concurrency).toBeGreaterThanOrEqual(1);
    expect(SIGN_IN_HASH_LIMITS.concurrency).toBeLessThanOrEqual(Math.max(1, os.availableParallelism() / 2));
    expect(SIGN_IN_HASH_LIMITS.queue).toBeLessThanOrEqual(4 * SIGN_IN_HASH_LIMITS.concurrency);
    expect(SIGN_IN_HASH_LIMITS.maxWaitMs).toBeLessThanOrEqual(5_000);
  });

  it("a sign-in beyond the queue is answered 429 with when to retry, and is not counted as a failure", async () => {
    const gate = new HashGate({ concurrency: 1, queue: 1, maxWaitMs: 60_000 });
    const held = heldWork();
    const busy = [gate.run(held.work), gate.run(held.work)];
    const refused = await checkStaffCredentials(
      h.db,
      { email: "kam@demo.test", role: "kam", password: "demo-password" },
      "10.70.0.1",
      new Date(),
      { gate },
    );
    expect(refused).toMatchObject({ ok: false, status: 429, message: SIGN_IN_BUSY_MESSAGE, rateLimited: true });
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThanOrEqual(1000);
    held.release();
    await Promise.all(busy);
    const recorded = await h.db.select().from(signInAttempts).where(eq(signInAttempts.ip, "10.70.0.1"));
    expect(recorded).toEqual([]);
  });

  it("a sign-in that waited too long in the queue is refused the same way, and its attempt is not kept", async () => {
    const gate = new HashGate({ concurrency: 1, queue: 1, maxWaitMs: 50 });
    const held = heldWork();
    const busy = gate.run(held.work);
    const refused = await checkStaffCredentials(
      h.db,
      { email: "kam@demo.test", role: "kam", password: "demo-password" },
      "10.70.0.2",
      new Date(),
      { gate },
    );
    expect(refused).toMatchObject({ ok: false, status: 429, message: SIGN_IN_BUSY_MESSAGE });
    held.release();
    await busy;
    expect(await h.db.select().from(signInAttempts).where(eq(signInAttempts.ip, "10.70.0.2"))).toEqual([]);
    // With the gate free again the same sign-in goes through.
    const ok = await checkStaffCredentials(
      h.db,
      { email: "kam@demo.test", role: "kam", password: "demo-password" },
      "10.70.0.2",
      new Date(),
      { gate },
    );
    expect(ok.ok).toBe(true);
  });
});

describe("sign-in's hashing thread", () => {
  it("gives the same answers as Node's pool", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored, scryptOnThread)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored, scryptOnThread)).toBe(false);
    // The same password and salt make the same key on either.
    const salt = Buffer.alloc(16, 7);
    const onPool = await hashPassword("same", salt);
    expect(await verifyPassword("same", onPool, scryptOnThread)).toBe(true);
  });

  it.runIf(process.platform === "linux")("runs below the pages' priority (nice 10)", async () => {
    await verifyPassword("x", await hashPassword("x"), scryptOnThread); // the thread exists now
    const niceOf = (tid: string) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]); // field 19: nice
    };
    const threads = readdirSync("/proc/self/task");
    expect(niceOf(String(process.pid))).toBe(os.getPriority()); // the main thread keeps the process's priority
    expect(threads.map(niceOf)).toContain(Math.max(HASH_THREAD_NICE, os.getPriority()));
  });
});
