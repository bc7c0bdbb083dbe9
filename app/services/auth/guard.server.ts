/**
 * The first line of every loader and action: who is asking, and may they?
 */
import { redirect } from "@remix-run/node";

import { noteRequester } from "../core/log";
import { getDb } from "../db/client.server";
import { oncePerRequest } from "../http/request-scope.server";
import { capabilitiesOf } from "./capabilities.server";
import { can, type Capability, type Permission, ruleOf } from "./permissions";
import { findSignedInStaff, type SignedInStaff } from "./session.server";

/** The refusal every guarded page and action gives (spec: a clear 403, inside the shell). */
export const NO_ACCESS_MESSAGE = "You do not have access to this page.";

/**
 * Signed-in staff as the guard returns them. `capabilities` is filled when the guarded
 * permission needs one, or when asked with `capabilities: true` (a screen that shows a
 * control only to, say, finance approvers); otherwise it is left undefined and `can` refuses
 * every action that needs a capability.
 */
export type Staff = SignedInStaff & { capabilities?: readonly Capability[] };

/**
 * One session lookup per request: the layout, client and tab loaders of a page all guard
 * themselves, and each gets its own copy of the Request (see request-scope.server.ts).
 */
function signedInStaffOf(request: Request): Promise<SignedInStaff | null> {
  return oncePerRequest("signed-in-staff", async () => {
    const signedIn = await findSignedInStaff(getDb(), request);
    // The request's log line names who asked (decision 078).
    if (signedIn) noteRequester({ staffId: signedIn.id });
    return signedIn;
  });
}

export async function requireStaff(
  request: Request,
  opts: { permission?: Permission; capabilities?: boolean } = {},
): Promise<Staff> {
  const signedIn = await signedInStaffOf(request);
  if (!signedIn) {
    // Signed-out visitors go to `/` (the sign-in page); the deep link they wanted comes along.
    const url = new URL(request.url);
    const wanted = url.pathname + url.search;
    throw redirect(request.method === "GET" && wanted !== "/" ? `/?redirectTo=${encodeURIComponent(wanted)}` : "/");
  }
  const needsCapabilities =
    opts.capabilities || (opts.permission !== undefined && ruleOf(opts.permission).capability !== undefined);
  const staff: Staff = needsCapabilities
    ? {
        ...signedIn,
        capabilities: await oncePerRequest(`capabilities:${signedIn.id}`, () => capabilitiesOf(getDb(), signedIn)),
      }
    : signedIn;
  if (opts.permission && !can(staff, opts.permission)) {
    throw new Response(NO_ACCESS_MESSAGE, { status: 403, statusText: "Forbidden" });
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
