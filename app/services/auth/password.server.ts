/**
 * Password hashing with scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1).
 * Stored as `scrypt$N$r$p$salt$hash` (base64) so parameters can be raised later and old
 * hashes still verify.
 *
 * PASSWORD_HASH_COST (log2 N, 10–20) changes N for new hashes; `npm test` sets it low
 * (decision 038): a hash at 2^17 is ~0.75 s of CPU and 128 MiB of fresh pages on a CI
 * machine, and the test suites make hundreds. The server warns when it runs below OWASP's.
 */
import { randomBytes, scrypt as scryptCb, type ScryptOptions, timingSafeEqual } from "node:crypto";

import { OWASP_HASH_COST, passwordHashCost } from "../core/env.server";

/** OWASP's parameters: what production uses unless PASSWORD_HASH_COST says otherwise (core/env.server.ts). */
export const SCRYPT_PARAMS = { N: 2 ** OWASP_HASH_COST, r: 8, p: 1 } as const;

/** The parameters new hashes are made with. */
export function scryptParams(): { N: number; r: number; p: number } {
  return { ...SCRYPT_PARAMS, N: 2 ** passwordHashCost() };
}
const KEY_LENGTH = 32;

/** One scrypt: on Node's thread pool by default; sign-in runs its own (hash-thread.server.ts, decision 060). */
export type ScryptFn = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) => Promise<Buffer>;

const scryptOnPool: ScryptFn = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) => {
    scryptCb(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

function scrypt(password: string, salt: Buffer, opts: ScryptOptions, run: ScryptFn = scryptOnPool): Promise<Buffer> {
  const maxmem = 128 * (opts.N ?? 1) * (opts.r ?? 8) * 2;
  return run(password.normalize("NFKC"), salt, KEY_LENGTH, { ...opts, maxmem });
}

/** `salt` may be given for deterministic demo data; otherwise 16 random bytes. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const { N, r, p } = scryptParams();
  const key = await scrypt(password, salt, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  run: ScryptFn = scryptOnPool,
): Promise<boolean> {
  if (!stored) return false;
  const [algo, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algo !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(
    password,
    Buffer.from(saltB64, "base64"),
    { N: Number(n), r: Number(r), p: Number(p) },
    run,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that no password matches, for running the same work when an account is unknown. */
export function dummyHash(): string {
  return `scrypt$${scryptParams().N}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}
