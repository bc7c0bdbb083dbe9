/**
 * The guards: `requireStaff(request, { permission })` against real sessions, with the
 * finance-approver capability looked up only when the action needs it; and
 * `requireClientToken`, the one guard of every seller and system endpoint.
 */
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { action as sellerPlanAction, loader as sellerPlanLoader } from "~/routes/api.seller.advantage-plan";
import { loader as calculatorLoader } from "~/routes/houston-ratecard.shipment-calculator-v3";
import { loader as pincodeLoader } from "~/routes/location.pincode-serviceability-v3";
import { CLIENT_TOKEN_INVALID, CLIENT_TOKEN_REQUIRED, requireClientToken } from "~/services/auth/client-token.server";
import { NO_ACCESS_MESSAGE, requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { startSession } from "~/services/auth/session.server";
import type { DbHandle } from "~/services/db/client.server";
import { clients, staff } from "~/services/db/schema";
import { runInRequestScope } from "~/services/http/request-scope.server";

import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
});
afterAll(async () => {
  useAsAppDb(undefined);
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
    expect(await refusal(requireStaff(await requestAs("kam@demo.test"), { permission: "ratecard.edit" }))).toEqual({
      status: 403,
      text: NO_ACCESS_MESSAGE,
    });
    expect(await refusal(requireStaff(await requestAs("legal@demo.test"), { permission: "clients.view" }))).toEqual({
      status: 403,
      text: NO_ACCESS_MESSAGE,
    });
    expect((await requireStaff(await requestAs("legal@demo.test"), { permission: "legal.view" })).role).toBe("legal");
    expect(NO_ACCESS_MESSAGE).toBe("You do not have access to this page.");
  });

  it("sends a signed-out visitor to sign in, with the page they wanted", async () => {
    const thrown = await requireStaff(new Request("http://x/all-users/7/rate-card?tab=reverse"), {
      permission: "ratecard.view",
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/?redirectTo=${encodeURIComponent("/all-users/7/rate-card?tab=reverse")}`,
    );
  });

  it("releases COD for a finance approver only: the capability is looked up when the action needs it", async () => {
    const approver = await requireStaff(await requestAs("approver1@demo.test"), { permission: "cod.release" });
    expect(approver).toMatchObject({ role: "kam", capabilities: ["finance-approver"] });
    expect(await refusal(requireStaff(await requestAs("kam@demo.test"), { permission: "cod.release" }))).toEqual({
      status: 403,
      text: NO_ACCESS_MESSAGE,
    });
    expect(await refusal(requireStaff(await requestAs("vp@demo.test"), { permission: "cod.release" }))).toEqual({
      status: 403,
      text: NO_ACCESS_MESSAGE,
    });

    // Not looked up unless needed: a page guarded by cod.view asks for it to show the Release column.
    const viewer = await requireStaff(await requestAs("approver2@demo.test", "/on-hold-cod"), {
      permission: "cod.view",
    });
    expect(viewer.capabilities).toBeUndefined();
    expect(can(viewer, "cod.release")).toBe(false);
    const withCaps = await runInRequestScope(async () =>
      requireStaff(await requestAs("approver2@demo.test", "/on-hold-cod"), {
        permission: "cod.view",
        capabilities: true,
      }),
    );
    expect(can(withCaps, "cod.release")).toBe(true);
    const kam = await requireStaff(await requestAs("kam@demo.test", "/on-hold-cod"), {
      permission: "cod.view",
      capabilities: true,
    });
    expect(kam.capabilities).toEqual([]);
    expect(can(kam, "cod.release")).toBe(false);
  });
});

describe("requireClientToken: the one guard of seller and system endpoints", () => {
  async function aClient() {
    const [c] = await h.db
      .select({ id: clients.id, email: clients.email, token: clients.auth_token })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .limit(1);
    return { ...c, token: c.token! };
  }

  it("reads the token from `Authorization: Token …` or from ?auth_token=", async () => {
    const c = await aClient();
    expect(
      await requireClientToken(new Request("http://x/api", { headers: { Authorization: `Token ${c.token}` } })),
    ).toEqual({ id: c.id, email: c.email });
    expect(await requireClientToken(new Request(`http://x/api?auth_token=${encodeURIComponent(c.token)}`))).toEqual({
      id: c.id,
      email: c.email,
    });
    // The header wins over the query.
    const both = new Request("http://x/api?auth_token=wrong", { headers: { Authorization: `token   ${c.token}` } });
    expect((await requireClientToken(both)).id).toBe(c.id);
  });

  type Endpoint = (args: { request: Request; params: {}; context: {} }) => Promise<unknown>;
  const post = { method: "POST", body: "active=" };
  const endpoints: [string, Endpoint, string, RequestInit][] = [
    ["shipment calculator", calculatorLoader as Endpoint, "/houston-ratecard/shipment-calculator-v3/", {}],
    ["pincode serviceability", pincodeLoader as Endpoint, "/location/pincode-serviceability-v3/", {}],
    ["seller advantage plan (GET)", sellerPlanLoader as Endpoint, "/api/seller/advantage-plan", {}],
    ["seller advantage plan (POST)", sellerPlanAction as Endpoint, "/api/seller/advantage-plan", post],
  ];

  async function answer(endpoint: Endpoint, request: Request) {
    const res = (await endpoint({ request, params: {}, context: {} }).catch((e: unknown) => e)) as Response;
    return {
      status: res.status,
      body: await res.json(),
      cache: res.headers.get("Cache-Control"),
      challenge: res.headers.get("WWW-Authenticate"),
    };
  }

  it.each(endpoints)(
    "%s: 401 with the same messages for a missing or unknown token",
    async (_name, endpoint, path, init) => {
      const missing = await answer(endpoint, new Request(`http://x${path}`, init));
      expect(missing).toEqual({
        status: 401,
        body: { err: CLIENT_TOKEN_REQUIRED },
        cache: "no-store",
        challenge: "Token",
      });
      const unknown = await answer(
        endpoint,
        new Request(`http://x${path}`, { ...init, headers: { Authorization: "Token not-a-token" } }),
      );
      expect(unknown).toEqual({
        status: 401,
        body: { err: CLIENT_TOKEN_INVALID },
        cache: "no-store",
        challenge: "Token",
      });
      const unknownInQuery = await answer(endpoint, new Request(`http://x${path}?auth_token=not-a-token`, init));
      expect(unknownInQuery.body).toEqual({ err: "Invalid auth token" });
      expect(CLIENT_TOKEN_REQUIRED).toBe("auth_token is required");
    },
  );

  it("the seller endpoint takes the token from the query too", async () => {
    const c = await aClient();
    const res = (await sellerPlanLoader({
      request: new Request(`http://x/api/seller/advantage-plan?auth_token=${encodeURIComponent(c.token)}`),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("advantage_rate_plan");
  });
});
