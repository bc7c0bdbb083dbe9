/**
 * Indian tax and bank identifiers, checked for real (decision 026): the GSTIN's structure and its
 * mod-36 check character, the state codes it starts with, the PAN inside it with the holder
 * type its fourth letter names, and the IFSC pattern. Pure: the form checks in the browser
 * with the same rules the server applies.
 */

/** GST state codes (the first two digits of a GSTIN), as the GST network assigns them. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "25": "Daman and Diu",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (before 2014)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
};

/** The state code of a state's name as the pincode table spells it (case and "&"/"and" ignored). */
export function stateCodeOf(stateName: string): string | null {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/[^a-z]/g, "");
  const wanted = norm(stateName);
  for (const [code, name] of Object.entries(GST_STATE_CODES)) if (norm(name) === wanted) return code;
  return null;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The GSTIN check character of the first 14 characters: each character's value (0–9, A=10 …
 * Z=35) times 1 or 2 alternately, each product's base-36 digits added, and the sum's
 * complement to a multiple of 36. Null when a character is not 0–9/A–Z.
 */
export function gstinCheckCharacter(first14: string): string | null {
  if (first14.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i]);
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** PAN: five letters (the fourth is the holder type), four digits, one letter. */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPTK][A-Z][0-9]{4}[A-Z]$/;
/** GSTIN: state code, PAN, entity number (1–9, A–Z), 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPTK][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export type GstinProblem = "length" | "pattern" | "state" | "checksum";

/** Why a GSTIN is not valid, or null when it is (upper case expected; callers normalise). */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (gstin.length !== 15) return "length";
  if (!GSTIN_PATTERN.test(gstin)) return "pattern";
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return "state";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "checksum";
  return null;
}

export const isValidGstin = (gstin: string): boolean => gstinProblem(gstin) === null;

/** The PAN inside a GSTIN (characters 3–12). */
export const panOfGstin = (gstin: string): string => gstin.slice(2, 12);

/** A GSTIN from its parts, with the right check character. */
export function makeGstin(stateCode: string, pan: string, entity = "1"): string {
  const first14 = `${stateCode}${pan}${entity}Z`;
  const check = gstinCheckCharacter(first14);
  if (!check) throw new Error(`Not a GSTIN: ${first14}`);
  return first14 + check;
}

// ---------------------------------------------------------------------------------------
// Company types and PAN holder types
// ---------------------------------------------------------------------------------------

export const COMPANY_TYPES = ["individual", "partnership", "llp", "pvt_ltd", "ltd"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  individual: "Individual / Proprietorship",
  partnership: "Partnership",
  llp: "LLP",
  pvt_ltd: "Private Limited",
  ltd: "Limited",
};
export const isCompanyType = (v: unknown): v is CompanyType =>
  typeof v === "string" && (COMPANY_TYPES as readonly string[]).includes(v);

/**
 * The PAN holder-type letter each company type must have: P a person (a proprietor files
 * under their own PAN), F a firm (partnerships and LLPs), C a company.
 */
export const PAN_HOLDER_LETTER: Record<CompanyType, string> = {
  individual: "P",
  partnership: "F",
  llp: "F",
  pvt_ltd: "C",
  ltd: "C",
};

/** The PAN's holder letter disagrees with the company type: the sentence to show, else null. */
export function panHolderMismatch(pan: string, companyType: CompanyType): string | null {
  if (!PAN_PATTERN.test(pan)) return null;
  const expected = PAN_HOLDER_LETTER[companyType];
  return pan[3] === expected
    ? null
    : `The PAN's fourth letter is ${pan[3]}, but a ${COMPANY_TYPE_LABELS[companyType]} PAN has ${expected} there.`;
}

// ---------------------------------------------------------------------------------------
// Business proof
// ---------------------------------------------------------------------------------------

export const BUSINESS_PROOF_TYPES = [
  "bank_statement",
  "cin",
  "partnership_deed",
  "aadhar_card",
  "gst_certificate",
] as const;
export type BusinessProofType = (typeof BUSINESS_PROOF_TYPES)[number];
export const BUSINESS_PROOF_LABELS: Record<BusinessProofType, string> = {
  bank_statement: "Bank Statement",
  cin: "CIN",
  partnership_deed: "Partnership Deed",
  aadhar_card: "Aadhar Card",
  gst_certificate: "GST Certificate",
};

/** Which company types a proof is for, for a list that shows every proof (no company type chosen yet, no JavaScript). */
export const BUSINESS_PROOF_NOTES: Partial<Record<BusinessProofType, string>> = {
  cin: "not for individual or partnership",
  partnership_deed: "partnership only",
  aadhar_card: "individual only",
};

/**
 * The business proofs offered per company type (docs/product.md §5): CIN not for individual or
 * partnership, a partnership deed only for partnership, Aadhar only for individual.
 */
export function businessProofOptions(companyType: CompanyType): BusinessProofType[] {
  return BUSINESS_PROOF_TYPES.filter((p) => {
    if (p === "cin") return companyType !== "individual" && companyType !== "partnership";
    if (p === "partnership_deed") return companyType === "partnership";
    if (p === "aadhar_card") return companyType === "individual";
    return true;
  });
}

/**
 * The Business Proof select's options for what the Company Type select holds now: the proofs
 * of a known type by their labels, or (no type chosen yet) every proof, each noted with the
 * types it is for.
 */
export function businessProofChoices(companyType: string): { value: BusinessProofType; label: string }[] {
  if (isCompanyType(companyType))
    return businessProofOptions(companyType).map((p) => ({ value: p, label: BUSINESS_PROOF_LABELS[p] }));
  return BUSINESS_PROOF_TYPES.map((p) => {
    const note = BUSINESS_PROOF_NOTES[p];
    return { value: p, label: note ? `${BUSINESS_PROOF_LABELS[p]} (${note})` : BUSINESS_PROOF_LABELS[p] };
  });
}
