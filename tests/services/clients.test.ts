import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verifyPassword } from "~/services/auth/password.server";
import {
  DEFAULT_PICKRR_CONFIG,
  DUPLICATE_EMAIL_MESSAGE,
  EMPTY_BUSINESS_DATA,
  getClientForViewer,
  listClients,
  registerClient,
  type Viewer,
} from "~/services/clients/clients.server";
import { parseClientListQuery } from "~/services/clients/list-query";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clients, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers: Record<string, Viewer> = {};

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const email of [
    "vp@demo.test",
    "kam@demo.test",
    "avp@demo.test",
    "bdm@demo.test",
    "tl@demo.test",
    "legal@demo.test",
  ]) {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    viewers[s.role] = { id: s.id, email: s.email, role: s.role };
  }
});
afterAll(async () => {
  await h?.close();
});

const q = (s = "") => parseClientListQuery(new URLSearchParams(s));

describe("role scoping of the client list", () => {
  it("vp and kam see every client", async () => {
    const [{ n }] = await h.db.select({ n: count() }).from(clients);
    expect((await listClients(h.db, viewers.vp, q())).total).toBe(n);
    expect((await listClients(h.db, viewers.kam, q())).total).toBe(n);
  });

  it("avp, bdm and tl see exactly the clients where they sit in the hierarchy", async () => {
    for (const [role, column] of [
      ["avp", clients.avp_id],
      ["bdm", clients.bdm_id],
      ["tl", clients.tl_id],
    ] as const) {
      const v = viewers[role];
      const [{ n }] = await h.db.select({ n: count() }).from(clients).where(eq(column, v.id));
      expect(n).toBeGreaterThan(0);
      const all = await listClients(h.db, v, q("perPage=100"));
      expect(all.total).toBe(n);
      const ids = all.rows.map((r) => r.id);
      const owned = await h.db.select({ id: clients.id }).from(clients).where(eq(column, v.id));
      expect(new Set(ids).size).toBe(Math.min(n, 100));
      for (const id of ids) expect(owned.map((o) => o.id)).toContain(id);
    }
  });

  it("gives each listed client its own tl, bdm, avp and vp by name and e-mail (one read of the page's members)", async () => {
    const page = await listClients(h.db, viewers.vp, q("perPage=100"));
    expect(page.rows.length).toBe(100);
    const people = new Map(
      (await h.db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff)).map((p) => [p.id, p]),
    );
    const own = new Map(
      (
        await h.db
          .select({ id: clients.id, tl: clients.tl_id, bdm: clients.bdm_id, avp: clients.avp_id, vp: clients.vp_id })
          .from(clients)
      ).map((c) => [c.id, c]),
    );
    for (const row of page.rows) {
      for (const role of ["tl", "bdm", "avp", "vp"] as const) {
        const id = own.get(row.id)![role];
        expect(row[role], `${row.email} ${role}`).toEqual(id === null ? null : people.get(id));
      }
      expect(Object.keys(row)).not.toContain("tl_id");
    }
    // A client without a tl (registered by a bdm) shows none, not another client's.
    const [loose] = await h.db
      .insert(clients)
      .values({
        name: "No TL Traders",
        company_name: "No TL Traders",
        email: "no-tl@traders.test",
        phone_number: "9800000001",
        tl_id: null,
        bdm_id: viewers.bdm.id,
        business_data: EMPTY_BUSINESS_DATA,
        pickrr_config: DEFAULT_PICKRR_CONFIG,
      })
      .returning({ id: clients.id });
    try {
      const found = await listClients(h.db, viewers.vp, q("q=no-tl@traders.test"));
      expect(found.rows).toEqual([
        expect.objectContaining({ id: loose.id, tl: null, avp: null, vp: null, bdm: people.get(viewers.bdm.id) }),
      ]);
    } finally {
      await h.db.delete(clients).where(eq(clients.id, loose.id));
    }
  });

  it("legal sees no clients here", async () => {
    expect((await listClients(h.db, viewers.legal, q())).total).toBe(0);
  });

  it("a bdm cannot open another bdm's client", async () => {
    const [foreign] = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`${clients.bdm_id} <> ${viewers.bdm.id}`)
      .limit(1);
    const [own] = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.bdm_id, viewers.bdm.id))
      .limit(1);
    expect(await getClientForViewer(h.db, viewers.bdm, foreign.id)).toBeNull();
    expect(await getClientForViewer(h.db, viewers.bdm, own.id)).toMatchObject({ id: own.id });
    expect(await getClientForViewer(h.db, viewers.vp, foreign.id)).toMatchObject({ id: foreign.id });
    expect(await getClientForViewer(h.db, viewers.vp, 99_999_999)).toBeNull();
  });
});

