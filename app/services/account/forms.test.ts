import fc from "fast-check";
import type { Validator } from "remix-validated-form";
import { describe, expect, it } from "vitest";

import {
  businessValidator,
  CONFIG_MESSAGES,
  configValidator,
  CREDIT_PERIOD_PATTERN,
  KYC_MESSAGES,
  kycValidator,
  parseGstinForLookup,
  requiredDocuments,
  TOLERANCE_PATTERN,
  WALLET_MESSAGES,
  walletValidator,
} from "./forms";
import { makeGstin } from "./gstin";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A post as the action reads it (readForm with the form's validator): the data, or each field's first message. */
async function read<T>(validator: Validator<T>, fields: URLSearchParams) {
  const r = await validator.validate(fields);
  return r.error ? { ok: false as const, fieldErrors: r.error.fieldErrors } : { ok: true as const, data: r.data };
}

const GOOD_KYC = {
  company_name: "Lotus Threads Pvt Ltd",
  company_type: "pvt_ltd",
  business_proof_type: "cin",
  gst_type: "yes",
  gst_no: makeGstin("27", "AAECL1234K"),
  pan_number: "AAECL1234K",
  msme: "no",
  billing_address: "12 Linking Road",
  billing_address_line2: "Bandra West",
  billing_city: "Mumbai",
  billing_pincode: "400050",
  billing_state: "Maharashtra",
};

describe("KYC form", () => {
  it("says a PAN that does not fit the company type together with every other field's message (decision 070)", async () => {
    const r = await read(
      kycValidator,
      form({ ...GOOD_KYC, gst_type: "no", gst_no: "", pan_number: "ABCPE1234F", billing_city: "" }),
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      pan_number: "The PAN's fourth letter is P, but a Private Limited PAN has C there.",
      billing_city: KYC_MESSAGES.city,
    });
  });

  it("accepts a complete KYC and upper-cases GSTIN and PAN", async () => {
    const r = await read(
      kycValidator,
      form({ ...GOOD_KYC, gst_no: GOOD_KYC.gst_no.toLowerCase(), pan_number: "aaecl1234k" }),
    );
    expect(r).toEqual({
      ok: true,
      data: { ...GOOD_KYC, gst_no: GOOD_KYC.gst_no, pan_number: "AAECL1234K", gst_type: "yes" },
    });
  });

  it("says what is required, in the spec's words", async () => {
    const r = await read(kycValidator, form({}));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toMatchObject({
      company_name: KYC_MESSAGES.companyName,
      company_type: "Company Type is required",
      business_proof_type: KYC_MESSAGES.businessProofType,
      gst_type: KYC_MESSAGES.gstType,
      pan_number: KYC_MESSAGES.pan,
      billing_address: KYC_MESSAGES.billingAddress,
      billing_city: KYC_MESSAGES.city,
      billing_pincode: KYC_MESSAGES.pincode,
      billing_state: KYC_MESSAGES.state,
    });
  });

  it("refuses a GSTIN with a wrong check character: 'Please provide a valid GST number'", async () => {
    const wrong = GOOD_KYC.gst_no.slice(0, 14) + (GOOD_KYC.gst_no[14] === "A" ? "B" : "A");
    const r = await read(kycValidator, form({ ...GOOD_KYC, gst_no: wrong }));
    expect(r).toEqual({ ok: false, fieldErrors: { gst_no: "Please provide a valid GST number" } });
    expect(await read(kycValidator, form({ ...GOOD_KYC, gst_no: "" }))).toEqual({
      ok: false,
      fieldErrors: { gst_no: KYC_MESSAGES.gstNo },
    });
    expect(await read(kycValidator, form({ ...GOOD_KYC, gst_no: GOOD_KYC.gst_no + "1" }))).toEqual({
      ok: false,
      fieldErrors: { gst_no: "Please provide a valid GST number" },
    });
  });

  it("without GST the number is dropped, with GST the PAN must be the GSTIN's", async () => {
    const r = await read(
      kycValidator,
      form({ ...GOOD_KYC, gst_type: "no", gst_no: "whatever", business_proof_type: "bank_statement" }),
    );
    expect(r.ok && r.data.gst_no).toBeNull();
    expect(await read(kycValidator, form({ ...GOOD_KYC, pan_number: "AAECM1234K" }))).toEqual({
      ok: false,
      fieldErrors: { pan_number: KYC_MESSAGES.panNotInGstin },
    });
  });

  it("checks the field limits of docs/product.md §9: address 90, line 2 300, city 10, pincode 6, PAN 10, GST 15", async () => {
    const errs = async (f: Record<string, string>) => {
      const r = await read(kycValidator, form({ ...GOOD_KYC, ...f }));
      return r.ok ? {} : r.fieldErrors;
    };
    expect(await errs({ billing_address: "a".repeat(90) })).toEqual({});
    expect((await errs({ billing_address: "a".repeat(91) })).billing_address).toMatch(/at most 90/);
    expect((await errs({ billing_address_line2: "a".repeat(301) })).billing_address_line2).toMatch(/at most 300/);
    expect(await errs({ billing_city: "Thiruvanan" })).toEqual({});
    expect((await errs({ billing_city: "Thiruvananthapuram" })).billing_city).toMatch(/at most 10/);
    expect((await errs({ billing_pincode: "40005" })).billing_pincode).toBe(KYC_MESSAGES.pincodeInvalid);
    expect((await errs({ billing_pincode: "4000501" })).billing_pincode).toMatch(/at most 6/);
    expect((await errs({ pan_number: "AAECL1234KK" })).pan_number).toMatch(/at most 10/);
    expect((await errs({ pan_number: "AAE1L1234K" })).pan_number).toBe(KYC_MESSAGES.panInvalid);
  });

  it("offers business proofs by company type and checks the PAN holder letter", async () => {
    expect(await read(kycValidator, form({ ...GOOD_KYC, business_proof_type: "aadhar_card" }))).toEqual({
      ok: false,
      fieldErrors: { business_proof_type: KYC_MESSAGES.businessProofNotOffered },
    });
    const individual = { ...GOOD_KYC, company_type: "individual", business_proof_type: "aadhar_card" };
    const r = await read(kycValidator, form(individual));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.fieldErrors.pan_number).toBe(
      "The PAN's fourth letter is C, but a Individual / Proprietorship PAN has P there.",
    );
  });

  it("asks for the documents the answers need, with the spec's messages", async () => {
    expect(requiredDocuments({ gst_type: "yes", msme: "no" })).toEqual(["business_proof", "gst_certificate"]);
    expect(requiredDocuments({ gst_type: "no", msme: "yes" })).toEqual([
      "business_proof",
      "pancard",
      "msme_certificate",
    ]);
    expect([
      KYC_MESSAGES.businessProofFile,
      KYC_MESSAGES.pancardFile,
      KYC_MESSAGES.gstCertificateFile,
      KYC_MESSAGES.msmeCertificateFile,
    ]).toEqual([
      "Business Proof is Required",
      "Pancard is Required",
      "GST Certificate is Required",
      "MSME Certificate is Required",
    ]);
    expect(KYC_MESSAGES.fileTooLarge).toBe("Max file size 300 KB only");
    expect(KYC_MESSAGES.fileWrongKind).toBe("You can only upload png/jpeg/jpg/pdf file!");
  });

  it("a lookup needs a GSTIN that passes the checksum", async () => {
    expect(parseGstinForLookup(` ${GOOD_KYC.gst_no.toLowerCase()} `)).toEqual({ ok: true, gstin: GOOD_KYC.gst_no });
    expect(parseGstinForLookup("")).toEqual({ ok: false, status: 400, message: KYC_MESSAGES.gstNo });
    expect(parseGstinForLookup("27AAECL1234K1ZZ").ok).toBe(GOOD_KYC.gst_no.endsWith("Z"));
  });
});

