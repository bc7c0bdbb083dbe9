/**
 * A quote the merchant can receive (decision 073): the Rate Calculator's result frozen as a
 * document (the shipment, each courier's price and EDD, the chargeable-weight working, the
 * validity and the rate-card version), and the one reading of that document that its page, its
 * PDF and its e-mail all show. Pure: the document is built from the engine's result once, stored,
 * and every later reader works from the stored document alone, so a quote never changes when
 * the rates do.
 */
import { addDays, dmy, istDayOf } from "../core/ist-dates";
import { formatInr, parseScaledDecimal, rupeesToPaise } from "../core/money";
import { RULE_CODE_NAMES, type RuleCode } from "../core/rule-codes";
import type { DeliveryMode } from "../core/transport";
import { type Zone, ZONE_LABELS } from "../core/zones";
import type { QuoteResult } from "./allocation";
import type { CalculatorInput } from "./calculator-form";
import { DEFAULT_VOLUMETRIC_DIVISOR, volumetricWeightGrams } from "./pricing";

/** Days the prices hold after the day they were quoted (IST): quoted 27-11-2026, valid until 04-12-2026. */
export const QUOTE_VALIDITY_DAYS = 7;

/** The stored document's shape; a later shape gets a new number and a reader for the old one. */
export const SAVED_QUOTE_FORMAT = 1;

type Place = { pincode: number; city: string; state: string };

export type SavedQuoteCourier = {
  courier: string;
  courier_id: number;
  mode: "Air" | "Air / Surface" | "Surface";
  is_cheapest: boolean;
  is_fastest: boolean;
  is_priority: boolean;
  /** Estimated delivery day, ISO (IST). */
  edd: string;
  delivered_paise: number;
  /** Null for reverse shipments (no return leg). */
  returned_paise: number | null;
  /** The courier's own volumetric divisor and the chargeable weight it gives. */
  divisor: number;
  chargeable_grams: number;
};

export type SavedQuoteDocument = {
  format: typeof SAVED_QUOTE_FORMAT;
  /** When it was quoted (ISO timestamp), the IST day, and the last IST day the prices hold. */
  quoted_at: string;
  quoted_on: string;
  valid_until: string;
  rate_card: { version: number; last_change_id: number | null };
  client: { name: string; company_name: string; email: string };
  shipment: {
    shipment_type: "forward" | "reverse";
    delivery_mode: DeliveryMode;
    payment_mode: "prepaid" | "cod";
    /** Null unless paid by COD. */
    cod_amount_paise: number | null;
    pickup: Place;
    drop: Place;
    length_cm: string;
    breadth_cm: string;
    height_cm: string;
    weight_kg: string;
    has_dg: boolean;
    is_mps: boolean;
    is_doc: boolean;
  };
  billing_zone: Zone;
  rule_code: RuleCode;
  /** The working at the calculator's divisor (5000): dead against volumetric, and which one is charged. */
  weight: {
    dead_grams: number;
    volumetric_grams: number;
    divisor: number;
    chargeable_grams: number;
    used: "dead" | "volumetric";
  };
  couriers: SavedQuoteCourier[];
};

function transportLabel(e: { is_air: boolean; has_surface: boolean }): SavedQuoteCourier["mode"] {
  if (e.is_air && !e.has_surface) return "Air";
  return e.is_air ? "Air / Surface" : "Surface";
}

