/**
 * POST /api/orders fuzzed (decisions 023, 058): bodies built around a valid order — fields
 * replaced by any JSON value, text with control characters and lone surrogates, huge numbers,
 * lists — one at a time or in batches, with and without an Idempotency-Key. Never a 5xx, and
 * nothing is stored from a refused body: the orders that appear are exactly those answered 201
 * for the first time (a replayed key answers 201 with the order it already made). The route's
 * action on a real seeded database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
import { gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { orders } from "~/services/db/schema";

import { openTestDb, useAsAppDb } from "../support/db";
import { firstClientToken, orderFixture, postOrderBody } from "../support/orders-api";

let h: DbHandle;
let token: string;

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  token = await firstClientToken(h.db);
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

const ORDER = orderFixture("Fuzz Customer");
const FIELDS = [...Object.keys(ORDER), "delivery_mode", "client_order_id"];
const ITEM_FIELDS = ["name", "sku", "quantity"];

const post = (body: string, key: string | null) =>
  postOrderBody(token, body, key === null ? {} : { "Idempotency-Key": key });

const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  // Any UTF-16 code unit, lone surrogates and control characters included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom("\ud800", "Diya\udc00", "a\u0000b", "\u007f", " ", "", "9".repeat(400)),
);
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e21, 1e-7, 5e-324, -0, 0, -1, 2 ** 31),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const value = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: anyText },
  // Text PostgreSQL can not hold, often enough to reach every text field (an item's name in jsonb once was a 500).
  { weight: 2, arbitrary: fc.constantFrom("\ud800", "Diya\udc00", "a\u0000b", "\ud83d") },
  { weight: 3, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.array(fc.oneof(hugeNumber, anyText), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(undefined) }, // the field left out
);

/** A valid order with some of its fields (and its first item's) replaced, and maybe extra keys. */
const order = fc
  .record({
    replaced: fc.subarray(FIELDS, { maxLength: 3 }),
    itemReplaced: fc.subarray(ITEM_FIELDS, { maxLength: 2 }),
    values: fc.array(value, { minLength: 5, maxLength: 5 }),
    extra: fc.dictionary(anyText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    clientOrderId: fc.oneof(
      fc.uuid().map((u) => `FZ-${u}`),
      fc.constant("FZ-DUP"),
      fc.constant(undefined),
    ),
  })
  .map(({ replaced, itemReplaced, values, extra, clientOrderId }) => {
    const o: Record<string, unknown> = { ...extra, ...ORDER, client_order_id: clientOrderId };
    replaced.forEach((f, i) => (o[f] = values[i]));
    if (itemReplaced.length) {
      const item: Record<string, unknown> = { ...(ORDER.items as object[])[0] };
      itemReplaced.forEach((f, i) => (item[f] = values[3 + i]));
      o.items = [item];
    }
    return o;
  });

/** Bodies that JSON.stringify can not write: numbers beyond a double, odd nesting, not JSON at all. */
const rawText = fc.constantFrom(
  JSON.stringify(ORDER).replace('"weight":0.8', '"weight":1e400'),
  JSON.stringify(ORDER).replace('"cod_amount":1200', '"cod_amount":-1e400'),
  JSON.stringify(ORDER).replace('"quantity":1', '"quantity":123456789012345678901234567890'),
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  "",
  "null",
  '"order"',
  "{",
  "[]",
  JSON.stringify(Array.from({ length: 101 }, () => ORDER)),
);

const body = fc.oneof(
  { weight: 6, arbitrary: order.map((o) => JSON.stringify(o)) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof({ weight: 4, arbitrary: order }, fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 4 })
      .map((a) => JSON.stringify(a)),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? "null") },
  { weight: 1, arbitrary: rawText },
);
const key = fc.oneof(
  fc.constant(null),
  fc.uuid().map((u) => `fz-${u}`),
  fc.constantFrom("fz-key-1", "fz-key-2", "", "a b", "k".repeat(101)),
);

type Answer = { status?: number; pickrr_order_id?: string };

describe("POST /api/orders, fuzzed", () => {
  it("never answers 5xx, and stores only the orders answered 201", async () => {
    await fc.assert(
      fc.asyncProperty(body, key, async (payload, k) => {
        const [{ last }] = await h.db.select({ last: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders);
        const res = await post(payload, k);
        expect(res.status).toBeLessThan(500);
        const fresh = (await h.db.select({ id: orders.pickrr_order_id }).from(orders).where(gt(orders.id, last))).map(
          (r) => r.id,
        );
        const answers: Answer[] =
          res.status === 200 && Array.isArray(res.body)
            ? (res.body as Answer[])
            : [{ ...(res.body as Answer), status: res.status }];
        for (const a of answers) expect(a.status).toBeLessThan(500);
        const placed = answers.filter((a) => a.status === 201).map((a) => a.pickrr_order_id);
        // Every new order was answered 201; a 201 that made none replayed a key's stored answer.
        for (const id of fresh) expect(placed).toContain(id);
        if (placed.length === 0) expect(fresh).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
