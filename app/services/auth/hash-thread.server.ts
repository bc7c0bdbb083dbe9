/**
 * scrypt for sign-in on threads of our own, each at a lower CPU priority (nice 10) than the
 * threads that serve pages (decision 060). On Node's shared pool a hash competes as an equal
 * with the page threads (the main thread and the embedded database's); here a busy machine
 * gives the pages the CPU first and the hashes what is left, and an idle one hashes at full
 * speed. The gate (hash-gate.server.ts) bounds how many run, so there are at most that many
 * threads; each is made on first need and kept.
 */
import type { ScryptOptions } from "node:crypto";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** The nice value of a hashing thread: 0 is the process's own, 19 the lowest priority. */
export const HASH_THREAD_NICE = 10;

/** The thread's entry, as a file path (plain JavaScript: it needs no TypeScript loader). */
export const HASH_THREAD_ENTRY = path.resolve(process.cwd(), "app/services/auth/hash-thread.mjs");

type Waiting = { resolve(key: Buffer): void; reject(error: Error): void };

class HashThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Waiting>();
  #next = 1;
  failed = false;

  constructor() {
    this.#worker = new Worker(HASH_THREAD_ENTRY, { workerData: { nice: HASH_THREAD_NICE } });
    // The thread keeps the process alive only while a hash is waiting for it.
    this.#worker.unref();
    this.#worker.on("message", (answer: { id: number; key?: Uint8Array; error?: string }) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (answer.key) waiting.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else waiting.reject(new Error(answer.error ?? "scrypt failed"));
    });
    const fail = (error: Error) => {
      this.failed = true;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`A hashing thread stopped (exit code ${code}).`)));
  }

  scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    if (this.failed) return Promise.reject(new Error("The hashing thread has stopped."));
    const id = this.#next++;
    return new Promise<Buffer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, password, salt, keyLength, options });
    });
  }
}

const idle: HashThread[] = [];

/** scrypt on an idle hashing thread (a new one when none is idle). */
export async function scryptOnThread(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  const thread = idle.pop() ?? new HashThread();
  try {
    return await thread.scrypt(password, salt, keyLength, options);
  } finally {
    if (!thread.failed) idle.push(thread);
  }
}
