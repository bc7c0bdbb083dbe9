/**
 * Decision 019 (logs): a failed query must never put its parameters in the log. A failing
 * insert of a client carries a new auth_token and a password hash; the log must name the
 * failure (code, statement) and hold neither secret.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { handleError } from "~/entry.server";
import { logServerError } from "~/services/core/server-log";
import type { DbHandle } from "~/services/db/client.server";
import { clients, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

const TOKEN = "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const HASH = "scrypt$16384$8$1$c2VjcmV0LXNhbHQ$ZmFrZS1oYXNoLXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ";

/** Everything written to console.error/warn/log while `fn` runs. */
async function captureLog(fn: () => unknown): Promise<string> {
  const lines: string[] = [];
  const spies = (["error", "warn", "log", "info"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.stack ?? a.message} ${JSON.stringify(a)} ${String((a as { cause?: unknown }).cause)}`
              : typeof a === "string"
                ? a
                : JSON.stringify(a),
          )
          .join(" "),
      );
    }),
  );
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

async function failingInsert(): Promise<unknown> {
  const [existing] = await h.db.select().from(clients).limit(1);
  const [vp] = await h.db.select().from(staff).where(eq(staff.role, "vp")).limit(1);
  try {
    // The same e-mail as an existing client: the unique index refuses the row.
    await h.db.insert(clients).values({
      ...existing,
      id: undefined,
      email: existing.email.toUpperCase(),
      auth_token: TOKEN,
      password_hash: HASH,
      vp_id: vp.id,
    });
  } catch (error) {
    return error;
  }
  throw new Error("the insert was expected to fail");
}

describe("failed queries in the log", () => {
  it("Remix's handleError logs the code and statement, never the token or hash", async () => {
    const error = await failingInsert();
    const request = new Request("http://console.test/all-users/new?x=1", { method: "POST" });
    const log = await captureLog(() => handleError(error, { request, params: {}, context: {} }));
    // One JSON line (core/log.ts, decision 078): its fields as written.
    const fields = log
      .trim()
      .split("\n")
      .map((line) => Object.values(JSON.parse(line) as Record<string, unknown>).join(" "))
      .join("\n");
    expect(fields).toContain("23505");
    expect(fields).toContain('insert into "clients"');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(HASH);
  });

  it("the shared logger (background jobs, swallowed failures) is as careful, also for a wrapped error", async () => {
    const error = await failingInsert();
    const log = await captureLog(() => logServerError(new Error("Saving failed", { cause: error }), "Job"));
    expect(log).toContain("23505");
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(HASH);
  });
});
