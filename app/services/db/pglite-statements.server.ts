/**
 * Named prepared statements for PGlite (decision 046).
 *
 * PGlite's `query()` sends every statement as an unnamed one: Parse, Describe, Bind, Describe,
 * Execute and Sync, each a separate call into the database, and PostgreSQL parses, analyses
 * and plans the text every time. Measured on the session lookup every page does, that is
 * ~0.56 ms of CPU against ~0.31 ms for the same statement prepared once under a name and then
 * bound, planned and executed in one call. The app runs a few dozen distinct statements, each
 * thousands of times, so this keeps each text's prepared statement (bounded, least recently
 * used first out) and answers with the same results, parsed by the same parsers, as
 * `query()` would.
 *
 * What is kept is the parsed and analysed statement, not a plan: the database runs with
 * `plan_cache_mode = force_custom_plan` (set where the client is opened), so each execution is
 * planned for its values exactly as an unnamed query is. PostgreSQL's default would switch a
 * statement to a generic plan after five runs, and did so for the customer-name search on a
 * million orders (`like $1` with an unknown pattern): p95 29 → 47 ms.
 *
 * Only plain reads and writes of at most 16 KiB of text are kept (select, insert, update, delete,
 * with, values); anything else, or a query with options this does not handle (`paramTypes`, a
 * blob), goes to `query()`.
 */
import { parse, type PGlite, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

const KEPT = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;
/** Longer texts (a bulk insert, a list of thousands of values) are rare and not worth keeping. */
const MAX_KEPT_TEXT = 16_384;

/** SQLSTATEs after which a kept statement is dropped and the query sent again, as `query()` would. */
const STALE_STATEMENT = new Set([
  "26000", // invalid_sql_statement_name: the statement is gone (DEALLOCATE, DISCARD)
  "0A000", // feature_not_supported: "cached plan must not change result type" after DDL
]);

type Kept = { name: string; types: number[] };

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class PreparedStatements {
  readonly #pg: PGlite;
  readonly #max: number;
  /** In least recently used first order (a hit moves its entry to the end). */
  readonly #kept = new Map<string, Kept>();
  /** Statements dropped from #kept, closed with the next call made outside a transaction. */
  #toClose: string[] = [];
  #counter = 0;

  constructor(pg: PGlite, max: number) {
    this.#pg = pg;
    this.#max = max;
  }

  /** Whether any statement is kept (a bound above 0). */
  get enabled(): boolean {
    return this.#max > 0;
  }

  /** How many statements are kept (for tests). */
  get size(): number {
    return this.#kept.size;
  }

  /** Whether `query(text, …)` goes through a kept statement. */
  keeps(text: string, options?: QueryOptions): boolean {
    return this.#max > 0 && text.length <= MAX_KEPT_TEXT && !options?.paramTypes && !options?.blob && KEPT.test(text);
  }

  /**
   * `query()`'s answer, through a kept statement. `inTransaction`: the caller holds the
   * transaction (inside `transaction()`), so only the query lock is taken, as PGlite's own
   * transaction object does.
   */
  async query<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const pg = this.#pg;
    const run = () => pg._runExclusiveQuery(() => this.#run<T>(text, params, options, inTransaction));
    if (inTransaction) return run();
    await pg._checkReady();
    const result = await pg._runExclusiveTransaction(run);
    await pg.syncToFs();
    return result;
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    const S = protocol.serialize;
    // Closing is left out of transactions: an error there would stand in for the query's own.
    const closing = inTransaction ? [] : this.#toClose.splice(0).map((name) => S.close({ type: "S", name }));
    let kept = this.#kept.get(text);
    try {
      if (kept) {
        this.#kept.delete(text);
        this.#kept.set(text, kept);
      } else {
        const name = `kept_${++this.#counter}`;
        const described = await this.#pg.execProtocol(
          concat([...closing.splice(0), S.parse({ name, text }), S.describe({ type: "S", name }), S.sync()]),
        );
        kept = { name, types: parse.parseDescribeStatementResults(described.messages) };
        this.#kept.set(text, kept);
        while (this.#kept.size > this.#max) {
          const [oldest] = this.#kept;
          this.#kept.delete(oldest[0]);
          this.#toClose.push(oldest[1].name);
        }
      }
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = kept!.types[i];
        const serialize = options?.serializers?.[oid] ?? this.#pg.serializers[oid];
        return serialize ? serialize(param) : String(param);
      });
      const answer = await this.#pg.execProtocol(
        concat([
          ...closing,
          S.bind({ statement: kept.name, values: values as (string | null)[] }),
          S.describe({ type: "P" }),
          S.execute({}),
          S.sync(),
        ]),
      );
      return parse.parseResults(answer.messages, this.#pg.parsers, options)[0] as Results<T>;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (kept && code && STALE_STATEMENT.has(code) && this.#kept.get(text) === kept) {
        this.#kept.delete(text);
        if (code !== "26000") this.#toClose.push(kept.name);
        // Outside a transaction the query is sent again (inside one, the error has ended it).
        if (!inTransaction && !retried) return this.#run(text, params, options, inTransaction, true);
      }
      // As PGlite's query() does: the error carries the statement it came from.
      if (error && typeof error === "object") Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }
}
