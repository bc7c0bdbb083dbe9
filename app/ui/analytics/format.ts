/** Numbers on the analytics pages, formatted for India (decision 030). */
const countFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** A count or an average with Indian digit grouping (1,23,456; 12.5). */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

const averageFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** An average to two decimals with Indian digit grouping (1,234.50). */
export function formatAverage(n: number): string {
  return averageFormat.format(n);
}
