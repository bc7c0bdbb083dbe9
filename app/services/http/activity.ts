/**
 * Requests in flight in this server process, and the pace of background work that shares the
 * database with them: the demo's background fill (seed/orders.server.ts fillOrderBook) takes each
 * of its steps at a moment `paceWait` chooses, so pages answer first while the book fills
 * (decision 077). A scheduling hint for this process's own work only: nothing is decided from it
 * across copies.
 */
export type Activity = {
  /** Marks a request begun; call the returned function once when it ends (answered or closed). */
  begin(): () => void;
  /** How many requests are in flight now, and when one last began and ended (-Infinity: never). */
  state(): { inFlight: number; lastBeginAt: number; lastEndAt: number };
  /** Resolves when a request ends, or after `maxMs`. */
  nextEnd(maxMs: number): Promise<void>;
  now(): number;
};

export function createActivity(now: () => number = () => performance.now()): Activity {
  let inFlight = 0;
  let lastBeginAt = -Infinity;
  let lastEndAt = -Infinity;
  let waiters: (() => void)[] = [];
  const begin = () => {
    inFlight++;
    lastBeginAt = now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      inFlight--;
      lastEndAt = now();
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    };
  };
  const nextEnd = (maxMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(1, maxMs));
      function done() {
        clearTimeout(timer);
        waiters = waiters.filter((w) => w !== done);
        resolve();
      }
      waiters.push(done);
    });
  return { begin, state: () => ({ inFlight, lastBeginAt, lastEndAt }), nextEnd, now };
}

/** How background work shares the database (PGlite answers one statement at a time) with pages. */
export type PaceRule = {
  /** No request begun or ended for this long: full speed, one step after the other. */
  idleAfterMs: number;
  /**
   * While requests come: after a step, rest this many times its length (19: the work takes about
   * 5 % of the time, so about one request in twenty can meet a step, and waits at most one step).
   */
  restFactor: number;
  /** Then start just after a request ends, this long after it, with none in flight… */
  quietMs: number;
  /**
   * …and only in a fresh gap (at most quietMs + freshMs after the last end): the longer a gap has
   * lasted, the sooner the next request may come; an older gap waits for the next end.
   */
  freshMs: number;
  /** Never starved: after the rest, at most this long for such a gap whatever the traffic. */
  maxGapWaitMs: number;
};

/** What `paceWait` decides from: the requests (Activity.state) and the work's own last step. */
export type PaceView = {
  now: number;
  inFlight: number;
  lastBeginAt: number;
  lastEndAt: number;
  /** The last step's length and end (0 and -Infinity before the first). */
  lastStepMs: number;
  lastStepEndAt: number;
  /** When this wait began. */
  since: number;
  /** Steps that may not rest (what a person is waiting to see): only the quiet moment applies. */
  urgent: boolean;
};

/**
 * The pacing rule, pure: 0 to take the next step now, else how long to wait (or until a request
 * ends, whichever comes first) before asking again. Decision 077 (amended 2026-12-06).
 */
export function paceWait(v: PaceView, rule: PaceRule): number {
  const sinceActivity = v.now - Math.max(v.lastBeginAt, v.lastEndAt);
  if (v.inFlight === 0 && sinceActivity >= rule.idleAfterMs) return 0;
  const restEnd = v.urgent ? -Infinity : v.lastStepEndAt + rule.restFactor * v.lastStepMs;
  const deadline = Math.max(restEnd, v.since) + rule.maxGapWaitMs;
  if (v.now >= deadline) return 0;
  const untilIdle = v.inFlight === 0 ? rule.idleAfterMs - sinceActivity : Infinity;
  if (v.now < restEnd) return Math.min(restEnd - v.now, untilIdle);
  if (v.inFlight > 0) return deadline - v.now;
  const sinceEnd = v.now - v.lastEndAt;
  if (sinceEnd < rule.quietMs) return rule.quietMs - sinceEnd;
  if (sinceEnd <= rule.quietMs + rule.freshMs || v.urgent) return 0;
  return Math.min(untilIdle, deadline - v.now);
}

/** The rule `npm start`'s fill follows (decision 077). */
export const FILL_PACE_RULE: PaceRule = {
  idleAfterMs: 1_500,
  restFactor: 19,
  quietMs: 15,
  freshMs: 25,
  maxGapWaitMs: 1_000,
};

export type Pacer = {
  /** Awaited before each step; `step` names it (for the summary), `urgent` spares it the rest. */
  pace(step: string, opts?: { urgent?: boolean }): Promise<void>;
  /** Ends the last step's timing; each kind of step: how many, the median and longest length. */
  summary(): string;
};

/** Paces a piece of background work by `paceWait`, measuring its steps' lengths itself. */
export function createPacer(activity: Activity, rule: PaceRule = FILL_PACE_RULE): Pacer {
  let lastStepMs = 0;
  let lastStepEndAt = -Infinity;
  let current: { step: string; startedAt: number } | undefined;
  const lengths = new Map<string, number[]>();
  const endStep = () => {
    if (!current) return;
    const t = activity.now();
    lastStepMs = t - current.startedAt;
    lastStepEndAt = t;
    const list = lengths.get(current.step) ?? [];
    list.push(lastStepMs);
    lengths.set(current.step, list);
    current = undefined;
  };
  return {
    async pace(step, { urgent = false } = {}) {
      endStep();
      // Always let requests already queued in first.
      await new Promise((resolve) => setImmediate(resolve));
      const since = activity.now();
      for (;;) {
        const wait = paceWait(
          { ...activity.state(), now: activity.now(), lastStepMs, lastStepEndAt, since, urgent },
          rule,
        );
        if (wait <= 0) break;
        await activity.nextEnd(wait);
      }
      current = { step, startedAt: activity.now() };
    },
    summary() {
      endStep();
      return [...lengths]
        .map(([step, ms]) => {
          const sorted = [...ms].sort((a, b) => a - b);
          const p50 = sorted[Math.floor(sorted.length / 2)];
          return `${step} ${ms.length}× (median ${p50.toFixed(0)} ms, longest ${sorted.at(-1)!.toFixed(0)} ms)`;
        })
        .join(", ");
    },
  };
}
