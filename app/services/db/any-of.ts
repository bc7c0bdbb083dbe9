/**
 * `column = any($1::int[])` (or `::text[]`): a list of values as one array parameter. drizzle's
 * `inArray` binds one parameter per value, and a statement takes at most 65,535, so a list that
 * grows with the book (the sellers an e-mail search matches, the sellers a payout nets) uses this
 * instead. The ids may also be a placeholder (`sql.placeholder("ids")`) of a query built once
 * (decision 051).
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

export function anyOfIds(column: SQLWrapper, ids: readonly number[] | SQLWrapper): SQL {
  if (!Array.isArray(ids)) return sql`${column} = any(${ids}::int[])`;
  return ids.length === 0 ? sql`false` : sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/**
 * `expression = any($1::text[])`: a list of texts as one array parameter. Beyond the bound on
 * parameters, one statement text serves every length of list, so the embedded database keeps one
 * prepared statement for it instead of one per length (decision 046).
 */
export function anyOfTexts(expression: SQLWrapper, values: readonly string[]): SQL {
  return values.length === 0 ? sql`false` : sql`${expression} = any(${sql.param([...values])}::text[])`;
}
