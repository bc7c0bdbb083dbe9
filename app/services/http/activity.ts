/**
 * Requests in flight in this server process, and a wait for a quiet moment between them: the
 * demo's background fill (seed/orders.server.ts fillOrderBook) takes each of its steps when no
 * request is waiting, so pages answer first while the book fills (decision 077). A scheduling
 * hint for this process's own work only: nothing is decided from it across copies.
 */
export type Activity = {
  /** Marks a request begun; call the returned function once when it ends (answered or closed). */
  begin(): () => void;
  /** How many requests are in flight now. */
  inFlight(): number;
  /**
   * Resolves once no request has been in flight for `quietMs`, or after `maxWaitMs` whatever the
   * traffic (work that waits for a quiet moment is never starved by a steady stream of requests).
   */
  whenQuiet(opts: { quietMs: number; maxWaitMs: number }): Promise<void>;
};

export function createActivity(now: () => number = () => performance.now()): Activity {
  let inFlight = 0;
  let lastEnd = -Infinity;
  const begin = () => {
    inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      inFlight--;
      lastEnd = now();
    };
  };
  const quietFor = (quietMs: number) => inFlight === 0 && now() - lastEnd >= quietMs;
  const whenQuiet = async ({ quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number }) => {
    const t0 = now();
    // Always let requests already queued in first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!quietFor(quietMs) && now() - t0 < maxWaitMs) {
      const wait = inFlight > 0 ? quietMs : Math.max(1, quietMs - (now() - lastEnd));
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, maxWaitMs)));
    }
  };
  return { begin, inFlight: () => inFlight, whenQuiet };
}
