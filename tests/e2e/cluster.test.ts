/**
 * Three copies of the console on one PostgreSQL, as three machines behind a load balancer
 * (decision 079): separate processes on their own ports with their own DATA_DIR, one
 * DATABASE_URL and one SESSION_SECRET, started at once on an empty database. One migrates and
 * seeds under the start-up lock while the others wait; then a session, a logout and uploaded
 * files cross from copy to copy; every background job runs once per period across the three
 * (JOB_TIME_SCALE shortens the periods) — payout day and the finance reports among them; and a copy killed outright in the middle of a job run
 * leaves the job to another copy's next turn, which does it once. PostgreSQL pass only (the
 * embedded database belongs to one process); bounded (BOUND_MS).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { and, eq, inArray, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DbHandle, MIGRATIONS_FOLDER, openPostgres } from "~/services/db/client.server";
import {
  auditLog,
  clients,
  codRemittances,
  financeReportJobs,
  mailOutbox,
  moneyMovements,
  rateRows,
  scheduledRateChanges,
  staff,
} from "~/services/db/schema";
import { updateRateRow } from "~/services/ratecards/edit.server";
import { rateValuesOf } from "~/services/ratecards/fields";
import { clientCardRows } from "~/services/ratecards/read.server";

import { type Copy, get, logOf, postForm, signIn, startCopies, stopCopies, whenReady } from "../../scripts/lib/cluster";
import { freePort } from "../support/net";
import { makePdf, minimalPdf } from "../support/pdf";
import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";

const url = testDatabaseUrl();
/** Every job's interval and period × 0.004: the snapshot every 3.6 s, a cycle cut at most every 14.4 s. */
const SCALE = 0.004;
const SNAPSHOT_PERIOD = 15 * 60_000 * SCALE;
const CUT_PERIOD = 60 * 60_000 * SCALE;
/** Log lines arrive after a run's commit, a run takes up to a few hundred ms on a loaded machine. */
const JITTER = 1_000;
const T0 = Date.now();
/**
 * The whole file's bound from its start. Three copies starting at once (one seeding) beside the
 * rest of the browser pass took over 75 s in a CI run; ~40 s on a quiet machine.
 */
const BOUND_MS = 240_000;
const left = () => Math.max(1_000, BOUND_MS - (Date.now() - T0));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + Math.min(ms, left());
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The lines of every copy matching `pattern`, in the order they arrived. */
const linesOf = (copies: readonly Copy[], pattern: RegExp) =>
  copies
    .flatMap((c) => c.lines.filter((l) => pattern.test(l.text)).map((l) => ({ ...l, copy: c.n })))
    .sort((a, b) => a.at - b.at);

