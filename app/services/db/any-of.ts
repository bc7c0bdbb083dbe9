/**
 * `column = any($1::int[])`: a list of ids as one array parameter. drizzle's `inArray` binds one
 * parameter per value, and a statement takes at most 65,535, so a list that grows with the book
 * (the sellers an e-mail search matches, the sellers a payout nets) uses this instead. The ids
 * may also be a placeholder (`sql.placeholder("ids")`) of a query built once (decision 051).
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

export function anyOfIds(column: SQLWrapper, ids: readonly number[] | SQLWrapper): SQL {
  if (!Array.isArray(ids)) return sql`${column} = any(${ids}::int[])`;
  return ids.length === 0 ? sql`false` : sql`${column} = any(${sql.param([...ids])}::int[])`;
}
