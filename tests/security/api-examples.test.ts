/**
 * docs/api.md's examples are what the server does: every ```http request block is sent to the
 * built console, in the document's order, and the ```http response block after it must match —
 * the status, and every field it shows with the same JSON type; the fields that carry a verdict
 * (err, message, msg, status, index, event_id, success, is_success and the messages under
 * errors) with the same value, `…` standing for any text. The placeholders (docs/api.md's
 * opening) are filled with a seeded client's token and a courier's id, token and AWB, read from
 * a copy of the database the server was started on.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { and, eq, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { clients, courierServices, courierTokens, orders } from "~/services/db/schema";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { openTestDb } from "../support/db";
import { url } from "../support/http";

type ExampleRequest = { method: string; target: string; headers: Record<string, string>; body: string | undefined };
type Example = { line: number; request: string; response: string };

const DOC = path.join(process.cwd(), "docs/api.md");

/** The document's request/response pairs: each ```http block that starts with a method, and the ```http block after it. */
export function examplesOf(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/^```http\n([\s\S]*?)\n```$/gm)].map((m) => ({
    line: markdown.slice(0, m.index).split("\n").length,
    text: m[1],
  }));
  const examples: Example[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const request = blocks[i];
    if (!/^(GET|HEAD|POST) \//.test(request.text))
      throw new Error(`docs/api.md line ${request.line}: an http block that is not a request follows no request`);
    const response = blocks[i + 1];
    if (!response || !/^HTTP\/1\.1 \d{3}\b/.test(response.text))
      throw new Error(`docs/api.md line ${request.line}: a request without its response block`);
    examples.push({ line: request.line, request: request.text, response: response.text });
    i += 1;
  }
  return examples;
}

/** Head lines, a blank line, the body. */
function split(text: string): { head: string[]; body: string | undefined } {
  const at = text.indexOf("\n\n");
  const head = (at < 0 ? text : text.slice(0, at)).split("\n");
  const body = at < 0 ? undefined : text.slice(at + 2).trim();
  return { head, body: body === "" ? undefined : body };
}

function parseRequest(text: string): ExampleRequest {
  const { head, body } = split(text);
  const [method, target] = head[0].split(" ");
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { method, target, headers, body };
}

/** Keys whose documented values are the answer itself, not an example of its type. */
const EXACT = new Set(["err", "message", "msg", "status", "index", "event_id", "success", "is_success"]);

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** `…` is any text; the rest is literal. */
function textPattern(documented: string): RegExp {
  const literal = documented.split("…").map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${literal.join("[\\s\\S]*")}$`);
}

/** Throws, naming the path, where `actual` does not have what `documented` shows. */
export function assertMatches(actual: unknown, documented: unknown, at = "body", exact = false): void {
  if (typeOf(actual) !== typeOf(documented))
    throw new Error(
      `${at}: documented ${typeOf(documented)} ${JSON.stringify(documented)}, got ${JSON.stringify(actual)}`,
    );
  if (Array.isArray(documented)) {
    const list = actual as unknown[];
    if (list.length < documented.length)
      throw new Error(`${at}: documented ${documented.length} entries, got ${list.length}`);
    documented.forEach((d, i) => assertMatches(list[i], d, `${at}[${i}]`, exact));
    return;
  }
  if (documented && typeof documented === "object") {
    const object = actual as Record<string, unknown>;
    for (const [key, d] of Object.entries(documented)) {
      if (!(key in object)) throw new Error(`${at}.${key}: documented, missing from ${JSON.stringify(actual)}`);
      assertMatches(
        object[key],
        d,
        `${at}.${key}`,
        EXACT.has(key) || key === "errors" || (exact && at.endsWith("errors")),
      );
    }
    return;
  }
  if (!exact) return;
  const ok = typeof documented === "string" ? textPattern(documented).test(actual as string) : actual === documented;
  if (!ok) throw new Error(`${at}: documented ${JSON.stringify(documented)}, got ${JSON.stringify(actual)}`);
}

let h: DbHandle;
let values: Record<string, string>;

beforeAll(async () => {
  // The server runs on a copy of the seeded template: this copy holds the same tokens and orders.
  h = await openTestDb({ seeded: true });
  const client = plannedDemoClients().find((c) => c.has_token)!;
  const [{ auth_token }] = await h.db
    .select({ auth_token: clients.auth_token })
    .from(clients)
    .where(eq(clients.id, client.id));
  // An order in transit, placed over a day ago, so a scan "a minute ago" is after its placement.
  const [order] = await h.db
    .select({ awb: orders.courier_tracking_id, courierId: courierServices.courier_id })
    .from(orders)
    .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
    .where(and(eq(orders.current_status, "in_transit"), lt(orders.placed_at, sql`now() - interval '1 day'`)))
    .orderBy(orders.id)
    .limit(1);
  const [{ token }] = await h.db
    .select({ token: courierTokens.token })
    .from(courierTokens)
    .where(eq(courierTokens.courier_id, order.courierId));
  values = {
    auth_token: auth_token!,
    courier_id: String(order.courierId),
    courier_token: token,
    awb: order.awb,
    unique: `${Date.now().toString(36)}${process.pid}`,
    now: new Date(Date.now() - 60_000).toISOString(),
  };
});
afterAll(async () => {
  await h?.close();
});

const fill = (text: string) => text.replace(/<(\w+)>/g, (whole, name: string) => values[name] ?? whole);

const examples = examplesOf(readFileSync(DOC, "utf8"));

describe("docs/api.md", () => {
  it("has its examples, and the check refuses an answer that differs", () => {
    expect(examples.length).toBeGreaterThanOrEqual(20);
    expect(() => assertMatches({ err: "x" }, { err: "y" })).toThrow();
    expect(() => assertMatches({ a: 1 }, { a: "1" })).toThrow();
    expect(() => assertMatches({}, { a: 1 })).toThrow();
    expect(() => assertMatches([{ status: 201 }], [{ status: 201 }, { status: 400 }])).toThrow();
    expect(() => assertMatches({ errors: { a: "m" } }, { errors: { a: "n" } })).toThrow();
    expect(() => assertMatches({ err: "at is bad (now)", id: "PA2" }, { err: "at is … (…)", id: "PA1" })).not.toThrow();
  });

  for (const example of examples) {
    const [method, target] = example.request.split("\n")[0].split(" ");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(example.response)![1]);
    it(`${method} ${target.split("?")[0]} → ${status} (docs/api.md line ${example.line})`, async () => {
      const request = parseRequest(fill(example.request));
      const res = await fetch(url(request.target), {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: "manual",
      });
      const text = await res.text();
      expect(res.status, text).toBe(status);
      const documented = split(fill(example.response)).body;
      if (documented === undefined) return;
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      assertMatches(JSON.parse(text), JSON.parse(documented));
    });
  }
});
