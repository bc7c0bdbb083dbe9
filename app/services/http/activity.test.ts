import { describe, expect, it } from "vitest";

import { createActivity, createPacer, FILL_PACE_RULE, type PaceView, paceWait } from "./activity";

describe("createActivity", () => {
  it("counts requests in flight, once per request however often it ends, and when they began and ended", () => {
    let t = 100;
    const a = createActivity(() => t);
    expect(a.state()).toEqual({ inFlight: 0, lastBeginAt: -Infinity, lastEndAt: -Infinity });
    const end1 = a.begin();
    t = 110;
    const end2 = a.begin();
    expect(a.state()).toEqual({ inFlight: 2, lastBeginAt: 110, lastEndAt: -Infinity });
    t = 120;
    end1();
    t = 130;
    end1();
    expect(a.state()).toEqual({ inFlight: 1, lastBeginAt: 110, lastEndAt: 120 });
    end2();
    expect(a.state().inFlight).toBe(0);
  });

  it("wakes a waiter when a request ends, or after the time it gave", async () => {
    const a = createActivity();
    const end = a.begin();
    const t0 = performance.now();
    const woken = a.nextEnd(5_000);
    setTimeout(end, 20);
    await woken;
    expect(performance.now() - t0).toBeLessThan(1_000);
    const t1 = performance.now();
    await a.nextEnd(30);
    expect(performance.now() - t1).toBeGreaterThanOrEqual(25);
  });
});

describe("paceWait: when the fill's next step may start (decision 077)", () => {
  const rule = FILL_PACE_RULE; // idle after 1.5 s, rest 19×, quiet 15 ms, fresh 25 ms, at most 1 s for a gap
  /** A person clicking: the last request ended 20 ms ago, the last step (40 ms) ended 1 s ago. */
  const clicking: PaceView = {
    now: 10_000,
    inFlight: 0,
    lastBeginAt: 9_960,
    lastEndAt: 9_980,
    lastStepMs: 40,
    lastStepEndAt: 9_000,
    since: 9_000,
    urgent: false,
  };

  it("goes at full speed when no request has come for a while", () => {
    const idle = { ...clicking, lastBeginAt: 8_000, lastEndAt: 8_400, lastStepEndAt: 9_990, since: 9_990 };
    expect(paceWait(idle, rule)).toBe(0);
    // Never seen a request: full speed.
    expect(paceWait({ ...idle, lastBeginAt: -Infinity, lastEndAt: -Infinity }, rule)).toBe(0);
  });

  it("while requests come, rests nineteen times the last step's length after it", () => {
    const justDone = { ...clicking, lastStepEndAt: 9_990, since: 9_990 };
    expect(paceWait(justDone, rule)).toBe(19 * 40 - 10);
    // A step half as long again rests half as long again: about 5 % of the time for the fill.
    expect(paceWait({ ...justDone, lastStepMs: 60 }, rule)).toBe(19 * 60 - 10);
    // …but no longer than until the requests have stopped for a while.
    const lastRequestLongAgo = { ...justDone, lastBeginAt: 9_000, lastEndAt: 9_010, lastStepMs: 400 };
    expect(paceWait(lastRequestLongAgo, rule)).toBe(1_500 - 990);
  });

  it("after its rest, starts just after a request ends, never while one is in flight", () => {
    // 20 ms after an end (quiet 15 ms, fresh 25 ms): go.
    expect(paceWait(clicking, rule)).toBe(0);
    // 5 ms after: 10 ms more of quiet.
    expect(paceWait({ ...clicking, lastEndAt: 9_995 }, rule)).toBe(10);
    // A request in flight: wait for its end (at most until the wait's deadline).
    const busy = { ...clicking, inFlight: 1, lastBeginAt: 9_990 };
    expect(paceWait(busy, rule)).toBeGreaterThan(0);
    // A gap that has lasted 300 ms may end any moment: wait for the next end.
    const oldGap = { ...clicking, lastBeginAt: 9_690, lastEndAt: 9_700 };
    expect(paceWait(oldGap, rule)).toBeGreaterThan(0);
  });

  it("is never starved: a second after its rest it goes whatever the traffic", () => {
    const steady = { ...clicking, inFlight: 3, lastBeginAt: 9_999, lastStepEndAt: 9_000, since: 9_000 };
    // Rest until 9,760, then at most 1 s for a gap: until 10,760.
    expect(paceWait(steady, rule)).toBe(760);
    expect(paceWait({ ...steady, now: 10_760 }, rule)).toBe(0);
  });

  it("an urgent step (the most recent weeks a person waits to see) takes any quiet moment, without resting", () => {
    const urgent = { ...clicking, urgent: true, lastStepMs: 300, lastStepEndAt: 9_990, since: 9_990 };
    expect(paceWait(urgent, rule)).toBe(0);
    expect(paceWait({ ...urgent, lastBeginAt: 9_690, lastEndAt: 9_700 }, rule)).toBe(0);
    expect(paceWait({ ...urgent, inFlight: 1 }, rule)).toBeGreaterThan(0);
    expect(paceWait({ ...urgent, lastEndAt: 9_995 }, rule)).toBe(10);
  });

  it("keeps the fill's share of the time near 5 % for a person clicking every 117 ms", () => {
    // Simulated: requests of 17 ms every 117 ms, steps of 30 ms; the pacer's wait as the rule says.
    const stepMs = 30;
    let now = 0;
    let lastStepEndAt = -Infinity;
    let lastStepMs = 0;
    let busy = 0;
    let collisions = 0;
    let steps = 0;
    const requestAt = (t: number) => Math.floor(t / 117) * 117;
    while (now < 60_000) {
      const since = now;
      for (;;) {
        const r = requestAt(now);
        const inFlight = now - r < 17 ? 1 : 0;
        const view: PaceView = {
          now,
          inFlight,
          lastBeginAt: r,
          lastEndAt: inFlight ? r - 100 : r + 17,
          lastStepMs,
          lastStepEndAt,
          since,
          urgent: false,
        };
        const wait = paceWait(view, rule);
        if (wait <= 0) break;
        now += Math.min(wait, 1);
      }
      // A request that begins during the step waits behind it.
      if (requestAt(now + stepMs) > now) collisions++;
      steps++;
      busy += stepMs;
      now += stepMs;
      lastStepEndAt = now;
      lastStepMs = stepMs;
    }
    expect(busy / now).toBeLessThan(0.05);
    expect(busy / now).toBeGreaterThan(0.03);
    // Each step starts just after a request: none of them meets the next one.
    expect(collisions).toBe(0);
    expect(steps).toBeGreaterThan(60);
  });
});

describe("createPacer", () => {
  it("measures each kind of step and goes at once when no request comes", async () => {
    const pacer = createPacer(createActivity());
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) {
      await pacer.pace("chunk");
      await new Promise((r) => setTimeout(r, 5));
    }
    await pacer.pace("link");
    expect(performance.now() - t0).toBeLessThan(500);
    expect(pacer.summary()).toMatch(/^chunk 3× \(median \d+ ms, longest \d+ ms\), link 1× /);
  });

  it("rests after a step while requests come", async () => {
    const activity = createActivity();
    const pacer = createPacer(activity, { ...FILL_PACE_RULE, restFactor: 4, quietMs: 1, freshMs: 1_000 });
    activity.begin()(); // a request just now
    await pacer.pace("chunk");
    await new Promise((r) => setTimeout(r, 30)); // a 30 ms step
    const t0 = performance.now();
    await pacer.pace("chunk");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(4 * 30 - 5);
  });
});
