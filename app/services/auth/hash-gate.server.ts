/**
 * A bound on the password hashes sign-in runs at once (decision 060). scrypt runs on Node's
 * thread pool (4 threads); a flood of bad sign-ins used to take every core from the pages.
 * The gate lets `concurrency` hashes run, keeps at most `queue` waiting, each at most
 * `maxWaitMs`; anything beyond is refused at once with how long to wait (a 429 with
 * Retry-After), so a refused attempt costs no hash and no database work.
 *
 * The gate lives in one process: it bounds that copy's CPU, which is what it is for. Copies
 * behind a load balancer each have their own; the attempt counts stay in PostgreSQL.
 */
import os from "node:os";

import { fail, type Failure } from "../core/result";

export type GateLimits = { concurrency: number; queue: number; maxWaitMs: number };
/** The work's value, or a refusal because the queue is full or the wait ran out (core/result.ts's 429). */
export type GateAnswer<T> = { ok: true; value: T } | Failure<429, { retryAfterMs: number }>;

const GATE_FULL = "Too many sign-ins are being checked right now.";

/** Half the cores hash (at least one), so the other half keeps serving pages. */
export const SIGN_IN_HASH_LIMITS: GateLimits = {
  concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  queue: 4 * Math.max(1, Math.floor(os.availableParallelism() / 2)),
  maxWaitMs: 5_000,
};

/** The shortest Retry-After a refusal gives, in ms. */
const MIN_RETRY_AFTER_MS = 1_000;

type Waiter = { admit(): void; timer: ReturnType<typeof setTimeout> };

export class HashGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** A running mean of how long one piece of work takes, for the Retry-After estimate. */
  private meanMs = 500;

  constructor(readonly limits: GateLimits) {}

  /** Every slot busy and the queue full: a new attempt would be refused. */
  get full(): boolean {
    return this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue;
  }

  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  /** When the queue as it stands would have drained, rounded up to whole seconds, at least one. */
  retryAfterMs(): number {
    const rounds = Math.ceil((this.waiting.length + 1) / this.limits.concurrency);
    return Math.max(MIN_RETRY_AFTER_MS, Math.ceil((rounds * this.meanMs) / 1000) * 1000);
  }

  /** Runs `work` when a slot is free; refuses when the queue is full or the wait runs out. */
  async run<T>(work: () => Promise<T>): Promise<GateAnswer<T>> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return this.execute(work);
    }
    if (this.waiting.length >= this.limits.queue) return fail(429, GATE_FULL, { retryAfterMs: this.retryAfterMs() });
    const admitted = await new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(true);
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          resolve(false);
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
    // Admitted: the slot was handed over by the work that finished (release), still counted.
    return admitted ? this.execute(work) : fail(429, GATE_FULL, { retryAfterMs: this.retryAfterMs() });
  }

  private async execute<T>(work: () => Promise<T>): Promise<GateAnswer<T>> {
    const started = performance.now();
    try {
      return { ok: true, value: await work() };
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    }
  }
}

/** This process's gate for sign-in's password checks. */
export const signInHashGate = new HashGate(SIGN_IN_HASH_LIMITS);
