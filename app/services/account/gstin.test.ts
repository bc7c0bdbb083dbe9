import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  BUSINESS_PROOF_NOTES,
  BUSINESS_PROOF_TYPES,
  businessProofChoices,
  businessProofOptions,
  COMPANY_TYPES,
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinProblem,
  IFSC_PATTERN,
  isValidGstin,
  makeGstin,
  PAN_PATTERN,
  panHolderMismatch,
  panOfGstin,
  stateCodeOf,
} from "./gstin";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");
const holder = fc.constantFrom(..."ABCFGHJLPTK");
const pan = fc
  .tuple(
    fc.array(letter, { minLength: 3, maxLength: 3 }),
    holder,
    letter,
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    letter,
  )
  .map(([a, h, l, d, z]) => a.join("") + h + l + d.join("") + z);
const gstin = fc
  .tuple(
    fc.constantFrom(...Object.keys(GST_STATE_CODES)),
    pan,
    fc.constantFrom(..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
  )
  .map(([s, p, e]) => makeGstin(s, p, e));

describe("GSTIN check character (mod 36)", () => {
  it("accepts published real-format GSTINs", () => {
    // Widely published examples of the format, with the check characters the GST network issued.
    for (const g of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4"]) expect(isValidGstin(g), g).toBe(true);
  });

  it("computes the check character: the sum of the base-36 digits of value × 1, 2, 1, 2 …", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("27AAPFU0939F1")).toBeNull();
    expect(gstinCheckCharacter("27AAPFU0939F1z")).toBeNull();
  });

  it("property: a well-formed GSTIN passes; changing any one character makes it fail", () => {
    fc.assert(
      fc.property(gstin, fc.nat(14), fc.nat(34), (g, at, shift) => {
        expect(gstinProblem(g)).toBeNull();
        const was = g[at];
        const now = ALPHABET[(ALPHABET.indexOf(was) + 1 + shift) % 36];
        const changed = g.slice(0, at) + now + g.slice(at + 1);
        expect(changed).not.toBe(g);
        expect(isValidGstin(changed)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("names the problem: length, pattern, unknown state code, checksum", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("length");
    expect(gstinProblem("27AAPFU0939F1YV")).toBe("pattern"); // the 14th must be Z
    expect(gstinProblem("27AAPFU0939F0ZV")).toBe("pattern"); // entity 0 does not exist
    expect(gstinProblem(makeGstin("27", "AAPFU0939F").replace(/^27/, "40"))).toBe("state");
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("checksum");
    expect(gstinProblem("27aapfu0939f1zv")).toBe("pattern"); // callers upper-case first
  });

  it("holds the PAN at characters 3–12", () => {
    expect(panOfGstin("27AAPFU0939F1ZV")).toBe("AAPFU0939F");
  });
});

describe("state codes", () => {
  it("covers the states and union territories, 01–38, 97 and 99", () => {
    for (let i = 1; i <= 38; i++) expect(GST_STATE_CODES[String(i).padStart(2, "0")]).toBeTruthy();
    expect(GST_STATE_CODES["97"]).toBe("Other Territory");
    expect(GST_STATE_CODES["39"]).toBeUndefined();
    expect(GST_STATE_CODES["00"]).toBeUndefined();
  });
  it("finds a code by the state's name as the pincode table writes it", () => {
    expect(stateCodeOf("MAHARASHTRA")).toBe("27");
    expect(stateCodeOf("Andaman & Nicobar Islands")).toBe("35");
    expect(stateCodeOf("Atlantis")).toBeNull();
  });
});

describe("PAN", () => {
  it("is five letters with a holder type in the fourth, four digits, a letter", () => {
    expect(PAN_PATTERN.test("AAPFU0939F")).toBe(true);
    expect(PAN_PATTERN.test("ABCPK1234Z")).toBe(true);
    expect(PAN_PATTERN.test("ABCDK1234Z")).toBe(false); // D is no holder type
    expect(PAN_PATTERN.test("ABCP1234Z")).toBe(false);
    expect(PAN_PATTERN.test("abcpk1234z")).toBe(false);
  });
  it("the holder letter must match the company type: P individual, F partnership and LLP, C companies", () => {
    expect(panHolderMismatch("ABCPK1234Z", "individual")).toBeNull();
    expect(panHolderMismatch("ABCFK1234Z", "partnership")).toBeNull();
    expect(panHolderMismatch("ABCFK1234Z", "llp")).toBeNull();
    expect(panHolderMismatch("ABCCK1234Z", "pvt_ltd")).toBeNull();
    expect(panHolderMismatch("ABCCK1234Z", "ltd")).toBeNull();
    expect(panHolderMismatch("ABCPK1234Z", "pvt_ltd")).toBe(
      "The PAN's fourth letter is P, but a Private Limited PAN has C there.",
    );
    expect(panHolderMismatch("ABCCK1234Z", "individual")).toMatch(/has P there/);
  });
});

describe("IFSC", () => {
  it("is 4 letters, a zero, then 6 letters or digits", () => {
    expect(IFSC_PATTERN.test("HDFC0001234")).toBe(true);
    expect(IFSC_PATTERN.test("SBIN0ABC123")).toBe(true);
    expect(IFSC_PATTERN.test("HDFC1001234")).toBe(false);
    expect(IFSC_PATTERN.test("HDF00001234")).toBe(false);
    expect(IFSC_PATTERN.test("HDFC000123")).toBe(false);
    expect(IFSC_PATTERN.test("hdfc0001234")).toBe(false);
  });
});

describe("business proof options by company type (docs/product.md §5)", () => {
  it("offers CIN only to LLPs and companies, the deed only to partnerships, Aadhar only to individuals", () => {
    expect(businessProofOptions("individual")).toEqual(["bank_statement", "aadhar_card", "gst_certificate"]);
    expect(businessProofOptions("partnership")).toEqual(["bank_statement", "partnership_deed", "gst_certificate"]);
    for (const t of ["llp", "pvt_ltd", "ltd"] as const)
      expect(businessProofOptions(t)).toEqual(["bank_statement", "cin", "gst_certificate"]);
    // The list shown before a company type is chosen (no JavaScript) notes exactly the proofs some types cannot use.
    const forAll = BUSINESS_PROOF_TYPES.filter((p) => COMPANY_TYPES.every((t) => businessProofOptions(t).includes(p)));
    expect(BUSINESS_PROOF_TYPES.filter((p) => !BUSINESS_PROOF_NOTES[p])).toEqual(forAll);
    for (const t of COMPANY_TYPES) for (const p of businessProofOptions(t)) expect(BUSINESS_PROOF_TYPES).toContain(p);
  });

  it("labels the select's options: a known type's proofs plainly, every proof with its note before a type is chosen", () => {
    expect(businessProofChoices("partnership")).toEqual([
      { value: "bank_statement", label: "Bank Statement" },
      { value: "partnership_deed", label: "Partnership Deed" },
      { value: "gst_certificate", label: "GST Certificate" },
    ]);
    for (const unknown of ["", "trust"])
      expect(businessProofChoices(unknown)).toEqual([
        { value: "bank_statement", label: "Bank Statement" },
        { value: "cin", label: "CIN (not for individual or partnership)" },
        { value: "partnership_deed", label: "Partnership Deed (partnership only)" },
        { value: "aadhar_card", label: "Aadhar Card (individual only)" },
        { value: "gst_certificate", label: "GST Certificate" },
      ]);
  });
});
