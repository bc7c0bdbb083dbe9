import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { requireStaff } from "~/services/auth/guard.server";
import { startSession } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { clients, staff } from "~/services/db/schema";
import { oncePerRequest, runInRequestScope } from "~/services/http/request-scope.server";

import { openTestDb, useAsAppDb } from "../support/db";

describe("oncePerRequest", () => {
  it("makes a value once inside a request's scope, and keeps scopes apart", async () => {
    let made = 0;
    const make = () => ++made;
    const first = await runInRequestScope(async () => {
      const a = oncePerRequest("k", make);
      await Promise.resolve();
      const b = oncePerRequest("k", make); // after an await: still the same request
      const other = oncePerRequest("other", make);
      return [a, b, other];
    });
    expect(first).toEqual([1, 1, 2]);
    expect(runInRequestScope(() => oncePerRequest("k", make))).toBe(3); // a new request, a new value
  });

  it("makes the value every time outside a scope (a loader called directly)", () => {
    let made = 0;
    expect(oncePerRequest("k", () => ++made)).toBe(1);
    expect(oncePerRequest("k", () => ++made)).toBe(2);
  });
});

describe("a page's loaders share the session and client lookups", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb({ seeded: true });
    useAsAppDb(h);
  });
  afterAll(async () => {
    useAsAppDb(undefined);
    await h?.close();
  });

  it("reads them once per request although each loader gets its own copy of the Request", async () => {
    const [vp] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
    const [client] = await h.db.select({ id: clients.id }).from(clients).limit(1);
    const cookie = (await startSession(h.db, new Request("http://x/"), vp.id)).split(";")[0];
    // Remix hands every loader a fresh Request for the same URL and headers.
    const copy = () => new Request(`http://x/all-users/${client.id}/rate-card`, { headers: { cookie } });

    const [a, b, c1, c2] = await runInRequestScope(async () => {
      const [s1, s2] = await Promise.all([requireStaff(copy()), requireStaff(copy())]);
      return [
        s1,
        s2,
        await requireClientForViewer(h.db, s1, String(client.id)),
        await requireClientForViewer(h.db, s2, String(client.id)),
      ];
    });
    expect(a.email).toBe("vp@demo.test");
    expect(b).toBe(a); // the same object: one lookup
    expect(c1.id).toBe(client.id);
    expect(c2).toBe(c1);

    // Each request looks again: a session ended in between is not carried over.
    const [s3, s4] = await Promise.all([
      runInRequestScope(() => requireStaff(copy())),
      runInRequestScope(() => requireStaff(copy())),
    ]);
    expect(s3).not.toBe(s4);
    expect(s3).toEqual(s4);
  });
});
