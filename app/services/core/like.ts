/** A LIKE / ILIKE pattern that finds `text` anywhere in a value, its %, _ and \ taken literally. Pure. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
