import { describe, expect, it } from "vitest";

import { calculatorInput } from "../../../tests/support/calculator";
import type { QuoteResult, RateListEntry } from "./allocation";
import {
  isQuoteValidOn,
  kgText,
  quoteEmail,
  quoteIdOf,
  savedQuoteDocument,
  savedQuoteView,
  validityText,
} from "./saved-quote";
import { calculatorQuery, QUOTE_FIELD_MAX, QUOTE_NOTE_MAX, quoteFromCalculatorSchema } from "./saved-quote-form";

const place = (pincode: number, city: string, state: string) => ({ pincode, city, state });

function entry(over: Partial<RateListEntry>): RateListEntry {
  return {
    courier: "Blue Dart Air",
    courier_id: 7,
    is_priority: true,
    is_cheapest: true,
    is_fastest: false,
    is_air: true,
    has_surface: false,
    pickup_date: "2026-11-27",
    tat_days: 3,
    edd_stamp: "2026-11-30",
    zone: "C",
    divisor: 5000,
    dead_weight_grams: 750,
    volumetric_weight_grams: 600,
    chargeable_weight_grams: 750,
    dead_weight: 0.75,
    volumetric_weight: 0.6,
    chargeable_weight: 0.75,
    base_weight: 0.5,
    additional_weight: 0.5,
    base_price: 4000,
    additional_price: 3000,
    base_price_multiplier: 1,
    additional_price_multiplier: 1,
    freight: 7000,
    cod_charge: 0,
    surcharge: 0,
    delivered_charges: 123456,
    rto_freight: 7000,
    returned_charges: 14000,
    ...over,
  };
}

function quote(
  entries: RateListEntry[],
  chargeable = 750,
): QuoteResult & { pickup: ReturnType<typeof place>; drop: ReturnType<typeof place> } {
  return {
    chargeable_weight: chargeable / 1000,
    chargeable_weight_grams: chargeable,
    billing_zone: "C",
    rule_code: "3",
    over_limits: [],
    rate_list: entries,
    skipped: [],
    selected_courier_id: null,
    explanation: [],
    pickup: place(400001, "Mumbai", "Maharashtra"),
    drop: place(110001, "New Delhi", "Delhi"),
  };
}

const CLIENT = { name: "Asha", company_name: "The Harvest Co.", email: "asha@harvest.test" };

