import { describe, expect, it } from "vitest";

import { createActivity } from "./activity";

describe("createActivity", () => {
  it("counts requests in flight, once per request however often it ends", () => {
    const a = createActivity();
    const end1 = a.begin();
    const end2 = a.begin();
    expect(a.inFlight()).toBe(2);
    end1();
    end1();
    expect(a.inFlight()).toBe(1);
    end2();
    expect(a.inFlight()).toBe(0);
  });

  it("waits while a request is in flight and a quiet moment after it, but no longer than the most it may wait", async () => {
    const a = createActivity();
    const end = a.begin();
    let done = false;
    const waiting = a.whenQuiet({ quietMs: 20, maxWaitMs: 5_000 }).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(done).toBe(false);
    const ended = performance.now();
    end();
    await waiting;
    expect(performance.now() - ended).toBeGreaterThanOrEqual(19);

    const busy = a.begin();
    const t0 = performance.now();
    await a.whenQuiet({ quietMs: 20, maxWaitMs: 80 });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(79);
    busy();
  });

  it("goes at once when nothing has been asked for a while", async () => {
    const a = createActivity();
    const t0 = performance.now();
    await a.whenQuiet({ quietMs: 20, maxWaitMs: 5_000 });
    expect(performance.now() - t0).toBeLessThan(20);
  });
});
