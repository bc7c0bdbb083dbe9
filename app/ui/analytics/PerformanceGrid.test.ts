import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { PerformanceRow } from "~/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY } from "~/services/analytics/tracker-query";

import { NameCell, performanceRowHtml } from "./PerformanceGrid";

const seller: PerformanceRow = {
  key: "41",
  name: "Kiran & Sons <Retail>",
  email: "kiran@sons.test",
  avp: { name: "Anil Verma", email: "anil@demo.test" },
  bdm: null,
  tl: { name: 'Sneha "S" Kulkarni', email: "sneha@demo.test" },
  sellers: 1,
  placed: [1200, 0, 3, 4, 5, 6, 7],
  picked: [1100, 1, 2, 3, 4, 5, 12345],
  week: 14,
  weekBefore: 20,
};

describe("Daily Performance rows as HTML", () => {
  it("draws the name cell exactly as NameCell (which mantine-react-table shows after hydration) does", () => {
    for (const [row, view] of [
      [seller, "seller"],
      [{ ...seller, avp: null, tl: null, sellers: 3 }, "avp"],
      [{ ...seller, sellers: 1 }, "tl"],
    ] as const) {
      const html = performanceRowHtml(row, view === "seller", 7);
      const nameCell = renderToStaticMarkup(
        createElement(NameCell, { row, query: { ...DEFAULT_TRACKER_QUERY, view } }),
      );
      expect(html.startsWith(`<tr><td class="perf-id col-sticky-start">${nameCell}</td>`), view).toBe(true);
    }
  });

  it("has the e-mail whole under the name, then placed and picked for each day, today first, counts in Indian grouping", () => {
    const html = performanceRowHtml(seller, true, 7);
    // Wrapped, never cut with an ellipsis (decision 069): the sticky first cell holds it all.
    expect(html).toContain(`<div class="perf-email wrap-anywhere">kiran@sons.test</div>`);
    expect(html.match(/<td/g)).toHaveLength(1 + 14 + 4);
    const counts = [...html.matchAll(/<td class="num[^"]*">([^<]*)/g)].map((m) => m[1].trim());
    expect(counts).toEqual(
      ["1,200", "1,100", "0", "1", "3", "2", "4", "3", "5", "4", "6", "5", "7", "12,345"].concat(
        // Week on week (decision 072): 14 against 20 is −30 %, dropping (marked for a screen reader too).
        ["14", "20", "−6", "−30%"],
      ),
    );
    expect(html).toContain(`<td class="num growth-down">−30% <span class="visually-hidden">(dropping)</span></td>`);
    expect(html).toContain("Kiran &amp; Sons &lt;Retail&gt;");
    expect(html).not.toContain("<Retail>");
  });
});