describe("search, sort and paging", () => {
  it("finds a client by name, email, company or phone (case-insensitive)", async () => {
    const [c] = await h.db.select().from(clients).orderBy(clients.id).limit(1).offset(17);
    for (const term of [
      c.name.toUpperCase(),
      c.email,
      c.company_name.slice(0, 8).toLowerCase(),
      c.phone_number.slice(2),
    ]) {
      const r = await listClients(h.db, viewers.vp, q(`q=${encodeURIComponent(term)}&perPage=100`));
      expect(r.rows.map((x) => x.id)).toContain(c.id);
      for (const row of r.rows) {
        const hay = [row.name, row.email, row.company_name, row.phone_number].join(" ").toLowerCase();
        expect(hay).toContain(term.toLowerCase());
      }
    }
    const none = await listClients(h.db, viewers.vp, q("q=zzzz-no-such-client"));
    expect(none).toMatchObject({ total: 0, rows: [], page: 1, pageCount: 1 });
  });

  it("finds a client by a phone written with spaces or dashes, and each search by its own text", async () => {
    const some = await h.db.select().from(clients).orderBy(clients.id).limit(3).offset(5);
    for (const c of some) {
      const digits = c.phone_number.replace(/\D/g, "");
      const written = `${digits.slice(0, 5)} ${digits.slice(5, 8)}-${digits.slice(8)}`;
      const r = await listClients(h.db, viewers.vp, q(`q=${encodeURIComponent(written)}&perPage=100`));
      expect(r.rows.map((x) => x.id)).toContain(c.id);
      for (const row of r.rows) expect(row.phone_number.replace(/\D/g, "")).toContain(digits);
    }
  });

  it("sorts and pages without overlap", async () => {
    const p1 = await listClients(h.db, viewers.vp, q("sort=name&dir=asc&perPage=10&page=1"));
    const p2 = await listClients(h.db, viewers.vp, q("sort=name&dir=asc&perPage=10&page=2"));
    const names = [...p1.rows, ...p2.rows].map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set([...p1.rows, ...p2.rows].map((r) => r.id)).size).toBe(20);
    const beyond = await listClients(h.db, viewers.vp, q("perPage=10&page=100000"));
    expect(beyond.page).toBe(beyond.pageCount);
    expect(beyond.rows.length).toBeGreaterThan(0);
  });

  it("never hands the clients' auth tokens to the list page", async () => {
    const { rows } = await listClients(h.db, viewers.vp, q("perPage=100"));
    const tokens = (await h.db.select({ t: clients.auth_token }).from(clients))
      .map((r) => r.t)
      .filter(Boolean) as string[];
    const page = JSON.stringify(rows);
    expect(rows.length).toBe(100);
    expect(tokens.filter((t) => page.includes(t))).toEqual([]);
  });
});

describe("registering a client", () => {
  const input = {
    name: "Meera Iyer",
    company_name: "Iyer Filter Coffee Co.",
    phone_number: "+91 98450 12345",
    email: "Meera@IyerCoffee.in",
    password: "filter-coffee-22",
    confirmPassword: "filter-coffee-22",
  };

  it("creates the client under the registering tl's chain with a hashed password, a token and an audit row", async () => {
    const r = await registerClient(h.db, viewers.tl, input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [c] = await h.db.select().from(clients).where(eq(clients.id, r.clientId));
    expect(c).toMatchObject({
      email: "meera@iyercoffee.in",
      phone_number: "9845012345",
      tl_id: viewers.tl.id,
      bdm_id: viewers.bdm.id,
      avp_id: viewers.avp.id,
      vp_id: viewers.vp.id,
    });
    expect(c.auth_token).toMatch(/^[0-9a-f]{40}$/);
    expect(c.password_hash).not.toContain("filter-coffee-22");
    expect(await verifyPassword("filter-coffee-22", c.password_hash)).toBe(true);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, c.id), eq(auditLog.action, "register")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staff_email: "tl@demo.test", staff_role: "tl", entity: "client" });
    expect(await getClientForViewer(h.db, viewers.tl, c.id)).not.toBeNull();
  });

  it("refuses a duplicate e-mail (any case) and changes nothing", async () => {
    const [{ n: before }] = await h.db.select({ n: count() }).from(clients);
    const r = await registerClient(h.db, viewers.vp, { ...input, email: "MEERA@iyercoffee.IN" });
    expect(r).toEqual({
      ok: false,
      status: 400,
      message: DUPLICATE_EMAIL_MESSAGE,
      fieldErrors: { email: DUPLICATE_EMAIL_MESSAGE },
    });
    const [seeded] = await h.db.select().from(clients).limit(1);
    expect((await registerClient(h.db, viewers.vp, { ...input, email: seeded.email })).ok).toBe(false);
    const [{ n: after }] = await h.db.select({ n: count() }).from(clients);
    expect(after).toBe(before);
  });
});
