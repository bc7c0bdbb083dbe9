/**
 * Rate cards as a readable PDF (docs/product.md §2 "PDF/CSV download", §7 download-ratecard-pdf):
 * title, date, then per shipment type (Forward, Reverse, RTO) × delivery type (Express,
 * Surface) a heading and one table per weight-slab panel, laid out like the screen.
 *
 * Made with pdfkit's standard Helvetica fonts (no font files to ship). Those fonts encode
 * text as WinAnsi, so '₹' and other characters outside it cannot be drawn: amounts carry no
 * currency symbol (the column captions say "Rs.") and stray characters become '?'.
 * The output is deterministic for the same card and `generatedAt` (the PDF's dates are set
 * from it), so two downloads in the same minute are byte-identical.
 */
import PDFDocument from "pdfkit";

import { DELIVERY_TYPES, type Segment } from "../core/rate-fields";
import { ZONE_COLUMNS } from "../core/zones";
import type { Db } from "../db/client.server";
import {
  type CardRow,
  DELIVERY_TYPE_LABELS,
  PRICE_TYPE_LABELS,
  RATE_FIELD_LABELS,
  RATE_TABS,
  TAB_LABELS,
} from "./fields";
import { formatTwoDecimals } from "./money";
import type { RateCardPanels, RatePanel } from "./panels";
import { getClientRateCard, getSegmentRateCard } from "./read.server";

export type RateCardPdfInput = {
  /** Client name & company, or the segment's name. */
  title: string;
  /** A second line under the title, e.g. the seller e-mail; optional. */
  subtitle?: string;
  generatedAt: Date;
  panels: RateCardPanels;
};

export const REVERSE_NOTE = "RTO is charged as forward.";
export const EMPTY_SECTION = "No couriers in this section.";

// A4 landscape, points.
const MARGIN = 30;
const FOOTER_SPACE = 14;
const BODY_SIZE = 7.5;
const HEAD_SIZE = 7;
const CELL_PAD_X = 3;
const CELL_PAD_Y = 3;

type Column = {
  header: string;
  width: number;
  align: "left" | "right" | "center";
  cell: (row: CardRow, tab: string) => string;
};

const money = (value: string | number) => formatTwoDecimals(value);

/** Only what WinAnsi (the standard fonts' encoding) can show; the rupee sign spelled out. */
export function pdfSafeText(text: string): string {
  return text
    .replace(/₹\s?/g, "Rs. ")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, "?");
}

/** The date as people in India read it: "22 Nov 2026, 11:03 am IST". */
export function formatIstDate(at: Date): string {
  const text = at.toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
  return `${pdfSafeText(text)} IST`;
}

function columns(usableWidth: number): Column[] {
  const courier = 150;
  const zone = 82;
  const rest = (usableWidth - courier - zone * ZONE_COLUMNS.length) / 5;
  return [
    {
      header: "Courier",
      width: courier,
      align: "left",
      cell: (row, tab) => {
        const parts = [row.courier_name];
        // The RTO tab holds both RTO price types; say which one a row is.
        if (tab === "rto") parts.push(`(${PRICE_TYPE_LABELS[row.shipment_type]})`);
        if (!row.is_active) parts.push("(inactive)");
        return parts.join(" ");
      },
    },
    ...ZONE_COLUMNS.map((z): Column => ({
      header: `${z.name} '${z.label}'\nbase | additional`,
      width: zone,
      align: "center",
      cell: (row) => `${money(row[`zone_${z.key}_base`])} | ${money(row[`zone_${z.key}_add`])}`,
    })),
    { header: RATE_FIELD_LABELS.cod_charge, width: rest, align: "right", cell: (row) => money(row.cod_charge) },
    { header: RATE_FIELD_LABELS.cod_percentage, width: rest, align: "right", cell: (row) => money(row.cod_percentage) },
    { header: RATE_FIELD_LABELS.surcharge, width: rest, align: "right", cell: (row) => money(row.surcharge) },
    { header: RATE_FIELD_LABELS.ndd_charge, width: rest, align: "right", cell: (row) => money(row.ndd_charge) },
    { header: RATE_FIELD_LABELS.divisor, width: rest, align: "right", cell: (row) => String(row.divisor) },
  ];
}

