import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { startPeriodic } from "./periodic";

describe("startPeriodic", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once, then every interval, until stopped", async () => {
    const run = vi.fn(async () => {});
    const stop = startPeriodic(run, "failed", 1_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("with firstAfterMs, waits that long for the first run, then keeps the interval", async () => {
    const run = vi.fn(async () => {});
    const stop = startPeriodic(run, "failed", 1_000, { firstAfterMs: 60_000 });
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
    const stop = startPeriodic(run, "failed", 1_000, { firstAfterMs: 10_000 });
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
    const stop = startPeriodic(run, "failed", 1_000);
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
});
