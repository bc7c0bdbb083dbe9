/**
 * PGlite's protocol reader as scripts/patch-dependencies.mjs leaves it (decision 049) reads
 * what the published one reads: the same real backend bytes — rows with multi-byte text, empty
 * strings and nulls, errors and notices (their fields are C strings), notifications, COPY data —
 * given to both parsers whole and cut into pieces at every kind of boundary, give the same
 * messages.
 */
import { pathToFileURL } from "node:url";

import { PGlite, protocol } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PGLITE_READER_EDITS, PGLITE_READER_FILE, READER_MARKER } from "../../scripts/patch-dependencies.mjs";
import { writeUnpatchedCopy } from "../support/unpatched";

type Parser = { parse(buffer: ArrayBuffer | Uint8Array, onMessage: (message: unknown) => void): void };
type ParserClass = new () => Parser;

let unpatched: ReturnType<typeof writeUnpatchedCopy> | undefined;
let Unpatched: ParserClass;
let pg: PGlite;
const Patched = (protocol as unknown as { Parser: ParserClass }).Parser;

beforeAll(async () => {
  unpatched = writeUnpatchedCopy(
    PGLITE_READER_FILE,
    PGLITE_READER_EDITS as [string, string][],
    READER_MARKER,
    "PGlite's reader",
  );
  // The chunk exports the Parser class as `o` (see its export list).
  Unpatched = ((await import(pathToFileURL(unpatched.copy).href)) as { o: ParserClass }).o;
  expect(Unpatched).not.toBe(Patched);
  pg = new PGlite();
  await pg.exec("create table t (id int primary key, name text, note text, at timestamptz, data jsonb, raw bytea)");
  await pg.exec(`insert into t values
    (1, 'Aarav Sharma', '', '2026-11-27 10:00:00+00', '{"city": "Bengaluru", "₹": 12.5}', '\\x00ff10'),
    (2, 'श्रीनिवास रेड्डी ✓', null, null, null, null),
    (3, repeat('x', 70000), 'tab\tand
newline', '2026-01-01 00:00:00+00', '[1, 2, 3]', '\\x')`);
  await pg.exec(
    "create function noisy() returns int language plpgsql as $$ begin raise notice 'careful: %', 'ünïcode'; return 1; end $$",
  );
});

afterAll(async () => {
  unpatched?.remove();
  await pg?.close();
});

/** The backend's raw answer to some simple-query text. */
async function backendBytes(sql: string): Promise<Uint8Array> {
  return pg.execProtocolRaw(protocol.serialize.query(sql));
}

/** A message as plain data (the two copies of the module have their own message and error classes). */
function plain(message: unknown): unknown {
  const m = message as Record<string, unknown>;
  return { ...m, ...(message instanceof Error ? { message: message.message } : {}), class: message?.constructor?.name };
}

function parseAll(Class: ParserClass, bytes: Uint8Array, cut: number[] = []) {
  const parser = new Class();
  const messages: unknown[] = [];
  let at = 0;
  for (const end of [...cut, bytes.length]) {
    // Each piece in a buffer of its own, as the backend hands them over.
    parser.parse(bytes.slice(at, end), (m) => messages.push(plain(m)));
    at = end;
  }
  return messages;
}

describe("PGlite's protocol reader, patched", () => {
  it("parses real backend answers as the published reader does, whole and in pieces", async () => {
    const answers = [
      await backendBytes("select * from t order by id"),
      await backendBytes("select noisy()"),
      await backendBytes("select * from no_such_table"),
      await backendBytes("insert into t values (1, 'again')"),
      await backendBytes("listen channel_ü; notify channel_ü, 'pay–load ✓'; select 1"),
      await backendBytes("copy (select id, name from t where id < 3) to stdout"),
      await backendBytes("show server_version; select ''::text as empty, null::text as nothing"),
    ];
    for (const bytes of answers) {
      const expected = parseAll(Unpatched, bytes);
      expect(expected.length).toBeGreaterThan(1);
      expect(parseAll(Patched, bytes)).toEqual(expected);
      // Pieces cut inside headers, inside fields and inside multi-byte characters.
      for (const cut of [
        [1],
        [3, 7, 11],
        [Math.floor(bytes.length / 2)],
        Array.from({ length: 40 }, (_, i) => Math.floor(((i + 1) * bytes.length) / 41)),
      ]) {
        expect(parseAll(Patched, bytes, cut)).toEqual(expected);
      }
    }
  });

  it("what the queries give is unchanged: text, nulls, bytes, JSON and errors", async () => {
    const rows = (
      await pg.query<{ id: number; name: string; note: string | null; data: unknown; raw: Uint8Array | null }>(
        "select * from t order by id",
      )
    ).rows;
    expect(rows[0]).toMatchObject({ id: 1, name: "Aarav Sharma", note: "", data: { city: "Bengaluru", "₹": 12.5 } });
    expect([...rows[0].raw!]).toEqual([0, 255, 16]);
    expect(rows[1]).toMatchObject({ name: "श्रीनिवास रेड्डी ✓", note: null, data: null, raw: null });
    expect(rows[2].name).toHaveLength(70000);
    expect(rows[2].note).toBe("tab\tand\nnewline");
    await expect(pg.query("select * from no_such_table")).rejects.toMatchObject({
      code: "42P01",
      message: 'relation "no_such_table" does not exist',
    });
  });
});
