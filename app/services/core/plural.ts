/** The word for a count of things: `plural(1, "client", "clients")` is "client", any other count "clients". Pure. */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count with its word: "1 remittance", "3 remittances", "0 remittances". */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${plural(count, one, many)}`;
}