/** Renders a rate card to PDF bytes. */
export function rateCardPdf(input: RateCardPdfInput): Promise<Buffer> {
  const title = pdfSafeText(input.title);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `Rate card - ${title}`,
      Author: "Shipping Console",
      Subject: "Courier-wise rate card",
      CreationDate: input.generatedAt,
      ModDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = MARGIN;
  const usable = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const cols = columns(usable);
  let y = doc.page.margins.top;

  const newPage = () => {
    doc.addPage();
    y = doc.page.margins.top;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const ensure = (height: number) => {
    if (y + height > bottom()) {
      newPage();
      return true;
    }
    return false;
  };
  const line = (text: string, font: string, size: number, gap: number, color = "#000000") => {
    doc.font(font).fontSize(size).fillColor(color);
    const h = doc.heightOfString(text, { width: usable });
    ensure(h);
    doc.text(text, left, y, { width: usable });
    y += h + gap;
  };

  // Most cells fit on one line: measure and place those directly (pdfkit's line wrapper is
  // the slow part of a big card); only text that does not fit is wrapped.
  const fitsOnOneLine = (t: string, i: number) =>
    !t.includes("\n") && doc.widthOfString(t) <= cols[i].width - CELL_PAD_X * 2;
  const cellHeight = (texts: string[], font: string, size: number) => {
    doc.font(font).fontSize(size);
    const oneLine = doc.currentLineHeight(true);
    let h = 0;
    texts.forEach((t, i) => {
      h = Math.max(h, fitsOnOneLine(t, i) ? oneLine : doc.heightOfString(t, { width: cols[i].width - CELL_PAD_X * 2 }));
    });
    return h + CELL_PAD_Y * 2;
  };
  const drawRow = (texts: string[], font: string, size: number, height: number, fill: string | null) => {
    if (fill) doc.rect(left, y, usable, height).fill(fill);
    doc.font(font).fontSize(size).fillColor("#000000");
    let x = left;
    texts.forEach((t, i) => {
      const c = cols[i];
      const inner = c.width - CELL_PAD_X * 2;
      if (fitsOnOneLine(t, i)) {
        const free = inner - doc.widthOfString(t);
        const dx = c.align === "right" ? free : c.align === "center" ? free / 2 : 0;
        doc.text(t, x + CELL_PAD_X + dx, y + CELL_PAD_Y, { lineBreak: false });
      } else {
        doc.text(t, x + CELL_PAD_X, y + CELL_PAD_Y, { width: inner, align: c.align, lineBreak: true });
      }
      x += c.width;
    });
    doc
      .lineWidth(0.5)
      .strokeColor("#c8c8c8")
      .moveTo(left, y + height)
      .lineTo(left + usable, y + height)
      .stroke();
    y += height;
  };

  const headerTexts = cols.map((c) => c.header);
  const headerHeight = cellHeight(headerTexts, "Helvetica-Bold", HEAD_SIZE);
  const drawHeader = () => drawRow(headerTexts, "Helvetica-Bold", HEAD_SIZE, headerHeight, "#e9ecef");

  const panelTable = (tab: string, panel: RatePanel) => {
    const titleText = pdfSafeText(panel.title);
    const rows = panel.couriers.map((r) => cols.map((c) => pdfSafeText(c.cell(r, tab))));
    const heights = rows.map((r) => cellHeight(r, "Helvetica", BODY_SIZE));
    doc.font("Helvetica-Bold").fontSize(9);
    const titleHeight = doc.heightOfString(titleText, { width: usable }) + 4;
    // Keep the panel title with its header and first row.
    ensure(titleHeight + headerHeight + (heights[0] ?? 0));
    line(titleText, "Helvetica-Bold", 9, 4);
    drawHeader();
    rows.forEach((r, i) => {
      if (ensure(heights[i])) {
        line(`${titleText} (continued)`, "Helvetica-Bold", 9, 4);
        drawHeader();
      }
      drawRow(r, "Helvetica", BODY_SIZE, heights[i], i % 2 === 1 ? "#f8f9fa" : null);
    });
    y += 10;
  };

  // Title block.
  line(title, "Helvetica-Bold", 16, 4);
  if (input.subtitle) line(pdfSafeText(input.subtitle), "Helvetica", 10, 2, "#333333");
  line(
    `Generated ${formatIstDate(input.generatedAt)}. Amounts in Rs.; COD Percentage in %.`,
    "Helvetica",
    9,
    10,
    "#555555",
  );

  for (const tab of RATE_TABS) {
    // A shipment type starts with room for its heading, a section heading and a table start.
    ensure(90);
    line(TAB_LABELS[tab], "Helvetica-Bold", 13, 2);
    if (tab === "reverse") line(REVERSE_NOTE, "Helvetica-Oblique", 9, 4, "#333333");
    y += 2;
    for (const delivery of DELIVERY_TYPES) {
      ensure(60);
      line(`${TAB_LABELS[tab]} - ${DELIVERY_TYPE_LABELS[delivery]}`, "Helvetica-Bold", 11, 6);
      const panels = input.panels[tab][delivery];
      if (panels.length === 0) {
        line(EMPTY_SECTION, "Helvetica", 9, 10, "#555555");
        continue;
      }
      for (const panel of panels) panelTable(tab, panel);
    }
    y += 6;
  }

  // Footer on every page: title and "Page i of n". Drawn inside the bottom margin, so lift
  // the margin while writing or pdfkit would start a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(7).fillColor("#777777");
    const fy = doc.page.height - MARGIN - 4;
    doc.text(`Rate card - ${title}`, left, fy, { width: usable / 2, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + usable / 2, fy, {
      width: usable / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}

/** File-name part from an e-mail, as the CSV download makes it ("a.b@c.in" → "a_b_c_in"). */
export function emailSlug(email: string): string {
  return email.replace(/[^a-z0-9]+/gi, "_");
}

/** A client's card (switched-off couriers too, marked inactive) as a PDF, or null when there is no such client. */
export async function clientRateCardPdf(
  db: Db,
  client: { id: number; name: string; company_name: string },
  generatedAt = new Date(),
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const card = await getClientRateCard(db, client.id, { showAll: true });
  if (!card) return null;
  const pdf = await rateCardPdf({
    title: client.company_name ? `${client.name} - ${client.company_name}` : client.name,
    subtitle: `Courier-wise rate card for ${card.sellerEmail}`,
    generatedAt,
    panels: card.panels,
  });
  return { fileName: `ratecard_${emailSlug(card.sellerEmail)}.pdf`, pdf };
}

/** A segment's card as a PDF, or null for an unknown segment. */
export async function segmentRateCardPdf(
  db: Db,
  segment: Segment,
  generatedAt = new Date(),
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const card = await getSegmentRateCard(db, segment);
  if (!card) return null;
  const pdf = await rateCardPdf({ title: card.name, subtitle: "Segment rate card", generatedAt, panels: card.panels });
  return { fileName: `segment_${segment}_ratecard.pdf`, pdf };
}
