import { asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DELIVERY_TYPES } from "~/services/core/rate-fields";
import type { DbHandle } from "~/services/db/client.server";
import { clients, rateRows } from "~/services/db/schema";
import { type CardRow, DELIVERY_TYPE_LABELS, RATE_TABS, TAB_LABELS } from "~/services/ratecards/fields";
import { buildRateCardPanels } from "~/services/ratecards/panels";
import {
  clientRateCardPdf,
  EMPTY_SECTION,
  formatIstDate,
  pdfSafeText,
  rateCardPdf,
  REVERSE_NOTE,
  segmentRateCardPdf,
} from "~/services/ratecards/pdf.server";
import { getClientRateCard, getSegmentRateCard } from "~/services/ratecards/read.server";

import { openTestDb } from "../support/db";
import { extractPdfText, isPdf } from "../support/pdf-text";

let h: DbHandle;
let client: { id: number; name: string; company_name: string; email: string };
const generatedAt = new Date("2025-03-14T09:30:00Z"); // 14 Mar 2025, 3:00 pm IST

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  // The first client (by id) that has a token and a courier-wise card.
  const rows = await h.db
    .select({
      id: clients.id,
      name: clients.name,
      company_name: clients.company_name,
      email: clients.email,
      n: count(rateRows.id),
    })
    .from(clients)
    .innerJoin(rateRows, eq(rateRows.client_id, clients.id))
    .where(isNotNull(clients.auth_token))
    .groupBy(clients.id)
    .orderBy(asc(clients.id))
    .limit(1);
  expect(rows.length).toBe(1);
  client = rows[0];
});
afterAll(async () => {
  await h?.close();
});

const courierNames = (rows: readonly CardRow[]) => [...new Set(rows.map((r) => r.courier_name))];

/** A synthetic card: `n` couriers, forward express only, one slab. */
function bigCardRows(n: number): CardRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    courier_service_id: i + 1,
    courier_name: `Test Courier ${String(i + 1).padStart(3, "0")}`,
    is_active: true,
    shipment_type: "FORWARD" as const,
    delivery_type: "express" as const,
    first_slab: "0.50",
    second_slab: "0.50",
    zone_a_base: "31.5",
    zone_a_add: "30.00",
    zone_b_base: "35.00",
    zone_b_add: "33.00",
    zone_c_base: "42.00",
    zone_c_add: "40.00",
    zone_d_base: "48.00",
    zone_d_add: "45.00",
    zone_e_base: "60.00",
    zone_e_add: "58.00",
    cod_charge: "35.00",
    cod_percentage: "1.75",
    surcharge: "0.00",
    ndd_charge: "10.00",
    divisor: 5000,
    version: 1,
  }));
}

describe("client rate card PDF", () => {
  it("is a complete PDF named after the seller e-mail, with the client, the date and every courier", async () => {
    const file = await clientRateCardPdf(h.db, client, generatedAt);
    expect(file).not.toBeNull();
    expect(file!.fileName).toBe(`ratecard_${client.email.replace(/[^a-z0-9]+/gi, "_")}.pdf`);
    const pdf = file!.pdf;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-8).toString("latin1")).toContain("%%EOF");
    expect(isPdf(pdf)).toBe(true);

    const { flat, pageCount } = extractPdfText(pdf);
    expect(pageCount).toBeGreaterThanOrEqual(1);
    expect(flat).toContain(pdfSafeText(`${client.name} - ${client.company_name}`));
    expect(flat).toContain(client.email);
    expect(flat).toContain("14 Mar 2025, 3:00 pm IST");

    const card = (await getClientRateCard(h.db, client.id, { showAll: true }))!;
    const names = courierNames(card.rows);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(flat).toContain(pdfSafeText(name));

    // One heading per shipment × delivery type, the reverse note, panel titles and the columns.
    for (const tab of RATE_TABS)
      for (const d of DELIVERY_TYPES) expect(flat).toContain(`${TAB_LABELS[tab]} - ${DELIVERY_TYPE_LABELS[d]}`);
    expect(flat).toContain(REVERSE_NOTE);
    for (const tab of RATE_TABS)
      for (const d of DELIVERY_TYPES) for (const p of card.panels[tab][d]) expect(flat).toContain(p.title);
    for (const header of [
      "Zone A 'Intra City'",
      "Zone E 'ROI'",
      "base | additional",
      "Min COD Charge",
      "COD Percentage",
      "Surcharge",
      "NDD Charge",
      "Divisor",
    ])
      expect(flat).toContain(header);

    // A row's prices as base | additional with two decimals.
    const row = card.rows.find((r) => r.shipment_type === "FORWARD")!;
    expect(flat).toMatch(/\d+\.\d{2} \| \d+\.\d{2}/);
    expect(flat).toContain(`${Number(row.zone_a_base).toFixed(2)} | ${Number(row.zone_a_add).toFixed(2)}`);
  });

  it("is byte-identical for the same card and time", async () => {
    const a = await clientRateCardPdf(h.db, client, generatedAt);
    const b = await clientRateCardPdf(h.db, client, generatedAt);
    expect(a!.pdf.equals(b!.pdf)).toBe(true);
  });

  it("is null for a client that does not exist", async () => {
    expect(await clientRateCardPdf(h.db, { id: 999_999_999, name: "x", company_name: "y" }, generatedAt)).toBeNull();
  });
});

