import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { consoleMetrics } from "./metrics";
import { startPeriodic, stopPeriodicJobs } from "./periodic";

describe("startPeriodic", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once, then every interval, until stopped", async () => {
    const run = vi.fn(async () => {});
    const stop = startPeriodic("test-job", run, "failed", 1_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("with firstAfterMs, waits that long for the first run, then keeps the interval", async () => {
    const run = vi.fn(async () => {});
    const stop = startPeriodic("test-job", run, "failed", 1_000, { firstAfterMs: 60_000 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("stopped before its first run, never runs", async () => {
    const run = vi.fn(async () => {});
    const stop = startPeriodic("test-job", run, "failed", 1_000, { firstAfterMs: 10_000 });
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).not.toHaveBeenCalled();
  });

  it("never runs two at a time, and a failed run does not stop the next", async () => {
    let release: () => void = () => {};
    const calls: number[] = [];
    const run = vi.fn(async () => {
      calls.push(Date.now());
      if (calls.length === 1) await new Promise<void>((r) => (release = r));
      if (calls.length === 2) throw new Error("boom");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const stop = startPeriodic("test-job", run, "failed", 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    errors.mockRestore();
  });

  it("counts and times every run by job and outcome (decision 078)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = false;
    const stop = startPeriodic(
      "counted-job",
      async () => {
        if (fail) throw new Error("boom");
      },
      "failed",
      1_000,
    );
    await vi.advanceTimersByTimeAsync(1_500);
    fail = true;
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    errors.mockRestore();
    const text = await consoleMetrics().registry.metrics();
    expect(text).toContain('console_job_run_duration_seconds_count{job="counted-job",outcome="ok"} 2');
    expect(text).toContain('console_job_run_duration_seconds_count{job="counted-job",outcome="failed"} 1');
  });

  // Last: stopping is for the whole process.
  it("stopping waits for the run under way, then no run starts again", async () => {
    let release: () => void = () => {};
    let runs = 0;
    let finished = false;
    startPeriodic(
      "stopped-job",
      async () => {
        runs++;
        await new Promise<void>((r) => (release = r));
        finished = true;
      },
      "failed",
      1_000,
    );
    let stoppedAll = false;
    const stopping = stopPeriodicJobs().then(() => (stoppedAll = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stoppedAll).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    const later = vi.fn(async () => {});
    startPeriodic("late-job", later, "failed", 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(later).not.toHaveBeenCalled();
  });
});
