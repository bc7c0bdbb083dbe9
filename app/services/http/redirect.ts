/**
 * The one check for a redirect target that comes from input (sign-in's `redirectTo`, the
 * sidebar toggle's return path…). Browsers are lenient with URLs: they treat `\` as `/`, drop
 * TAB/CR/LF anywhere in a URL, and read `//host` as another origin — so `/\evil.example` or
 * `/<TAB>/evil.example` leave the site although they "start with one slash". Only a plain
 * same-origin path survives; anything else becomes the fallback.
 *
 * A header carries Latin-1 at most: a path with other characters (`/\u3000/x`, what
 * `redirectTo=%2F%E3%80%80%2Fx` decodes to) made `Location` throw, a 500 after the session was
 * already made. The target is sent with every non-ASCII character percent-encoded as UTF-8 —
 * the very URL a browser would request for it — so a `Location` built from it is plain ASCII.
 */
import { hasControlCharacters } from "../core/text-input";

const PROBE_ORIGIN = "http://same-origin.invalid";
const MAX_TARGET = 2048;

/** `to` with every character outside printable ASCII percent-encoded (UTF-8); null when it cannot be (a lone surrogate). */
function asciiOnly(to: string): string | null {
  try {
    return to.replace(/[^\x20-\x7e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}

/** True when the raw `to` is a path on this site that a browser will resolve to this site. */
function staysOnSite(to: string): boolean {
  if (to.length === 0 || to.length > MAX_TARGET) return false;
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

/**
 * `to` as a `Location` header may carry it (non-ASCII percent-encoded, nothing else changed)
 * when it is a safe same-origin path; otherwise null. The encoded form is checked again: it is
 * what the browser will get.
 */
export function sameSitePath(to: unknown): string | null {
  if (typeof to !== "string" || !staysOnSite(to)) return null;
  const encoded = asciiOnly(to);
  return encoded !== null && staysOnSite(encoded) ? encoded : null;
}

/** True when `to` is a path on this site that a browser will resolve to this site. */
export function isSafeRedirect(to: unknown): to is string {
  return sameSitePath(to) !== null;
}

/** `to` (non-ASCII percent-encoded) when it is a safe same-origin path, otherwise `fallback`. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  return sameSitePath(to) ?? fallback;
}