describe("segment rate card PDF", () => {
  it("carries the segment name and every courier of the segment", async () => {
    const file = await segmentRateCardPdf(h.db, 1, generatedAt);
    expect(file!.fileName).toBe("segment_1_ratecard.pdf");
    expect(isPdf(file!.pdf)).toBe(true);
    const { flat } = extractPdfText(file!.pdf);
    expect(flat).toContain("Segment Two");
    const card = (await getSegmentRateCard(h.db, 1))!;
    const names = courierNames(card.rows);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(flat).toContain(pdfSafeText(name));
  });
});

describe("rateCardPdf layout", () => {
  it("breaks a long table across pages and repeats its header on each", async () => {
    const rows = bigCardRows(120);
    const pdf = await rateCardPdf({
      title: "Long Card",
      generatedAt,
      panels: buildRateCardPanels(rows, { showAll: true }),
    });
    const { text, flat, pageCount } = extractPdfText(pdf);
    expect(pageCount).toBeGreaterThan(1);
    const lines = text.split("\n").map((l) => l.trim());
    // One header per page the table touches: the first, plus one per continuation; the
    // trailing empty sections may take a page of their own.
    const headers = lines.filter((l) => l === "Courier").length;
    const continued = lines.filter((l) => l.endsWith("(continued)")).length;
    expect(continued).toBeGreaterThanOrEqual(2);
    expect(continued).toBeLessThanOrEqual(pageCount - 1);
    expect(headers).toBe(1 + continued);
    // Every row is drawn once, in name order, and no page is cut mid-row.
    const courierLines = lines.filter((l) => l.startsWith("Test Courier "));
    expect(courierLines).toEqual(rows.map((r) => r.courier_name));
    expect(flat).toContain(`Page ${pageCount} of ${pageCount}`);
    for (const r of rows) expect(flat).toContain(r.courier_name);
    // Two decimals everywhere ("31.5" is shown as 31.50); the divisor stays whole.
    expect(flat).toContain("31.50 | 30.00");
    expect(flat).toContain("5000");
  });

  it("says so when a section has no couriers", async () => {
    const pdf = await rateCardPdf({
      title: "Sparse",
      generatedAt,
      panels: buildRateCardPanels(bigCardRows(2), { showAll: true }),
    });
    const { flat } = extractPdfText(pdf);
    // Only forward express has rows: the other five sections are empty.
    expect(flat.split(EMPTY_SECTION).length - 1).toBe(5);
  });

  it("spells the rupee sign out and keeps other text WinAnsi-safe", () => {
    expect(pdfSafeText("₹ 40 · Café")).toBe("Rs. 40 · Café");
    expect(pdfSafeText("Blue\u202fDart 配送")).toBe("Blue Dart ??");
    expect(formatIstDate(generatedAt)).toBe("14 Mar 2025, 3:00 pm IST");
  });
});
