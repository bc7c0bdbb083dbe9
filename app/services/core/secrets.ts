/**
 * Comparing a secret someone sent with the one configured, in time that tells nothing about
 * either: both are hashed first (so neither their lengths nor a common prefix shows in the time
 * taken), then compared with `timingSafeEqual`.
 */
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}