describe("Business Details form", () => {
  it("accepts empty fields as not set, and checks IFSC, account number, amounts and links", async () => {
    const empty = await read(businessValidator, form({}));
    expect(empty.ok && Object.values(empty.data).every((v) => v === null)).toBe(true);
    const good = await read(
      businessValidator,
      form({
        account_holder: "2",
        product_category: "grocery",
        ifsc_code: "hdfc0001234",
        account_number: "50100123456789",
        liability_amount: "2500",
        tin_number: "Segment_2",
        avg_per_day_order: "40",
        agreement_link: "https://docs.example/a.pdf",
      }),
    );
    expect(good.ok && good.data).toMatchObject({
      account_holder: 2,
      product_category: "grocery",
      ifsc_code: "HDFC0001234",
      liability_amount: "2500.00",
      tin_number: "Segment_2",
      avg_per_day_order: 40,
    });
    const bad = await read(
      businessValidator,
      form({
        ifsc_code: "HDFC1001234",
        account_number: "12ab",
        liability_amount: "-1",
        avg_per_day_order: "1.5",
        agreement_link: "javascript:alert(1)",
        account_holder: "7",
      }),
    );
    expect(!bad.ok && Object.keys(bad.fieldErrors).sort()).toEqual([
      "account_holder",
      "account_number",
      "agreement_link",
      "avg_per_day_order",
      "ifsc_code",
      "liability_amount",
    ]);
    expect(!bad.ok && bad.fieldErrors.ifsc_code).toBe(
      "Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits).",
    );
  });
});

