/**
 * The first line of every loader and action: who is asking, and may they?
 */
import { redirect } from "@remix-run/node";
import { getDb } from "../db/client.server";
import { oncePerRequest } from "../http/request-scope.server";
import type { StaffRole } from "../core/roles";
import { findSignedInStaff, type SignedInStaff } from "./session.server";

/**
 * One session lookup per request: the layout, client and tab loaders of a page all guard
 * themselves, and each gets its own copy of the Request (see request-scope.server.ts).
 */
function signedInStaffOf(request: Request): Promise<SignedInStaff | null> {
  return oncePerRequest("signed-in-staff", () => findSignedInStaff(getDb(), request));
}

export async function requireStaff(request: Request, opts: { roles?: readonly StaffRole[] } = {}): Promise<SignedInStaff> {
  const staff = await signedInStaffOf(request);
  if (!staff) {
    // Signed-out visitors go to `/` (the sign-in page); the deep link they wanted comes along.
    const url = new URL(request.url);
    const wanted = url.pathname + url.search;
    throw redirect(request.method === "GET" && wanted !== "/" ? `/?redirectTo=${encodeURIComponent(wanted)}` : "/");
  }
  if (opts.roles && !opts.roles.includes(staff.role)) {
    throw new Response("You do not have access to this page.", { status: 403, statusText: "Forbidden" });
  }
  return staff;
}

export async function optionalStaff(request: Request): Promise<SignedInStaff | null> {
  return signedInStaffOf(request);
}

/** The client address for rate limiting, from the server's load context (see scripts/server.ts). */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: string } | undefined)?.clientIp;
  return ip || "unknown";
}
