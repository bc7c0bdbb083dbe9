/**
 * Staff sessions: a signed, HttpOnly cookie carries only a session id and one-shot flash
 * toasts; the session itself lives in PostgreSQL (staff_sessions) so logout really ends
 * it, any number of app servers can check it, and idle/absolute expiry is enforced here.
 */
import { randomBytes } from "node:crypto";

import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { and, eq, isNull, sql } from "drizzle-orm";

import { cookieSecure, sessionSecrets } from "../core/env.server";
import type { StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { preparedQuery } from "../db/prepared.server";
import { staff, staffSessions } from "../db/schema";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/**
 * last_seen_at is written at most this often, to keep reads cheap. The idle check adds the
 * same interval, so a session is never ended before 30 real minutes without a request (and
 * always by 30 minutes and 15 seconds).
 */
export const TOUCH_INTERVAL_MS = 15 * 1000;

/** Link prefetches (hovering a link) are not the user doing something: they don't keep a session alive. */
function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
}

export type Toast = {
  kind: "success" | "error";
  title?: string;
  message: string;
  /** How long it shows with JavaScript, when a message needs longer than its kind's default (ToastArea). */
  durationMs?: number;
};
type SessionData = { sid: string };
type FlashData = { toast: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__console_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure(),
      secrets: sessionSecrets(),
      maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
    },
  });
  return storage;
}

export function getCookieSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitCookieSession(session: Awaited<ReturnType<typeof getCookieSession>>) {
  return sessionStorage().commitSession(session);
}

export type SignedInStaff = { id: number; name: string; email: string; role: StaffRole; sessionId: string };

/** Looks up the live session for the request, or null (expired, ended, or none). */
export async function findSignedInStaff(db: Db, request: Request, now = new Date()): Promise<SignedInStaff | null> {
  const session = await getCookieSession(request);
  const sid = session.get("sid");
  if (!sid) return null;
  // Every page asks this: built once (decision 051).
  const lookup = preparedQuery(db, "signed-in-staff", () =>
    db
      .select({
        id: staff.id,
        name: staff.name,
        email: staff.email,
        role: staff.role,
        created_at: staffSessions.created_at,
        last_seen_at: staffSessions.last_seen_at,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
      .where(and(eq(staffSessions.id, sql.placeholder("sid")), isNull(staffSessions.ended_at))),
  );
  const [row] = await lookup.execute({ sid });
  if (!row) return null;
  const t = now.getTime();
  if (
    t - row.created_at.getTime() > ABSOLUTE_TIMEOUT_MS ||
    t - row.last_seen_at.getTime() > IDLE_TIMEOUT_MS + TOUCH_INTERVAL_MS
  ) {
    await db.update(staffSessions).set({ ended_at: now }).where(eq(staffSessions.id, sid));
    return null;
  }
  if (t - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS && !isPrefetch(request)) {
    await db.update(staffSessions).set({ last_seen_at: now }).where(eq(staffSessions.id, sid));
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: sid };
}

/** Starts a brand-new session (never reuses an old id) and returns the Set-Cookie value. */
export async function startSession(db: Db, request: Request, staffId: number, toast?: Toast): Promise<string> {
  const old = await getCookieSession(request);
  const oldSid = old.get("sid");
  if (oldSid) await db.update(staffSessions).set({ ended_at: new Date() }).where(eq(staffSessions.id, oldSid));
  const sid = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({ id: sid, staff_id: staffId });
  const session = await sessionStorage().getSession();
  session.set("sid", sid);
  if (toast) session.flash("toast", toast);
  return sessionStorage().commitSession(session);
}

export async function endSession(db: Db, request: Request): Promise<string> {
  const session = await getCookieSession(request);
  const sid = session.get("sid");
  if (sid) await db.update(staffSessions).set({ ended_at: new Date() }).where(eq(staffSessions.id, sid));
  return sessionStorage().destroySession(session);
}

/** Redirect with a toast that survives a plain (no-JS) form post. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init?: ResponseInit) {
  const session = await getCookieSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await sessionStorage().commitSession(session));
  return redirect(to, { ...init, headers });
}