/** The document of a quote just made by the engine (quoteForClient's answer for `input`). */
export function savedQuoteDocument(args: {
  input: CalculatorInput;
  quote: QuoteResult & { pickup: Place; drop: Place };
  client: { name: string; company_name: string; email: string };
  rateCard: { version: number; lastChangeId: number | null };
  now: Date;
}): SavedQuoteDocument {
  const { input, quote: q, now } = args;
  const quotedOn = istDayOf(now);
  const dead = parseScaledDecimal(input.weight, 3);
  const volumetric = volumetricWeightGrams(input, DEFAULT_VOLUMETRIC_DIVISOR);
  const place = (p: Place): Place => ({ pincode: Number(p.pincode), city: p.city, state: p.state });
  return {
    format: SAVED_QUOTE_FORMAT,
    quoted_at: now.toISOString(),
    quoted_on: quotedOn,
    valid_until: addDays(quotedOn, QUOTE_VALIDITY_DAYS),
    rate_card: { version: args.rateCard.version, last_change_id: args.rateCard.lastChangeId },
    client: { name: args.client.name, company_name: args.client.company_name, email: args.client.email },
    shipment: {
      shipment_type: input.shipment_type,
      delivery_mode: input.delivery_mode,
      payment_mode: input.payment_mode,
      cod_amount_paise: input.payment_mode === "cod" ? rupeesToPaise(input.cod_amount) : null,
      pickup: place(q.pickup),
      drop: place(q.drop),
      length_cm: input.length,
      breadth_cm: input.breadth,
      height_cm: input.height,
      weight_kg: input.weight,
      has_dg: input.has_dg,
      is_mps: input.is_mps,
      is_doc: input.is_doc,
    },
    billing_zone: q.billing_zone,
    rule_code: q.rule_code,
    weight: {
      dead_grams: dead,
      volumetric_grams: volumetric,
      divisor: DEFAULT_VOLUMETRIC_DIVISOR,
      chargeable_grams: q.chargeable_weight_grams,
      used: volumetric > dead ? "volumetric" : "dead",
    },
    couriers: q.rate_list.map((e) => ({
      courier: e.courier,
      courier_id: e.courier_id,
      mode: transportLabel(e),
      is_cheapest: e.is_cheapest,
      is_fastest: e.is_fastest,
      is_priority: e.is_priority,
      edd: e.edd_stamp,
      delivered_paise: e.delivered_charges,
      returned_paise: e.returned_charges,
      divisor: e.divisor,
      chargeable_grams: e.chargeable_weight_grams,
    })),
  };
}

/** Whole grams as kg with two decimals at least ("0.75 kg", "1.234 kg"). */
export function kgText(grams: number): string {
  const kg = grams / 1000;
  const text = kg.toFixed(3).replace(/0$/, "");
  return `${text} kg`;
}

/** A quote id from its address: digits only (else 0, which no quote has). */
export const quoteIdOf = (raw: string | undefined): number => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0);

/** The quote's reference, as staff and the merchant quote it: Q-000123. */
export const quoteReference = (id: number) => `Q-${String(id).padStart(6, "0")}`;

const yes = (b: boolean) => (b ? "Yes" : "No");

/** The sentence of the validity, the same on the page, in the PDF and in the e-mail. */
export function validityText(doc: Pick<SavedQuoteDocument, "quoted_on" | "valid_until">): string {
  return `Prices as of ${dmy(doc.quoted_on)}, valid ${QUOTE_VALIDITY_DAYS} days (until ${dmy(doc.valid_until)}).`;
}

export const rateCardVersionText = (doc: Pick<SavedQuoteDocument, "rate_card">) =>
  `Rate card version ${doc.rate_card.version}`;

/** Whether the prices still hold on `today` (an IST day). */
export const isQuoteValidOn = (doc: Pick<SavedQuoteDocument, "valid_until">, today: string) => today <= doc.valid_until;

