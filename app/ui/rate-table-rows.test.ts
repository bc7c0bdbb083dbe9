import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { sampleCardRow } from "~/services/ratecards/sample-row";

import { escapeHtml } from "./html";
import { type RateTableRow, rowHtml, rowsHtml, type RowsHtmlOptions } from "./rate-table-rows";

function row(extra: Partial<RateTableRow> = {}): RateTableRow {
  return sampleCardRow({
    shipment_type: "FORWARD_RTO",
    second_slab: "1.00",
    ndd_charge: "12.50",
    version: 3,
    ...extra,
  });
}

const plain: RowsHtmlOptions = { priceType: false, full: false, operation: false, editingAnother: false };
const PRICES =
  "<td>30.00 | 28.00</td><td>35.00 | 31.00</td><td>40.00 | 36.00</td><td>45.00 | 40.00</td><td>55.00 | 47.00</td><td>30.00</td><td>2.00</td><td>0.00</td><td>12.50</td><td>5000</td>";

describe("read-only rate rows as HTML", () => {
  it("has the courier, then base | additional for zones A–E, then Min COD, COD %, Surcharge, NDD and Divisor", () => {
    expect(rowHtml(row(), plain)).toBe(
      `<tr data-testid="rate-row" data-courier="Delhivery Surface 0.5kg"><td>Delhivery Surface 0.5kg</td>${PRICES}</tr>`,
    );
  });

  it("marks a switched-off courier (shown with 'Show all couriers')", () => {
    expect(rowHtml(row({ is_active: false }), plain)).toContain(
      `<td>Delhivery Surface 0.5kg<span class="rate-table-muted"> (inactive)</span></td>`,
    );
  });

  it("adds the price type on the RTO tab, and the full identity on the uploaded-card list", () => {
    expect(rowHtml(row(), { ...plain, priceType: true })).toBe(
      `<tr data-testid="rate-row" data-courier="Delhivery Surface 0.5kg" data-shipment-type="FORWARD_RTO"><td>Delhivery Surface 0.5kg</td><td>Forward RTO</td>${PRICES}</tr>`,
    );
    expect(rowHtml(row(), { ...plain, priceType: true, full: true })).toContain(
      "<td>Forward RTO</td><td>Surface Shipping</td><td>0.5 KG</td><td>1 KG</td><td>30.00 | 28.00</td>",
    );
  });

  it("gives a vp Edit and the row's other links, named for the row; while another row is edited, a disabled Edit only", () => {
    const vp: RowsHtmlOptions = {
      ...plain,
      priceType: true,
      operation: true,
      editHref: (id) => `/all-users/1/rate-card?tab=rto&edit=${id}`,
      rowLinks: (r) => [
        {
          to: `/all-users/1/rate-card/weight-slab?tab=rto&row=${r.id}`,
          label: "Slab",
          ariaLabel: `Edit weight slab of ${r.courier_name}`,
        },
      ],
    };
    expect(rowHtml(row(), vp)).toContain(
      `<td>Forward RTO</td><td><span class="rate-table-ops">` +
        `<a class="rate-table-link" href="/all-users/1/rate-card?tab=rto&amp;edit=7" aria-label="Edit Delhivery Surface 0.5kg (Forward RTO)">Edit</a>` +
        `<a class="rate-table-link" href="/all-users/1/rate-card/weight-slab?tab=rto&amp;row=7" aria-label="Edit weight slab of Delhivery Surface 0.5kg">Slab</a>` +
        `</span></td><td>30.00 | 28.00</td>`,
    );
    const locked = rowHtml(row(), { ...vp, editingAnother: true });
    expect(locked).toContain(`<td><span class="rate-table-muted" aria-disabled="true">Edit</span></td>`);
    expect(locked).not.toContain("<a ");
  });

  it("joins rows in order", () => {
    const html = rowsHtml([row({ id: 1, courier_name: "A" }), row({ id: 2, courier_name: "B" })], plain);
    expect(html.match(/data-courier="(\w)"/g)).toEqual(['data-courier="A"', 'data-courier="B"']);
    expect(rowsHtml([], plain)).toBe("");
  });

  it("escapes every value: no courier name can add markup or leave an attribute", () => {
    const evil = `<img src=x onerror="alert(1)"> & 'Co'`;
    const html = rowHtml(row({ courier_name: evil }), { ...plain, operation: true, editHref: () => "/x?a=1&b=2" });
    expect(html).not.toContain("<img");
    expect(html).toContain(`data-courier="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#x27;Co&#x27;"`);
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#x27;");

    // Our tags, with only our attributes, each quoted value free of quotes and angle brackets.
    const ownTags =
      /<(?:\/(?:tr|td|span|a)|(?:tr|td|span|a)(?: (?:data-testid|data-courier|data-shipment-type|class|href|aria-label|aria-disabled)="[^"<>]*")*)>/g;
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (name, price, active) => {
        const out = rowHtml(row({ courier_name: name, zone_c_base: price, is_active: active }), {
          ...plain,
          priceType: true,
          operation: true,
          editHref: () => `/e?n=${name}`,
        });
        // Once our own tags are taken out, no '<', '>' or '"' is left: the values added no markup.
        expect(out.replace(ownTags, "")).not.toMatch(/[<>"]/);
      }),
    );
  });
});
