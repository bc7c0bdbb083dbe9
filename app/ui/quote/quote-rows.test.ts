import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { CalculatorRow } from "~/services/quote/quote-view";

import { escapeHtml } from "../html";
import { rowsHtmlOf } from "../sent-rows";
import { CHARGES_LEGEND, quoteRowHtml, quoteRowsHtml, sentQuote } from "./quote-rows";

function row(extra: Partial<CalculatorRow> = {}): CalculatorRow {
  return {
    courier: "Delhivery Surface 0.5kg",
    courier_id: 7,
    is_priority: false,
    is_cheapest: true,
    is_fastest: false,
    mode: "Surface",
    own_weight: null,
    delivered: "₹112.00",
    returned: "₹224.00",
    edd_stamp: "2026-12-10",
    charges: {
      weight: "Chargeable weight 1.5 kg: the greater of dead 1.5 kg and volumetric 0.6 kg (L × B × H / 5000)",
      slabs: "Zone C 'Metro to Metro': base up to 0.5 kg at ₹40.00, every additional 0.5 kg at ₹36.00",
      formula: "1 × ₹40.00 + 2 × ₹36.00 + ₹0.00 + ₹0.00 = ₹112.00",
      returned: "₹112.00 + ₹112.00 + ₹0.00 = ₹224.00",
    },
    ...extra,
  };
}

/** The cells of a row, as text, in order (tags stripped). */
function cellTexts(html: string): string[] {
  return [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|"));
}

describe("the Rate Calculator's courier rows as HTML", () => {
  it("has the courier with its badges, then mode, delivered and returned charges, EDD and the disclosure", () => {
    const html = quoteRowHtml(row());
    expect(html.startsWith(`<tr data-testid="quote-row">`)).toBe(true);
    expect(cellTexts(html)).toEqual([
      "|Delhivery Surface 0.5kg|Cheapest|",
      "Surface",
      "₹112.00",
      "₹224.00",
      "2026-12-10",
      `|Details|${CHARGES_LEGEND}|1 × ₹40.00 + 2 × ₹36.00 + ₹0.00 + ₹0.00 = ₹112.00|Chargeable weight 1.5 kg: the greater of dead 1.5 kg and volumetric 0.6 kg (L × B × H / 5000)|Zone C &#x27;Metro to Metro&#x27;: base up to 0.5 kg at ₹40.00, every additional 0.5 kg at ₹36.00|Returned: forward freight + RTO freight + surcharge = ₹112.00 + ₹112.00 + ₹0.00 = ₹224.00|`,
    ]);
    expect(html).toContain(`<summary aria-label="Charged amount details of Delhivery Surface 0.5kg">`);
    expect(html).toContain(`data-testid="charged-formula">1 × ₹40.00`);
  });

  it("marks the priority courier bold with its badge, and the plain ones not", () => {
    const priority = quoteRowHtml(row({ is_priority: true, is_cheapest: false, is_fastest: true }));
    expect(priority).toContain(`quote-sm quote-fw700" data-size="sm" data-testid="quote-courier"`);
    expect(priority).toContain(`quote-fastest`);
    expect(priority).toContain(`quote-priority`);
    expect(priority).not.toContain(`quote-cheapest`);
    const plain = quoteRowHtml(row({ is_cheapest: false }));
    expect(plain).toContain(`quote-fw400`);
    expect(plain).not.toContain(`mantine-Badge-root`);
  });

  it("shows a courier's own chargeable weight when it has one, and a dash and no returned line without returns", () => {
    expect(quoteRowHtml(row({ own_weight: "2.40 kg (divisor 4000)" }))).toContain(
      `quote-xs quote-dimmed" data-size="xs">Chargeable 2.40 kg (divisor 4000)</p>`,
    );
    const noReturn = quoteRowHtml(row({ returned: null, charges: { ...row().charges, returned: null } }));
    expect(cellTexts(noReturn)[3]).toBe("—");
    expect(noReturn).not.toContain("Returned:");
  });

  it("keeps the rows' order", () => {
    const html = quoteRowsHtml([row({ courier: "B" }), row({ courier: "A" })]);
    expect([...html.matchAll(/data-testid="quote-courier">([^<]*)</g)].map((m) => m[1])).toEqual(["B", "A"]);
  });

  it("escapes every value: no courier name or line can add a tag or an attribute", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (courier, formula, mode) => {
        const html = quoteRowHtml(row({ courier, mode, charges: { ...row().charges, formula } }));
        expect(html.match(/</g)?.length).toBe(quoteRowHtml(row({ courier: "x", mode: "x" })).match(/</g)?.length);
        expect(html).toContain(`data-testid="quote-courier">${escapeHtml(courier)}</p>`);
        expect(html).toContain(`aria-label="Charged amount details of ${escapeHtml(courier)}"`);
        expect(html).toContain(`<td>${escapeHtml(mode)}</td>`);
      }),
    );
  });
});

describe("the quote as the calculator's loader sends it (decision 098)", () => {
  const view = {
    chargeable_weight: 1.5,
    billing_zone: "C",
    rate_list: [row({ courier: "B" }), row({ courier: "A", is_cheapest: false })],
  } as unknown as Parameters<typeof sentQuote>[1];

  it("in a document, says how many couriers and holds none of their rows in its data", () => {
    const sent = sentQuote({ documentRequest: true }, view);
    const encoded = JSON.stringify(sent);
    expect(JSON.parse(encoded)).toEqual({
      chargeable_weight: 1.5,
      billing_zone: "C",
      couriers: 2,
      rows: { html: null },
    });
    expect(rowsHtmlOf(sent.rows)).toBe(quoteRowsHtml(view.rate_list));
  });

  it("in a data request, the rows' HTML is the data", () => {
    const sent = sentQuote({ documentRequest: false }, view);
    expect(JSON.parse(JSON.stringify(sent)).rows).toEqual({ html: quoteRowsHtml(view.rate_list) });
  });
});