/** Everything a reader of the quote sees, as text, from the stored document alone. */
export function savedQuoteView(id: number, doc: SavedQuoteDocument) {
  const s = doc.shipment;
  const w = doc.weight;
  const place = (p: Place) => `${p.pincode} (${p.city}, ${p.state})`;
  const flags = [s.has_dg && "Dangerous goods", s.is_mps && "Multi-package", s.is_doc && "Document"].filter(
    (f): f is string => typeof f === "string",
  );
  const shipment: [string, string][] = [
    ["Shipment type", s.shipment_type === "reverse" ? "Reverse" : "Forward"],
    ["Pickup pincode", place(s.pickup)],
    ["Delivery pincode", place(s.drop)],
    ["Delivery mode", s.delivery_mode === "heavy_surface" ? "Heavy surface" : "Express"],
    ["Dimensions (L × B × H)", `${s.length_cm} × ${s.breadth_cm} × ${s.height_cm} cm`],
    ["Weight", `${s.weight_kg} kg`],
    ["Payment type", s.payment_mode === "cod" ? "COD" : "Prepaid"],
  ];
  if (s.cod_amount_paise !== null) shipment.push(["COD amount", formatInr(s.cod_amount_paise)]);
  if (flags.length > 0) shipment.push(["Special handling", flags.join(", ")]);
  const usedWord = w.used === "volumetric" ? "volumetric" : "dead";
  return {
    reference: quoteReference(id),
    client: doc.client.company_name ? `${doc.client.name} - ${doc.client.company_name}` : doc.client.name,
    clientEmail: doc.client.email,
    quotedOn: dmy(doc.quoted_on),
    validUntil: dmy(doc.valid_until),
    validity: validityText(doc),
    rateCardVersion: rateCardVersionText(doc),
    zone: `Zone ${doc.billing_zone} '${ZONE_LABELS[doc.billing_zone]}'`,
    rule: `${RULE_CODE_NAMES[doc.rule_code]} (${doc.rule_code})`,
    shipment,
    weight: {
      dead: kgText(w.dead_grams),
      volumetric: kgText(w.volumetric_grams),
      chargeable: kgText(w.chargeable_grams),
      used: usedWord,
      sentence:
        `Chargeable weight ${kgText(w.chargeable_grams)}: dead weight ${kgText(w.dead_grams)} against volumetric ` +
        `weight ${kgText(w.volumetric_grams)} (${s.length_cm} × ${s.breadth_cm} × ${s.height_cm} / ${w.divisor}); ` +
        `the ${usedWord} weight is charged, being the greater.`,
    },
    couriers: doc.couriers.map((c) => ({
      courier: c.courier,
      courier_id: c.courier_id,
      mode: c.mode,
      badges: [c.is_cheapest && "Cheapest", c.is_fastest && "Fastest", c.is_priority && "Priority"]
        .filter((b): b is string => typeof b === "string")
        .join(", "),
      edd: dmy(c.edd),
      delivered: formatInr(c.delivered_paise),
      returned: c.returned_paise === null ? "—" : formatInr(c.returned_paise),
      /** Said only where the courier's divisor gives another chargeable weight than the quote's. */
      ownWeight:
        c.chargeable_grams !== w.chargeable_grams ? `${kgText(c.chargeable_grams)} at divisor ${c.divisor}` : null,
    })),
    flagsText: `Dangerous goods: ${yes(s.has_dg)}; multi-package: ${yes(s.is_mps)}; document: ${yes(s.is_doc)}`,
  };
}

export type SavedQuoteView = ReturnType<typeof savedQuoteView>;

/** The e-mail to the merchant: the quote in plain text, the PDF attached. */
export function quoteEmail(id: number, doc: SavedQuoteDocument, note: string | null) {
  const v = savedQuoteView(id, doc);
  const lines = [
    `Dear ${doc.client.name},`,
    "",
    `Here is your shipping quote ${v.reference}. ${v.validity}`,
    "",
    ...(note ? [note, ""] : []),
    ...v.shipment.map(([label, value]) => `${label}: ${value}`),
    "",
    v.weight.sentence,
    `Billing zone: ${v.zone}`,
    "",
    "Couriers (delivered charges, estimated delivery):",
    ...v.couriers.map(
      (c) => `- ${c.courier} (${c.mode}): ${c.delivered}, by ${c.edd}${c.badges ? ` [${c.badges}]` : ""}`,
    ),
    "",
    `${v.rateCardVersion}. The quote is attached as a PDF.`,
  ];
  return {
    subject: `Shipping quote ${v.reference} (${v.validity.replace(/\.$/, "")})`,
    text: lines.join("\n"),
    fileName: `quote_${v.reference}.pdf`,
  };
}

/** Reads a stored document; throws for a shape this code does not know (a newer server wrote it). */
export function readSavedQuoteDocument(stored: Record<string, unknown>): SavedQuoteDocument {
  if (stored.format !== SAVED_QUOTE_FORMAT) throw new Error(`Unknown saved quote format ${String(stored.format)}`);
  return stored as unknown as SavedQuoteDocument;
}
