import { countOf } from "../core/plural";

/** Finance Analytics' words (docs/product.md §2, §8), pure: shared by the page and the service. */
export const FINANCE_MESSAGES = {
  scheduled: "E-mail scheduled for your Complete Financial Analysis",
  failed: "Oops, something went wrong.",
} as const;

const sellers = (n: number) => countOf(n, "seller", "sellers");

/**
 * The Complete Financial Analysis e-mail (decision 065): every seller of the scope is counted,
 * those with COD or billing and those without, who are listed on the file's last sheet.
 * `asOf` is the IST day the report was built (DD-MM-YYYY).
 */
export function financeReportMailText(m: { name: string; asOf: string; withMoney: number; without: number }): string {
  const scope = m.withMoney + m.without;
  const without = m.without === 0 ? "none without" : `${m.without} without (listed on the last sheet)`;
  return [
    `Hello ${m.name},`,
    `Attached is the Complete Financial Analysis you asked for, every cycle up to ${m.asOf}: COD collected, remitted, held and pending, bills and outstanding, per seller and per month.`,
    `${sellers(scope)} in your scope; ${m.withMoney} with COD or billing in the period, ${without}.`,
    "Shipping Console",
  ].join("\n\n");
}
