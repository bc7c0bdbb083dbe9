/**
 * A job every server runs on a timer (the Daily Performance snapshot, the cycle cutter): once at
 * once (or after `firstAfterMs`), then every `everyMs`, never two runs of it at a time in this process. Whether a run does
 * anything is the job's own business (an advisory lock and a "fresh" check in the database make
 * one server do it once a period); a failed run is logged and the next one tries again.
 * Returns a stop function.
 */
import { logServerError } from "./server-log";

export function startPeriodic(
  run: () => Promise<void>,
  failure: string,
  everyMs: number,
  options: { firstAfterMs?: number } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      logServerError(error, failure);
    } finally {
      running = false;
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const begin = () => {
    void tick();
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
  };
  const first = options.firstAfterMs ? setTimeout(begin, options.firstAfterMs) : undefined;
  first?.unref();
  if (!first) begin();
  return () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
  };
}
