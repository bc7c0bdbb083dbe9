// A sign-in hashing thread's entry (decision 060): scrypt at a lower CPU priority than the
// threads that serve pages. On Linux a nice value is per thread, so this thread lowers its own
// (raising a nice value needs no privilege); elsewhere it runs at the usual priority.
import { scryptSync } from "node:crypto";
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";

try {
  const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
  os.setPriority(threadId, workerData.nice);
} catch {
  // not Linux: the thread keeps the process's priority
}

parentPort.on("message", ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, salt, keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
