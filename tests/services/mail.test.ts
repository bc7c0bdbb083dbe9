import { readFile } from "node:fs/promises";
import net from "node:net";

import { and, eq, isNotNull, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Viewer } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { clients, mailOutbox, rateRows, staff } from "~/services/db/schema";
import { transaction } from "~/services/db/transaction.server";
import { deliverDueMail, enqueueMail, mailDeliverySettled } from "~/services/mail/outbox.server";
import { updateRateRow } from "~/services/ratecards/edit.server";
import { rateValuesOf } from "~/services/ratecards/fields";
import { getClientRateCard } from "~/services/ratecards/read.server";

import { openTestDb } from "../support/db";

type Received = { from: string; to: string[]; data: string };

/** The text of a quoted-printable message body, as a mail client would show it. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A real SMTP receiver on a free local port; `delayMs`: how long it takes to accept each message (a slow relay). */
async function startSmtp(delayMs = 0): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

let h: DbHandle;
let vp: Viewer;
let clientId: number;
let hierarchy: string[];

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [s] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
  vp = { id: s.id, email: s.email, role: s.role };
  const [c] = await h.db
    .select()
    .from(clients)
    .where(
      and(isNotNull(clients.tl_id), isNotNull(clients.bdm_id), isNotNull(clients.avp_id), isNotNull(clients.vp_id)),
    )
    .limit(1);
  clientId = c.id;
  const ids = [c.avp_id!, c.bdm_id!, c.tl_id!, c.vp_id!];
  hierarchy = (await h.db.select({ email: staff.email, id: staff.id }).from(staff))
    .filter((p) => ids.includes(p.id))
    .map((p) => p.email)
    .sort();
});
afterAll(async () => {
  await h?.close();
});

async function bumpFirstRow(delta: number) {
  const card = await getClientRateCard(h.db, clientId, { showAll: true });
  const row = card!.rows[0];
  const values = rateValuesOf(row);
  values.zone_b_base = (Number(values.zone_b_base) + delta).toFixed(2);
  const result = await updateRateRow(h.db, vp, { rowId: row.id, clientId, version: row.version, values });
  expect(result.ok).toBe(true);
  return { row, newValue: values.zone_b_base };
}

describe("rate change e-mail", () => {
  it("mails the client's avp, bdm, tl and vp what changed, through a real SMTP server", async () => {
    const smtp = await startSmtp();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      const { row, newValue } = await bumpFirstRow(3);
      const queued = await h.db.select().from(mailOutbox);
      expect(queued.at(-1)!.to.sort()).toEqual(hierarchy);
      expect(await deliverDueMail(h.db)).toBeGreaterThanOrEqual(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to.sort()).toEqual(hierarchy);
      const body = decodeQuotedPrintable(smtp.received[0].data);
      expect(body).toContain(`Zone B Base: ${row.zone_b_base} → ${newValue}`);
      expect(body).toContain(row.courier_name);
      const [sent] = await h.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, queued.at(-1)!.id));
      expect(sent.sent_at).not.toBeNull();
      // Delivered once: a second run sends nothing more.
      expect(await deliverDueMail(h.db)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("never fails the save when SMTP is down; the message waits for a retry", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((r) => closed.close(r));
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    const { row, newValue } = await bumpFirstRow(1);
    const [saved] = await h.db.select().from(rateRows).where(eq(rateRows.id, row.id));
    expect(saved.zone_b_base).toBe(newValue);
    expect(await deliverDueMail(h.db)).toBe(0);
    const pending = (await h.db.select().from(mailOutbox)).filter((m) => m.sent_at === null);
    expect(pending).toHaveLength(1);
    expect(pending[0].attempts).toBe(1);
    expect(pending[0].last_error).toBeTruthy();
    expect(pending[0].next_attempt_at.getTime()).toBeGreaterThan(Date.now());

    // Once SMTP is back and the retry is due, it goes out.
    const smtp = await startSmtp();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      expect(await deliverDueMail(h.db, new Date(Date.now() + 60 * 60 * 1000))).toBe(1);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("a message delivered but not marked as sent is logged as such, by its statement and code — never the query's values — and stays due", async () => {
    await h.db.execute(
      sql.raw(`create function refuse_sent() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await h.db.execute(
      sql.raw(`create trigger refuse_sent before update on mail_outbox
        for each row when (old.sent_at is null and new.sent_at is not null) execute function refuse_sent()`),
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await bumpFirstRow(3);
      const [queued] = (await h.db.select().from(mailOutbox)).sort((a, b) => b.id - a.id);
      expect(await deliverDueMail(h.db)).toBe(0);
      const lines = errors.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, string>);
      const line = lines.find((l) =>
        l.msg.startsWith(`Mail ${queued.id} was delivered but could not be marked as sent`),
      );
      expect(line?.error).toMatch(/^Failed query · "update "mail_outbox" set" · code P0001/);
      expect(JSON.stringify(lines)).not.toMatch(/params|\.eml|refused for the test/);
      const [after] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(after.sent_at).toBeNull();
    } finally {
      errors.mockRestore();
      await h.db.execute(sql.raw("drop trigger refuse_sent on mail_outbox"));
      await h.db.execute(sql.raw("drop function refuse_sent()"));
    }
  });

  it("writes .eml files to DATA_DIR/outbox when SMTP_URL is unset", async () => {
    await bumpFirstRow(2);
    await deliverDueMail(h.db);
    const [last] = (await h.db.select().from(mailOutbox)).sort((a, b) => b.id - a.id);
    expect(last.delivered_ref).toMatch(/^file:.*outbox.*\.eml$/);
    const eml = await readFile(last.delivered_ref!.slice(5), "utf8");
    for (const address of hierarchy) expect(eml).toContain(address);
    expect(eml).toContain("Subject: Rate card updated");
    expect(decodeQuotedPrintable(eml)).toMatch(/Zone B Base: [\d.]+ → [\d.]+/);
  });
});

describe("delivery after commit", () => {
  it("a committed change's e-mail goes out without the caller asking for it", async () => {
    const smtp = await startSmtp();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      await bumpFirstRow(4);
      const [queued] = (await h.db.select().from(mailOutbox)).sort((a, b) => b.id - a.id);
      await vi.waitFor(
        async () => {
          const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
          expect(row.sent_at).not.toBeNull();
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(smtp.received.map((m) => m.to.sort())).toContainEqual(hierarchy);
    } finally {
      await smtp.close();
    }
  });

  it("what closes a database waits for the deliveries under way: a slow relay's message is marked sent, not sent twice", async () => {
    const smtp = await startSmtp(600);
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      await bumpFirstRow(5);
      const [queued] = (await h.db.select().from(mailOutbox)).sort((a, b) => b.id - a.id);
      // The delivery is under way (the relay holds it): settling waits for its end and its mark.
      await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      const [during] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(during.sent_at).toBeNull();
      await mailDeliverySettled();
      const [after] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(after.sent_at).not.toBeNull();
      // Bounded: nothing under way answers at once.
      const t = performance.now();
      await mailDeliverySettled();
      expect(performance.now() - t).toBeLessThan(1_000);
    } finally {
      await smtp.close();
    }
  });

  it("a rolled-back change queues nothing and sends nothing", async () => {
    const before = (await h.db.select().from(mailOutbox)).length;
    await expect(
      transaction(h.db, async (tx) => {
        await enqueueMail(tx, { to: ["someone@demo.test"], subject: "Never", text: "Rolled back." });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await h.db.select().from(mailOutbox)).toHaveLength(before);
  });
});
