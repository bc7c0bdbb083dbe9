/** The Complete Financial Analysis e-mail's words (decision 065). */
import { describe, expect, it } from "vitest";

import { financeReportMailText } from "./finance";

describe("the finance e-mail", () => {
  it("counts every seller of the scope, with and without COD or billing", () => {
    const text = financeReportMailText({ name: "Sneha", asOf: "27-11-2026", withMoney: 15, without: 6 });
    expect(text).toContain(
      "21 sellers in your scope; 15 with COD or billing in the period, 6 without (listed on the last sheet).",
    );
    expect(text).toContain("every cycle up to 27-11-2026");
    expect(text.startsWith("Hello Sneha,\n\n")).toBe(true);
  });

  it("says so when every seller has money rows, and speaks of one seller in the singular", () => {
    expect(financeReportMailText({ name: "A", asOf: "01-12-2026", withMoney: 4, without: 0 })).toContain(
      "4 sellers in your scope; 4 with COD or billing in the period, none without.",
    );
    expect(financeReportMailText({ name: "A", asOf: "01-12-2026", withMoney: 0, without: 1 })).toContain(
      "1 seller in your scope; 0 with COD or billing in the period, 1 without (listed on the last sheet).",
    );
  });
});
