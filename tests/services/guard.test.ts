/**
 * The guards: `requireStaff(request, { permission })` against real sessions, with the
 * finance-approver capability looked up only when the action needs it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_ACCESS_MESSAGE, requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { startSession } from "~/services/auth/session.server";
import type { DbHandle } from "~/services/db/client.server";
import { staff } from "~/services/db/schema";
import { runInRequestScope } from "~/services/http/request-scope.server";
import { openTestDb } from "../support/db";

let h: DbHandle;
const globalDb = globalThis as unknown as { __consoleDb?: DbHandle };
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  globalDb.__consoleDb = h;
});
afterAll(async () => {
  globalDb.__consoleDb = undefined;
  await h?.close();
});

async function requestAs(email: string, path = "/all-users"): Promise<Request> {
  const [person] = await h.db.select().from(staff).where(eq(staff.email, email));
  const cookie = (await startSession(h.db, new Request("http://x/"), person.id)).split(";")[0];
  return new Request(`http://x${path}`, { headers: { cookie } });
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; text: string }> {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a thrown Response, got ${String(thrown)}`);
  return { status: thrown.status, text: await thrown.text() };
}

describe("requireStaff with a permission", () => {
  it("lets a role the table allows through, and refuses the others with 403 and one message", async () => {
    expect((await requireStaff(await requestAs("vp@demo.test"), { permission: "ratecard.edit" })).role).toBe("vp");
    expect(await refusal(requireStaff(await requestAs("kam@demo.test"), { permission: "ratecard.edit" }))).toEqual({ status: 403, text: NO_ACCESS_MESSAGE });
    expect(await refusal(requireStaff(await requestAs("legal@demo.test"), { permission: "clients.view" }))).toEqual({ status: 403, text: NO_ACCESS_MESSAGE });
    expect((await requireStaff(await requestAs("legal@demo.test"), { permission: "legal.view" })).role).toBe("legal");
    expect(NO_ACCESS_MESSAGE).toBe("You do not have access to this page.");
  });

  it("sends a signed-out visitor to sign in, with the page they wanted", async () => {
    const thrown = await requireStaff(new Request("http://x/all-users/7/rate-card?tab=reverse"), { permission: "ratecard.view" }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(`/?redirectTo=${encodeURIComponent("/all-users/7/rate-card?tab=reverse")}`);
  });

  it("releases COD for a finance approver only: the capability is looked up when the action needs it", async () => {
    const approver = await requireStaff(await requestAs("approver1@demo.test"), { permission: "cod.release" });
    expect(approver).toMatchObject({ role: "kam", capabilities: ["finance-approver"] });
    expect(await refusal(requireStaff(await requestAs("kam@demo.test"), { permission: "cod.release" }))).toEqual({ status: 403, text: NO_ACCESS_MESSAGE });
    expect(await refusal(requireStaff(await requestAs("vp@demo.test"), { permission: "cod.release" }))).toEqual({ status: 403, text: NO_ACCESS_MESSAGE });

    // Not looked up unless needed: a page guarded by cod.view asks for it to show the Release column.
    const viewer = await requireStaff(await requestAs("approver2@demo.test", "/on-hold-cod"), { permission: "cod.view" });
    expect(viewer.capabilities).toBeUndefined();
    expect(can(viewer, "cod.release")).toBe(false);
    const withCaps = await runInRequestScope(async () => requireStaff(await requestAs("approver2@demo.test", "/on-hold-cod"), { permission: "cod.view", capabilities: true }));
    expect(can(withCaps, "cod.release")).toBe(true);
    const kam = await requireStaff(await requestAs("kam@demo.test", "/on-hold-cod"), { permission: "cod.view", capabilities: true });
    expect(kam.capabilities).toEqual([]);
    expect(can(kam, "cod.release")).toBe(false);
  });
});