describe.skipIf(!url)("three copies on one PostgreSQL (decision 079)", { timeout: BOUND_MS }, () => {
  const dbName = `e2e_copies_${process.pid}`;
  let copies: Copy[] = [];
  let h: DbHandle;
  let poller: ReturnType<typeof setInterval> | undefined;
  const runTimes: Record<string, string[]> = {};
  const q = async <T>(query: ReturnType<typeof sql>) => (await h.db.execute(query)).rows as T[];

  beforeAll(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const ports = [await freePort(), await freePort(), await freePort()];
    copies = await startCopies({
      copies: 3,
      databaseUrl: withDatabase(url!, dbName),
      sessionSecret: "cluster-test-session-secret-0123456789",
      ports,
      // The demo's staff and clients; no order book to fill (the cycle cutter waits for a fill).
      env: { SEED_DEMO: "true", SEED_ORDERS: "0", JOB_TIME_SCALE: String(SCALE), SMTP_URL: "" },
    });
    h = openPostgres(withDatabase(url!, dbName), 3);
    await whenReady(copies, left() - 15_000);
    // Each run of the two periodic jobs leaves its time in settings until the next run, a period
    // later: sampled every 100 ms, every run's time is seen.
    poller = setInterval(() => {
      void q<{ key: string; at: string }>(
        sql`select key, coalesce(value->>'updated_at', value->>'at') as at from settings
            where key in ('daily_performance.snapshot', 'money.cycles.cut')`,
      ).then(
        (rows) => {
          for (const r of rows) {
            const seen = (runTimes[r.key] ??= []);
            if (seen[seen.length - 1] !== r.at) seen.push(r.at);
          }
        },
        () => undefined,
      );
    }, 100);
  }, BOUND_MS - 10_000);

  afterAll(async () => {
    clearInterval(poller);
    await stopCopies(copies, 2_000);
    await h?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it("started at once on an empty database: one copy migrated and seeded, the other two waited, then all serve", async () => {
    const seeded = copies.filter((c) => logOf(c).includes("Empty database: seeding demo data…"));
    expect(seeded, copies.map(logOf).join("\n---\n")).toHaveLength(1);
    const waited = copies.filter((c) => logOf(c).includes("Another copy is preparing the database"));
    expect(waited.map((c) => c.n).sort()).toEqual(copies.filter((c) => c !== seeded[0]).map((c) => c.n));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [{ n: migrations }] = await q<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(migrations).toBe(journal.entries.length);
    // Seeded once: the numbers the seeding copy reported are the numbers stored.
    const [, clientCount, staffCount] = /Seeded (\d+) clients, (\d+) staff/.exec(logOf(seeded[0]!))!;
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0]!.n).toBe(Number(clientCount));
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(staff))[0]!.n).toBe(Number(staffCount));
    for (const copy of copies) expect((await get(copy, "/sign-in")).status).toBe(200);
  });

  it("a session made on copy 1 works on copies 2 and 3; a logout on copy 2 ends it on all", async () => {
    const cookie = await signIn(copies[0]!, "vp@demo.test", "vp");
    for (const copy of copies) {
      const page = await get(copy, "/all-users", cookie);
      expect(page.status, `copy ${copy.n}`).toBe(200);
      expect(await page.text()).toContain("All Users");
    }
    expect((await postForm(copies[1]!, "/logout", {}, cookie)).status).toBe(302);
    for (const copy of copies) {
      const page = await get(copy, "/all-users", cookie);
      expect(page.status, `copy ${copy.n}`).toBe(302);
      expect(page.headers.get("location")).not.toContain("/all-users?");
    }
  });

  it("files uploaded on one copy download from another: a legal PDF and a KYC document", async () => {
    const [one, two, three] = copies as [Copy, Copy, Copy];
    // Legal: previewed (the PDF stored) on copy 1, published from that stored file on copy 2, read on copy 3.
    const legal = await signIn(one, "legal@demo.test", "legal");
    const [seller] = await h.db.select({ email: clients.email }).from(clients).orderBy(clients.id).limit(1);
    const pdf = await makePdf("Cluster agreement");
    const fields = {
      doc_name: "other",
      doc_type: "specific",
      email: seller!.email,
      segment: "1",
      description: "Agreement published across copies",
      publish_at: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
      // Mandatory with three days: its reminder is due today (checked below).
      order_blocking: "mandatory",
      days: "3",
    };
    const preview = new FormData();
    for (const [k, v] of Object.entries({ ...fields, intent: "preview" })) preview.set(k, v);
    preview.set("doc_file", new File([pdf], "cluster.pdf", { type: "application/pdf" }));
    const previewed = await fetch(`${one.baseUrl}/merchant-agreements?add=1`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: legal, Origin: one.baseUrl },
      body: preview,
    });
    const previewPage = await previewed.text();
    expect(previewed.status, previewPage.slice(0, 500)).toBe(200);
    const pending = /name="pending_file" value="(\d+)"/.exec(previewPage)?.[1];
    expect(pending).toBeDefined();
    // The form is multipart in both posts (the preview's Publish resends the fields with the kept PDF's id).
    const publish = new FormData();
    for (const [k, v] of Object.entries({ ...fields, pending_file: pending!, intent: "publish" })) publish.set(k, v);
    const published = await fetch(`${two.baseUrl}/merchant-agreements?add=1`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: legal, Origin: two.baseUrl },
      body: publish,
    });
    expect(published.status, published.status === 302 ? "" : (await published.text()).slice(0, 3_000)).toBe(302);
    const [doc] = await q<{ id: number }>(
      sql`select id from legal_documents where description = ${fields.description} order by id desc limit 1`,
    );
    const download = await get(three, `/merchant-agreements/${doc!.id}/document.pdf`, legal);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // KYC: submitted with its documents on copy 3, each downloaded from copy 1.
    const vp = await signIn(three, "vp@demo.test", "vp");
    const [client] = await q<{ id: number }>(
      sql`select id from clients c where not exists (select 1 from client_kyc k where k.client_id = c.id) order by id limit 1`,
    );
    const proof = minimalPdf(2_000);
    const panCard = minimalPdf(3_000);
    const kyc = new FormData();
    for (const [k, v] of Object.entries({
      intent: "kyc-submit",
      company_name: "Cluster Traders Private Limited",
      company_type: "pvt_ltd",
      business_proof_type: "bank_statement",
      gst_type: "no",
      gst_no: "",
      pan_number: "ABCCK1234Z",
      msme: "no",
      billing_address: "12 Station Road",
      billing_address_line2: "",
      billing_city: "New Delhi",
      billing_pincode: "110001",
      billing_state: "Delhi",
    }))
      kyc.set(k, v);
    kyc.set("business_proof", new File([new Uint8Array(proof)], "proof.pdf", { type: "application/pdf" }));
    kyc.set("pancard", new File([new Uint8Array(panCard)], "pan.pdf", { type: "application/pdf" }));
    const submitted = await fetch(`${three.baseUrl}/all-users/${client!.id}/account-setup`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: vp, Origin: three.baseUrl },
      body: kyc,
    });
    expect(submitted.status, (await submitted.text()).slice(0, 2_000)).toBe(302);
    for (const [doc, bytes] of [
      ["business_proof", proof],
      ["pancard", panCard],
    ] as const) {
      const file = await get(one, `/all-users/${client!.id}/account-setup/document/${doc}`, vp);
      expect(file.status, doc).toBe(200);
      expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes), doc).toBe(true);
    }
  });

  it("the legal jobs run once across the three: a reminder e-mail per seller, document and reminder; a seller added outside the console gets its kept status", async () => {
    const [doc] = await q<{ id: number; email: string }>(
      sql`select id, email from legal_documents where description = 'Agreement published across copies'`,
    );
    // The reminders job (every 3.6 s here) on three copies: one reminder row, one e-mail.
    const reminders = await until("the deadline reminder", async () => {
      const rows = await q<{ kind: string }>(sql`select kind from legal_reminders where document_id = ${doc!.id}`);
      return rows.length > 0 ? rows : undefined;
    });
    expect(reminders.map((r) => r.kind)).toEqual(["3d"]);
    // A few more runs of it on every copy send nothing more.
    await new Promise((r) => setTimeout(r, 2 * 15 * 60_000 * SCALE));
    // Every reminder sent (the seeded documents' too): one e-mail each, none twice.
    const [sent] = await q<{ reminders: number; mails: number }>(sql`
      select (select count(*)::int from legal_reminders) as reminders,
        (select count(*)::int from ${mailOutbox} where subject like 'Reminder: please accept the %') as mails`);
    expect(sent!.mails).toBe(sent!.reminders);

    // A seller added by a script, outside the services: the keeper (every 0.24 s on each copy) gives it a status once.
    const since = Date.now();
    const [added] = await q<{ id: number }>(sql`
      insert into clients select * from jsonb_populate_record(null::clients,
        (select to_jsonb(c) || jsonb_build_object('id', nextval('clients_id_seq'), 'email', 'added-by-script@cluster.test', 'auth_token', null,
          'name', 'Added By Script') from clients c order by id limit 1))
      returning id`);
    await until("the added seller's kept status", async () => {
      const rows = await q(sql`select 1 from legal_seller_status where client_id = ${added!.id}`);
      return rows.length > 0 ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const refreshed = linesOf(copies, /^Legal Status: \d+ sellers' status refreshed/).filter((l) => l.at >= since);
    expect(refreshed.map((l) => l.text.split(" in ")[0])).toEqual(["Legal Status: 1 sellers' status refreshed"]);
  });

  it("the Daily Performance snapshot and the cycle cut run once a period across the three", async () => {
    // Wait for two cuts seen in the database (the first may have come before the sampling began) and a few snapshots.
    await until("two cycle cuts", () => ((runTimes["money.cycles.cut"]?.length ?? 0) >= 2 ? true : undefined), 40_000);
    for (const [key, pattern, period] of [
      ["daily_performance.snapshot", /^Daily Performance snapshot refreshed/, SNAPSHOT_PERIOD],
      ["money.cycles.cut", /^Cycles cut through /, CUT_PERIOD],
    ] as const) {
      // The runs' own times, as each wrote them: a period apart (less the jobs' slack of 30 s × SCALE).
      const times = runTimes[key]!.map((t) => Date.parse(t));
      expect(times.length, key).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!, `${key} run ${i}`).toBeGreaterThanOrEqual(period - 30_000 * SCALE);
      // And no run the database does not show: the copies logged as many runs as were seen
      // between the first and the last seen (a line may arrive a moment after its run).
      const first = times[0]!;
      const last = times[times.length - 1]!;
      const logged = linesOf(copies, pattern).filter((l) => l.at > first && l.at <= last + JITTER);
      expect(logged.length, key).toBeLessThanOrEqual(times.length);
    }
    const [cut] = await q<{ value: { at: string } }>(sql`select value from settings where key = 'money.cycles.cut'`);
    expect(Date.now() - Date.parse(cut!.value.at)).toBeLessThan(CUT_PERIOD + 5_000);
  });

  it("payout day and the finance reports run once across the three: each due remittance paid out or held once, each queued report made once", async () => {
    // Remittances whose payout day has come, for four sellers (the cutter's every try pays them out).
    const sellers = await q<{ id: number }>(sql`select id from clients order by id limit 4`);
    const due = await h.db
      .insert(codRemittances)
      .values(
        sellers.flatMap((s, i) =>
          [0, 1].map((k) => ({
            pickrr_reference_id: `CLUSTER-PAYOUT-${s.id}-${k}`,
            client_id: s.id,
            // Two weeks of January 2025 (Monday to Sunday), paid out that Friday.
            start_date: ["2025-01-06", "2025-01-13"][k]!,
            end_date: ["2025-01-12", "2025-01-19"][k]!,
            remittance_date: ["2025-01-17", "2025-01-24"][k]!,
            order_count: 3 + i,
            total_amount: "1500.00",
            ecod_charges: "30.00",
            pending_amount: "1470.00",
            status: "PENDING" as const,
          })),
        ),
      )
      .returning({ id: codRemittances.id });
    const ids = due.map((r) => r.id);
    // Finance reports queued by two people: any copy takes a job (SKIP LOCKED), none twice.
    const finance = await q<{ id: number }>(
      sql`select id from staff where role in ('vp', 'approver') order by id limit 2`,
    );
    const jobs = await h.db
      .insert(financeReportJobs)
      .values([...finance, ...finance, ...finance].map((s) => ({ staff_id: s.id })))
      .returning({ id: financeReportJobs.id });
    const jobIds = jobs.map((j) => j.id);

    await until(
      "every due remittance decided",
      async () => {
        const [left] = await q<{ n: number }>(
          sql`select count(*)::int as n from ${codRemittances} where ${inArray(codRemittances.id, ids)} and status = 'PENDING' and current_action is null`,
        );
        return left!.n === 0 ? true : undefined;
      },
      30_000,
    );
    await until(
      "every queued report made",
      async () => {
        const [left] = await q<{ n: number }>(
          sql`select count(*)::int as n from ${financeReportJobs} where ${inArray(financeReportJobs.id, jobIds)} and status <> 'done'`,
        );
        return left!.n === 0 ? true : undefined;
      },
      30_000,
    );
    // A few more tries of both jobs on every copy change nothing more.
    await new Promise((r) => setTimeout(r, 3 * 5 * 60_000 * SCALE));

    // Each remittance once: released (one release movement, one e-mail) or held (one hold audit row).
    const decided = await q<{
      id: number;
      status: string;
      action: string | null;
      releases: number;
      holds: number;
      mails: number;
    }>(sql`
      select ${codRemittances.id} as id, ${codRemittances.status} as status, ${codRemittances.current_action} as action,
        (select count(*)::int from ${moneyMovements} m where m.remittance_id = ${codRemittances.id} and m.kind = 'cod_release') as releases,
        (select count(*)::int from ${auditLog} a where a.entity = 'cod_remittance' and a.entity_id = ${codRemittances.pickrr_reference_id} and a.action = 'hold') as holds,
        (select count(*)::int from ${mailOutbox} o where o.subject = 'COD remittance ' || ${codRemittances.pickrr_reference_id} || ' released') as mails
      from ${codRemittances} where ${inArray(codRemittances.id, ids)} order by ${codRemittances.id}`);
    expect(decided).toHaveLength(ids.length);
    for (const r of decided) {
      if (r.status === "RELEASED")
        expect({ releases: r.releases, holds: r.holds, mails: r.mails }, String(r.id)).toEqual({
          releases: 1,
          holds: 0,
          mails: 1,
        });
      else
        expect({ action: r.action, releases: r.releases, holds: r.holds, mails: r.mails }, String(r.id)).toEqual({
          action: "HOLD",
          releases: 0,
          holds: 1,
          mails: 0,
        });
    }
    // Each report once: done at its first attempt (a second taker would have counted a second).
    const made = await q<{ status: string; attempts: number }>(
      sql`select status, attempts from ${financeReportJobs} where ${inArray(financeReportJobs.id, jobIds)}`,
    );
    expect(made).toEqual(jobIds.map(() => ({ status: "done", attempts: 1 })));
  });

  it("a copy killed outright in the middle of a scheduled rate change: another applies it on its next turn, once", async () => {
    const [vpRow] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
    const vp = { id: vpRow!.id, email: vpRow!.email, role: vpRow!.role };
    const [{ client_id: clientId }] = await q<{ client_id: number }>(
      sql`select client_id from ${rateRows} where client_id is not null order by client_id limit 1`,
    );
    const [row] = await clientCardRows(h.db, clientId);
    const next = (Number(row!.zone_a_base) + 7).toFixed(2);
    const audits = async (action: string) =>
      (
        await h.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(and(eq(auditLog.client_id, clientId), eq(auditLog.action, action)))
      )[0]!.n;
    const updatesBefore = await audits("update");
    const mails = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
    let mailsBefore = 0;

    // Hold the job's lock while the change is scheduled and its row is locked, so that the next
    // run — on whichever copy — takes the lock and then waits on the row: a run in the middle.
    const pool = (h.db as unknown as { $client: Pool }).$client;
    const jobLock = await pool.connect();
    const rowLock = await pool.connect();
    try {
      await jobLock.query("select pg_advisory_lock(7075, 0)");
      const scheduled = await updateRateRow(h.db, vp, {
        clientId,
        rowId: row!.id,
        version: row!.version,
        values: { ...rateValuesOf(row!), zone_a_base: next },
        effectiveAt: new Date(Date.now() + 1_000),
      });
      if (!scheduled.ok || !scheduled.scheduled) throw new Error(`not scheduled: ${JSON.stringify(scheduled)}`);
      const id = scheduled.scheduled.id;
      mailsBefore = await mails();
      await new Promise((r) => setTimeout(r, 1_100));
      await rowLock.query("begin");
      await rowLock.query("select id from scheduled_rate_changes where id = $1 for update", [id]);
      await jobLock.query("select pg_advisory_unlock(7075, 0)");
      const holder = await until("a copy's run waiting on the change, holding the job's lock", async () => {
        const rows = await q<{ application_name: string }>(sql`
          select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.classid = 7075 and l.objid = 0 and l.granted and a.wait_event_type = 'Lock'`);
        return rows[0]?.application_name;
      });
      const victim = copies.find((c) => c.applicationName === holder)!;
      expect(victim).toBeDefined();
      victim.child.kill("SIGKILL");
      expect((await victim.exited).signal).toBe("SIGKILL");
      await rowLock.query("commit");

      const applied = await until("the change applied by another copy", async () => {
        const [s] = await h.db.select().from(scheduledRateChanges).where(eq(scheduledRateChanges.id, id));
        return s!.status === "applied" ? s : undefined;
      });
      expect(applied.outcome).toMatchObject({ applied: 1, refused: [] });
      // The log line follows the commit: wait for it, then for any second one a little longer.
      await until("the applier's log line", () =>
        linesOf(copies, /^Scheduled rate changes: 1 applied/).length > 0 ? true : undefined,
      );
      await new Promise((r) => setTimeout(r, 1_000));
      const appliers = linesOf(copies, /^Scheduled rate changes: 1 applied/);
      expect(appliers).toHaveLength(1);
      expect(appliers[0]!.copy).not.toBe(victim.n);
    } finally {
      jobLock.release();
      rowLock.release();
    }
    // Once: the row changed by one version, one update and one apply audited, one e-mail.
    const [now] = await clientCardRows(h.db, clientId, eq(rateRows.id, row!.id));
    expect(now!.zone_a_base).toBe(next);
    expect(now!.version).toBe(row!.version + 1);
    expect(await audits("update")).toBe(updatesBefore + 1);
    expect(await audits("schedule_apply")).toBe(1);
    expect(await mails()).toBe(mailsBefore + 1);
  });
});