describe("Pickrr Configuration form", () => {
  it("reads ticked boxes as true and the rest as false", async () => {
    const r = await read(
      configValidator,
      form({ surface_only: "on", has_wallet: "true", credit_period: "15", otp: "4" }),
    );
    expect(r.ok && r.data).toMatchObject({
      surface_only: true,
      has_wallet: true,
      sms_notify: false,
      disable_legal: false,
      credit_period: 15,
      otp: 4,
      tracking_code: null,
    });
  });

  it("credit period is a non-negative whole number: e . - + refused", async () => {
    for (const bad of ["1e3", "1.5", "-1", "+3", "", " "]) {
      expect(await read(configValidator, form({ credit_period: bad, otp: "0" })), bad).toEqual({
        ok: false,
        fieldErrors: { credit_period: CONFIG_MESSAGES.creditPeriod },
      });
    }
    fc.assert(fc.property(fc.nat(9999), (n) => CREDIT_PERIOD_PATTERN.test(String(n))));
    fc.assert(fc.property(fc.string(), (s) => !CREDIT_PERIOD_PATTERN.test(s) || /^\d+$/.test(s)));
  });
});

describe("Wallet Configuration form", () => {
  it("tolerance is a signed number; negatives need the minus sign: 'Please enter a valid maximum tolerance value.'", async () => {
    expect(await read(walletValidator, form({ current_tolerance: "-250", max_tolerance: "500.5" }))).toEqual({
      ok: true,
      data: { current_tolerance: "-250.00", max_tolerance: "500.50" },
    });
    for (const bad of ["+5", "5-", "--5", "1e3", "abc", "", "1.234", "−5"]) {
      expect(await read(walletValidator, form({ current_tolerance: "0", max_tolerance: bad })), bad).toEqual({
        ok: false,
        fieldErrors: { max_tolerance: "Please enter a valid maximum tolerance value." },
      });
    }
    expect(WALLET_MESSAGES.saved).toBe("Tolerance values updated successfully.");
    // The tolerance goes no further from zero than the maximum (decision 070).
    expect(await read(walletValidator, form({ current_tolerance: "-5000", max_tolerance: "-100" }))).toEqual({
      ok: false,
      fieldErrors: { current_tolerance: WALLET_MESSAGES.beyondMax },
    });
    expect((await read(walletValidator, form({ current_tolerance: "-100", max_tolerance: "-100" }))).ok).toBe(true);
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => TOLERANCE_PATTERN.test(String(n))));
  });
});

describe("every account set-up text field is bounded and refuses control characters", () => {
  const refused = (r: { ok: boolean; fieldErrors?: Record<string, string> }, field: string) =>
    r.ok ? undefined : r.fieldErrors?.[field];
  it.each(["company_name", "billing_address", "billing_address_line2", "billing_city", "billing_state", "pan_number"])(
    "KYC %s",
    async (field) => {
      expect(refused(await read(kycValidator, form({ ...GOOD_KYC, [field]: "ab\u0000c" })), field)).toBeTruthy();
      expect(refused(await read(kycValidator, form({ ...GOOD_KYC, [field]: "x".repeat(20_000) })), field)).toBeTruthy();
    },
  );
  it("KYC gst_no: anything but a GSTIN is the spec's one message", async () => {
    expect(refused(await read(kycValidator, form({ ...GOOD_KYC, gst_no: "27\u0000" })), "gst_no")).toBe(
      KYC_MESSAGES.gstInvalid,
    );
    expect(refused(await read(kycValidator, form({ ...GOOD_KYC, gst_no: "x".repeat(20_000) })), "gst_no")).toBe(
      KYC_MESSAGES.gstInvalid,
    );
  });
  it.each(["account_name", "bank_name", "agreement_link", "key", "account_number", "ifsc_code", "liability_amount"])(
    "Business %s",
    async (field) => {
      expect(refused(await read(businessValidator, form({ [field]: "ab\u0000c" })), field)).toBeTruthy();
      expect(refused(await read(businessValidator, form({ [field]: "x".repeat(20_000) })), field)).toBeTruthy();
    },
  );
  it.each(["tracking_code", "support_phone_number", "credit_period", "otp"])("Configuration %s", async (field) => {
    const base = { credit_period: "0", otp: "0" };
    expect(refused(await read(configValidator, form({ ...base, [field]: "1\u00002" })), field)).toBeTruthy();
    expect(refused(await read(configValidator, form({ ...base, [field]: "x".repeat(20_000) })), field)).toBeTruthy();
  });
});
