/**
 * The one place the server's periodic jobs run (the Daily Performance snapshot, the cycle cutter,
 * the Legal Status keeper, legal reminders, scheduled rate changes, the mail outbox, finance
 * reports, sign-in records' pruning, table upkeep): once at once (or after `firstAfterMs`), then
 * every `everyMs`, never two runs of one job at a time in this process. Whether a run does
 * anything is the job's own business (an advisory lock and a "fresh" check in the database make
 * one server do it once a period); a failed run is logged and the next one tries again.
 *
 * Every run is counted and timed by job and outcome (decision 078, `/metrics`), and a server that
 * is stopping calls `stopPeriodicJobs`: no run starts any more, and the runs under way finish.
 * Returns a stop function.
 */
import { consoleMetrics } from "./metrics";
import { logServerError } from "./server-log";

const stops = new Set<() => void>();
const running = new Set<Promise<void>>();
let stopped = false;

export function startPeriodic(
  job: string,
  run: () => Promise<void>,
  failure: string,
  everyMs: number,
  options: { firstAfterMs?: number } = {},
): () => void {
  if (stopped) return () => {};
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current || stopped) return;
    const started = performance.now();
    current = (async () => {
      let outcome = "ok";
      try {
        await run();
      } catch (error) {
        outcome = "failed";
        logServerError(error, failure);
      } finally {
        consoleMetrics().jobRuns.observe({ job, outcome }, (performance.now() - started) / 1000);
      }
    })();
    const done = current;
    running.add(done);
    void done.finally(() => {
      running.delete(done);
      current = null;
    });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const begin = () => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  };
  const first = options.firstAfterMs ? setTimeout(begin, options.firstAfterMs) : undefined;
  first?.unref();
  if (!first) begin();
  const stop = () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    stops.delete(stop);
  };
  stops.add(stop);
  return stop;
}

/** A server stopping: no job starts a run any more; resolves when the runs under way have finished. */
export async function stopPeriodicJobs(): Promise<void> {
  stopped = true;
  for (const stop of [...stops]) stop();
  await Promise.allSettled([...running]);
}
