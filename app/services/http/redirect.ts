/**
 * The one check for a redirect target that comes from input (sign-in's `redirectTo`, the
 * sidebar toggle's return path…). Browsers are lenient with URLs: they treat `\` as `/`, drop
 * TAB/CR/LF anywhere in a URL, and read `//host` as another origin — so `/\evil.example` or
 * `/<TAB>/evil.example` leave the site although they "start with one slash". Only a plain
 * same-origin path survives; anything else becomes the fallback.
 */
import { hasControlCharacters } from "../core/text-input";

const PROBE_ORIGIN = "http://same-origin.invalid";

/** True when `to` is a path on this site that a browser will resolve to this site. */
export function isSafeRedirect(to: unknown): to is string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return false;
  if (!to.startsWith("/") || to.startsWith("//")) return false;
  // Any C0 control character, DEL, or the C1 range: browsers strip or misread all of them.
  if (to.includes("\\") || hasControlCharacters(to)) return false;
  // A scheme can only hide behind a path that still parses as absolute; check the resolution.
  let resolved: URL;
  try {
    resolved = new URL(to, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return resolved.origin === PROBE_ORIGIN;
}

/** `to` when it is a safe same-origin path, otherwise `fallback`. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  return isSafeRedirect(to) ? to : fallback;
}