describe("a saved quote's document", () => {
  const doc = savedQuoteDocument({
    input: calculatorInput({
      pickup_pincode: "400001",
      drop_pincode: "110001",
      length: "20",
      breadth: "15",
      height: "10",
      weight: "0.75",
      payment_mode: "cod",
      cod_amount: "1500",
    }),
    quote: quote([
      entry({}),
      entry({
        courier: "Delhivery Surface",
        courier_id: 9,
        is_air: false,
        has_surface: true,
        is_cheapest: false,
        is_priority: false,
        divisor: 4000,
        chargeable_weight_grams: 750,
        delivered_charges: 150000,
        edd_stamp: "2026-12-02",
      }),
    ]),
    client: CLIENT,
    rateCard: { version: 4, lastChangeId: 812 },
    // 23:30 IST on 27-11: still the 27th in India (18:00 UTC).
    now: new Date("2026-11-27T18:00:00Z"),
  });

  it("is valid 7 days from the IST day it was quoted", () => {
    expect(doc.quoted_on).toBe("2026-11-27");
    expect(doc.valid_until).toBe("2026-12-04");
    expect(validityText(doc)).toBe("Prices as of 27-11-2026, valid 7 days (until 04-12-2026).");
    expect(isQuoteValidOn(doc, "2026-12-04")).toBe(true);
    expect(isQuoteValidOn(doc, "2026-12-05")).toBe(false);
  });

  it("keeps the shipment, the weight working, each courier's price and EDD, and the rate-card version", () => {
    expect(doc.shipment).toMatchObject({ payment_mode: "cod", cod_amount_paise: 150000, weight_kg: "0.75" });
    expect(doc.weight).toEqual({
      dead_grams: 750,
      volumetric_grams: 600,
      divisor: 5000,
      chargeable_grams: 750,
      used: "dead",
    });
    const v = savedQuoteView(123, doc);
    expect(v.reference).toBe("Q-000123");
    expect(v.rateCardVersion).toBe("Rate card version 4");
    expect(v.shipment).toContainEqual(["COD amount", "₹1,500.00"]);
    expect(v.shipment).toContainEqual(["Pickup pincode", "400001 (Mumbai, Maharashtra)"]);
    expect(v.shipment).toContainEqual(["Dimensions (L × B × H)", "20 × 15 × 10 cm"]);
    expect(v.weight.sentence).toBe(
      "Chargeable weight 0.75 kg: dead weight 0.75 kg against volumetric weight 0.60 kg (20 × 15 × 10 / 5000); the dead weight is charged, being the greater.",
    );
    expect(v.couriers.map((c) => [c.courier, c.mode, c.edd, c.delivered, c.returned, c.badges])).toEqual([
      ["Blue Dart Air", "Air", "30-11-2026", "₹1,234.56", "₹140.00", "Cheapest, Priority"],
      ["Delhivery Surface", "Surface", "02-12-2026", "₹1,500.00", "₹140.00", ""],
    ]);
  });

  it("says no COD amount for prepaid, and the e-mail carries the note, the prices and the validity", () => {
    const prepaid = savedQuoteDocument({
      input: calculatorInput(),
      quote: quote([entry({})]),
      client: CLIENT,
      rateCard: { version: 1, lastChangeId: null },
      now: new Date("2026-11-27T04:30:00Z"),
    });
    expect(prepaid.shipment.cod_amount_paise).toBeNull();
    expect(savedQuoteView(1, prepaid).shipment.map(([label]) => label)).not.toContain("COD amount");
    const mail = quoteEmail(5, prepaid, "As discussed.");
    expect(mail.subject).toBe("Shipping quote Q-000005 (Prices as of 27-11-2026, valid 7 days (until 04-12-2026))");
    expect(mail.text).toContain("As discussed.");
    expect(mail.text).toContain("- Blue Dart Air (Air): ₹1,234.56, by 30-11-2026 [Cheapest, Priority]");
    expect(mail.fileName).toBe("quote_Q-000005.pdf");
  });
});

describe("weights and ids", () => {
  it("shows kg with two decimals at least", () => {
    expect([kgText(750), kgText(600), kgText(1000), kgText(1234), kgText(4800)]).toEqual([
      "0.75 kg",
      "0.60 kg",
      "1.00 kg",
      "1.234 kg",
      "4.80 kg",
    ]);
  });
  it("takes a quote id only as plain digits", () => {
    expect([
      quoteIdOf("12"),
      quoteIdOf("012"),
      quoteIdOf("1e2"),
      quoteIdOf("1.5"),
      quoteIdOf(undefined),
      quoteIdOf("99999999999"),
    ]).toEqual([12, 0, 0, 0, 0, 0]);
  });
});

describe("the forms' fields", () => {
  const query = new URLSearchParams(calculatorQuery(calculatorInput())).toString();

  it("read the calculator's query from one field, with the note", () => {
    const parsed = quoteFromCalculatorSchema.safeParse({ quote: query, note: "  Hello  " });
    expect(parsed.success && parsed.data).toMatchObject({
      pickup_pincode: "110001",
      drop_pincode: "560001",
      note: "Hello",
    });
    const empty = quoteFromCalculatorSchema.safeParse({ quote: query, note: "" });
    expect(empty.success && empty.data.note).toBeNull();
  });

  it("refuse a note too long or with control characters, a tampered query, and an oversized field", () => {
    const issues = (raw: Record<string, unknown>) => {
      const r = quoteFromCalculatorSchema.safeParse(raw);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues({ quote: query, note: "x".repeat(QUOTE_NOTE_MAX + 1) })).toEqual([
      "note: Please enter at most 500 characters.",
    ]);
    expect(issues({ quote: query, note: "a\u0000b" })).toEqual([
      "note: Please remove control characters (such as NUL or line breaks) from this field.",
    ]);
    expect(issues({ quote: query.replace("weight=0.5", "weight="), note: "" })).toEqual(["weight: Weight is required"]);
    // Too long: said first (the calculator's own messages follow, for a query not read).
    expect(issues({ quote: `${query}&x=${"y".repeat(QUOTE_FIELD_MAX)}`, note: "" })[0]).toBe(
      "quote: This quote is too long to keep.",
    );
  });
});
