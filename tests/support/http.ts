/**
 * Plain-HTTP helpers for the security suite: requests as a script (or an attacker) would send
 * them, no browser. Each caller may pass its own client address (X-Forwarded-For; the test
 * server trusts the proxy) so the sign-in limit of one test never blocks another.
 */
import { baseURL } from "./browser";

export const DEMO_PASSWORD = "demo-password";

export function url(path: string): string {
  return new URL(path, baseURL()).toString();
}

/** A form POST from the console's own origin; never follows redirects. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url(path), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseURL()).origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export function get(path: string, headers: Record<string, string> = {}) {
  return fetch(url(path), { redirect: "manual", headers });
}

/** Signs in with a password and returns the session cookie ("name=value"). */
export async function signInCookie(email: string, role: string, ip: string, extra: Record<string, string> = {}) {
  const res = await postForm("/sign-in", { email, role, password: DEMO_PASSWORD, ...extra }, { "X-Forwarded-For": ip });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return { cookie, location: res.headers.get("location") };
}
