/**
 * The account set-up forms' rules and messages (docs/product.md §5, §8, §9; decision 026): KYC,
 * Business Details, Pickrr Configuration and Wallet Configuration. Pure: the same parsing runs
 * in the action and its tests; the messages are quoted from the spec where it has them.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { RUPEES_INPUT } from "../core/money";
import { type Invalid, invalid, type Result } from "../core/result";
import { boundedString, NO_CONTROL, TEXT_LIMITS } from "../core/text-input";
import {
  BUSINESS_PROOF_TYPES,
  businessProofOptions,
  type BusinessProofType,
  COMPANY_TYPES,
  type CompanyType,
  gstinProblem,
  IFSC_PATTERN,
  PAN_PATTERN,
  panHolderMismatch,
  panOfGstin,
} from "./gstin";

export const KYC_LIMITS = {
  billing_address: 90,
  billing_address_line2: 300,
  billing_city: 10,
  billing_pincode: 6,
  pan_number: 10,
  gst_no: 15,
  billing_state: 60,
} as const;

export const KYC_MESSAGES = {
  companyName: "Company Name is required",
  companyType: "Company Type is required",
  businessProofType: "Business Proof Type is required",
  businessProofNotOffered: "This business proof is not offered for the chosen company type.",
  gstType: "GST Registered is required",
  gstNo: "GST Number is required",
  gstInvalid: "Please provide a valid GST number",
  pan: "PAN Number is required",
  panInvalid: "Please provide a valid PAN number",
  panNotInGstin: "The PAN must be the one inside the GST number.",
  msme: "MSME Registered is required",
  billingAddress: "Billing Address is required",
  city: "City is required",
  pincode: "Pincode is required",
  pincodeInvalid: "Please enter a valid 6-digit pincode",
  pincodeUnknown: "Please enter valid Pincode",
  state: "State is required",
  // Required documents (docs/product.md §5), quoted.
  businessProofFile: "Business Proof is Required",
  pancardFile: "Pancard is Required",
  gstCertificateFile: "GST Certificate is Required",
  msmeCertificateFile: "MSME Certificate is Required",
  // Uploads (docs/product.md §5, §8), quoted.
  fileTooLarge: "Max file size 300 KB only",
  fileWrongKind: "You can only upload png/jpeg/jpg/pdf file!",
  logoWrongKind: "You can only upload png/jpeg/jpg file!",
} as const;

/** Images and KYC documents: at most 300 KB (docs/product.md §5, §9; the logo hint's "1 MB" is the spec's own conflict, the rule wins). */
export const MAX_DOCUMENT_BYTES = 300 * 1024;

/**
 * What the browser can say about a chosen file before it is sent (the server checks again,
 * bytes included): too large, or a name that is not one of the kinds.
 */
export function chosenFileProblem(file: { name: string; size: number }, kind: "document" | "logo"): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return KYC_MESSAGES.fileTooLarge;
  const ok = kind === "document" ? /\.(png|jpe?g|pdf)$/i : /\.(png|jpe?g)$/i;
  if (!ok.test(file.name)) return kind === "document" ? KYC_MESSAGES.fileWrongKind : KYC_MESSAGES.logoWrongKind;
  return null;
}

export const KYC_DOCUMENTS = ["business_proof", "pancard", "gst_certificate", "msme_certificate"] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
export const KYC_DOCUMENT_LABELS: Record<KycDocument, string> = {
  business_proof: "Business Proof",
  pancard: "PAN Card",
  gst_certificate: "GST Certificate",
  msme_certificate: "MSME Certificate",
};

/** Which documents a KYC needs: business proof always, then the GST certificate or the PAN card, and the MSME certificate when MSME. */
export function requiredDocuments(k: { gst_type: "yes" | "no"; msme: "yes" | "no" }): KycDocument[] {
  const docs: KycDocument[] = ["business_proof", k.gst_type === "yes" ? "gst_certificate" : "pancard"];
  if (k.msme === "yes") docs.push("msme_certificate");
  return docs;
}

export const DOCUMENT_MISSING_MESSAGE: Record<KycDocument, string> = {
  business_proof: KYC_MESSAGES.businessProofFile,
  pancard: KYC_MESSAGES.pancardFile,
  gst_certificate: KYC_MESSAGES.gstCertificateFile,
  msme_certificate: KYC_MESSAGES.msmeCertificateFile,
};

/** A posted field as text: a missing field or a file is "", a repeated one its first value (as FormData's get). */
const text = (form: FormData | URLSearchParams | Record<string, unknown>, name: string) => {
  const v =
    form instanceof FormData || form instanceof URLSearchParams
      ? form.get(name)
      : Array.isArray(form[name])
        ? (form[name] as unknown[])[0]
        : form[name];
  return typeof v === "string" ? v : "";
};

/** The named fields of a post as text (docs/forms.md: the schema reads the form's own fields, nothing else). */
const textFields = (names: readonly string[]) => (raw: unknown) => {
  const form =
    raw instanceof FormData || raw instanceof URLSearchParams
      ? raw
      : raw && typeof raw === "object"
        ? (raw as Record<string, unknown>)
        : {};
  return Object.fromEntries(names.map((name) => [name, text(form, name)]));
};

const upper = (v: string) => v.trim().toUpperCase();

// ---------------------------------------------------------------------------------------
// KYC
// ---------------------------------------------------------------------------------------

export type KycInput = {
  company_name: string;
  company_type: CompanyType;
  business_proof_type: BusinessProofType;
  gst_type: "yes" | "no";
  gst_no: string | null;
  pan_number: string;
  msme: "yes" | "no";
  billing_address: string;
  billing_address_line2: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
};

const required = (max: number, message: string) =>
  boundedString(max, { required_error: message }).trim().min(1, message);

const rawText = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The checks across KYC fields (GST number when registered, the PAN inside it, the business
 * proof a company type offers, the PAN's holder letter), from the raw post before the fields,
 * so their messages show with every other field's (zod runs an object's refinements only when
 * every field parsed; docs/forms.md §2).
 */
export function kycCrossErrors(raw: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const gst = rawText(raw.gst_no).toUpperCase();
  const pan = rawText(raw.pan_number).toUpperCase();
  const type = rawText(raw.company_type);
  const companyType = (COMPANY_TYPES as readonly string[]).includes(type) ? (type as CompanyType) : null;
  if (raw.gst_type === "yes") {
    if (!gst) errors.gst_no = KYC_MESSAGES.gstNo;
    else if (gstinProblem(gst)) errors.gst_no = KYC_MESSAGES.gstInvalid;
    else if (PAN_PATTERN.test(pan) && panOfGstin(gst) !== pan) errors.pan_number = KYC_MESSAGES.panNotInGstin;
  }
  const proof = rawText(raw.business_proof_type);
  if (
    companyType &&
    (BUSINESS_PROOF_TYPES as readonly string[]).includes(proof) &&
    !businessProofOptions(companyType).includes(proof as BusinessProofType)
  )
    errors.business_proof_type = KYC_MESSAGES.businessProofNotOffered;
  const mismatch = companyType && !errors.pan_number ? panHolderMismatch(pan, companyType) : null;
  if (mismatch) errors.pan_number = mismatch;
  return errors;
}

const kycSchema = z.preprocess(
  (raw, ctx) => {
    const fields = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    for (const [path, message] of Object.entries(kycCrossErrors(fields)))
      ctx.addIssue({ code: "custom", path: [path], message });
    return fields;
  },
  z.object({
    company_name: required(TEXT_LIMITS.company, KYC_MESSAGES.companyName),
    company_type: z.enum(COMPANY_TYPES, { errorMap: () => ({ message: KYC_MESSAGES.companyType }) }),
    business_proof_type: z.enum(BUSINESS_PROOF_TYPES, {
      errorMap: () => ({ message: KYC_MESSAGES.businessProofType }),
    }),
    gst_type: z.enum(["yes", "no"], { errorMap: () => ({ message: KYC_MESSAGES.gstType }) }),
    // Too long, a control character or a wrong pattern: all the spec's one GST message.
    gst_no: z
      .string()
      .max(KYC_LIMITS.gst_no + 2, KYC_MESSAGES.gstInvalid)
      .regex(NO_CONTROL, KYC_MESSAGES.gstInvalid)
      .transform(upper)
      .pipe(z.string().max(KYC_LIMITS.gst_no, KYC_MESSAGES.gstInvalid)),
    pan_number: required(KYC_LIMITS.pan_number, KYC_MESSAGES.pan)
      .transform(upper)
      .pipe(z.string().regex(PAN_PATTERN, KYC_MESSAGES.panInvalid)),
    msme: z.enum(["yes", "no"], { errorMap: () => ({ message: KYC_MESSAGES.msme }) }),
    billing_address: required(KYC_LIMITS.billing_address, KYC_MESSAGES.billingAddress),
    billing_address_line2: boundedString(KYC_LIMITS.billing_address_line2).trim(),
    billing_city: required(KYC_LIMITS.billing_city, KYC_MESSAGES.city),
    billing_pincode: required(KYC_LIMITS.billing_pincode, KYC_MESSAGES.pincode).pipe(
      z.string().regex(/^[1-9][0-9]{5}$/, KYC_MESSAGES.pincodeInvalid),
    ),
    billing_state: required(KYC_LIMITS.billing_state, KYC_MESSAGES.state),
  }),
);

export const KYC_FIELDS = [
  "company_name",
  "company_type",
  "business_proof_type",
  "gst_type",
  "gst_no",
  "pan_number",
  "msme",
  "billing_address",
  "billing_address_line2",
  "billing_city",
  "billing_pincode",
  "billing_state",
] as const;

/** The KYC text fields of a post (files are the service's). */
export const kycFormSchema = z
  .preprocess(textFields(KYC_FIELDS), kycSchema)
  .transform((d): KycInput => ({ ...d, gst_no: d.gst_type === "yes" ? d.gst_no : null }));
export const kycValidator = withZod(kycFormSchema);

/** The GSTIN typed for a lookup: upper-cased, or the message when it cannot be one. */
export function parseGstinForLookup(raw: string): Result<{ gstin: string }, Invalid> {
  const gstin = upper(raw);
  const problem = !gstin ? KYC_MESSAGES.gstNo : gstinProblem(gstin) ? KYC_MESSAGES.gstInvalid : null;
  return problem ? invalid(problem) : { ok: true, gstin };
}

/** 'Fetch details': the GST number to look up, upper-cased. */
export const gstLookupSchema = z.preprocess(
  textFields(["gst_no"]),
  z.object({
    gst_no: z.string().transform((raw, ctx) => {
      const gstin = parseGstinForLookup(raw);
      if (gstin.ok) return gstin.gstin;
      ctx.addIssue({ code: "custom", message: gstin.message });
      return z.NEVER;
    }),
  }),
);
export const gstLookupValidator = withZod(gstLookupSchema);

// ---------------------------------------------------------------------------------------
// Business Details
// ---------------------------------------------------------------------------------------

export const ACCOUNT_HOLDERS = { 1: "Online Store/D2C", 2: "Marketplace", 3: "Franchise", 4: "Others" } as const;
export const PRODUCT_CATEGORIES = [
  "fashion_apparel",
  "jewellery_accessories",
  "electronics",
  "health_beauty",
  "grocery",
  "others",
] as const;
export const PRODUCT_CATEGORY_LABELS: Record<(typeof PRODUCT_CATEGORIES)[number], string> = {
  fashion_apparel: "Fashion & Apparel",
  jewellery_accessories: "Jewellery & Accessories",
  electronics: "Electronics",
  health_beauty: "Health & Beauty",
  grocery: "Grocery",
  others: "Others",
};
export const CUSTOMER_SEGMENTS = ["Segment_1", "Segment_2", "Segment_3"] as const;
export const BANK_FIELDS = ["account_name", "account_number", "bank_name", "ifsc_code"] as const;

export const BUSINESS_MESSAGES = {
  ifsc: "Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits).",
  accountNumber: "Please enter a valid account number (9 to 18 digits).",
  wholeNumber: "Please enter a whole number, 0 or more.",
  amount: "Please enter an amount in rupees, with at most two decimals.",
  link: "Please enter a link starting with https:// or http://.",
} as const;

const optionalText = (max: number) =>
  boundedString(max)
    .trim()
    .transform((v) => (v === "" ? null : v));
const optionalPattern = (max: number, pattern: RegExp, message: string, normalise = (v: string) => v) =>
  boundedString(max, { message })
    .transform((v) => normalise(v.trim()))
    .pipe(z.union([z.literal(""), z.string().regex(pattern, message)]))
    .transform((v) => (v === "" ? null : v));
const optionalCount = optionalPattern(9, /^\d{1,9}$/, BUSINESS_MESSAGES.wholeNumber);

export type BusinessInput = {
  account_holder: 1 | 2 | 3 | 4 | null;
  product_category: string | null;
  account_name: string | null;
  account_number: string | null;
  bank_name: string | null;
  ifsc_code: string | null;
  avg_per_day_order: number | null;
  daily_order_threshold: number | null;
  tin_number: string | null;
  agreement_link: string | null;
  liability_amount: string | null;
  key: string | null;
};

const businessSchema = z.object({
  account_holder: z
    .enum(["", "1", "2", "3", "4"], { message: "Please choose a major sale source." })
    .transform((v) => (v === "" ? null : (Number(v) as 1 | 2 | 3 | 4))),
  product_category: z
    .enum(["", ...PRODUCT_CATEGORIES], { message: "Please choose a product category." })
    .transform((v) => v || null),
  account_name: optionalText(TEXT_LIMITS.name),
  account_number: optionalPattern(18, /^\d{9,18}$/, BUSINESS_MESSAGES.accountNumber),
  bank_name: optionalText(TEXT_LIMITS.name),
  ifsc_code: optionalPattern(11, IFSC_PATTERN, BUSINESS_MESSAGES.ifsc, (v) => v.toUpperCase()),
  avg_per_day_order: optionalCount.transform((v) => (v === null ? null : Number(v))),
  daily_order_threshold: optionalCount.transform((v) => (v === null ? null : Number(v))),
  tin_number: z
    .enum(["", ...CUSTOMER_SEGMENTS], { message: "Please choose a customer segment." })
    .transform((v) => v || null),
  agreement_link: optionalPattern(TEXT_LIMITS.path, /^https?:\/\/[^\s]+$/i, BUSINESS_MESSAGES.link),
  liability_amount: optionalPattern(13, RUPEES_INPUT, BUSINESS_MESSAGES.amount).transform((v) =>
    v === null ? null : Number(v).toFixed(2),
  ),
  key: optionalText(20),
});

export const BUSINESS_FIELDS = Object.keys(businessSchema.shape) as (keyof BusinessInput)[];

export const businessFormSchema = z.preprocess(textFields(BUSINESS_FIELDS), businessSchema);
export const businessValidator = withZod(businessFormSchema);

// ---------------------------------------------------------------------------------------
// Pickrr Configuration
// ---------------------------------------------------------------------------------------

/** The flags in the order docs/product.md §3 lists them, with what each means on screen. */
export const CONFIG_FLAGS = {
  allow_duplicate_cid: "Allow duplicate client order id",
  api_token: "API token access",
  deduct_cod: "Deduct COD",
  from_mobile: "From mobile",
  has_fixed_rto_add: "Fixed RTO address",
  has_invoice_table_label: "Invoice table on label",
  has_wallet: "Activate Wallet",
  is_marketplace: "Marketplace",
  is_premium: "Premium",
  ndr_messaging: "NDR messaging",
  order_id_barcode: "Order id barcode",
  pickup_notification: "Pickup notification",
  reference_id_barcode: "Reference id barcode",
  send_performance_report: "Send performance report",
  sms_notify: "SMS notify",
  surface_only: "Surface only",
  wallet_alert: "Wallet alert",
  disable_legal: "Disable legal (blocked from legal enforcement)",
} as const;
export type ConfigFlag = keyof typeof CONFIG_FLAGS;
/** Beside the read-only 'Disable legal' box: the flag is legal's Blocked Users state (decision 068). */
export const LEGAL_FLAG_NOTE = "Legal enforcement is managed by the legal team";
export const CONFIG_FLAG_NAMES = Object.keys(CONFIG_FLAGS) as ConfigFlag[];

export const CONFIG_MESSAGES = {
  creditPeriod: "Credit period must be a whole number of days, 0 or more.",
  otp: "Label table length must be a whole number, 0 or more.",
  phone: "Please enter a valid phone number (10 to 15 digits).",
} as const;

/** Credit period: a non-negative whole number (the input refuses e . - +, docs/product.md §5). */
export const CREDIT_PERIOD_PATTERN = /^\d{1,4}$/;
/** Keys a credit-period input refuses as they are typed (docs/product.md §5). */
export const CREDIT_PERIOD_BLOCKED_KEYS = ["e", "E", ".", "-", "+"] as const;

export type ConfigInput = Record<ConfigFlag, boolean> & {
  credit_period: number;
  tracking_code: string | null;
  support_phone_number: string | null;
  otp: number;
};

const configTextSchema = z.object({
  credit_period: boundedString(4, { message: CONFIG_MESSAGES.creditPeriod })
    .trim()
    .regex(CREDIT_PERIOD_PATTERN, CONFIG_MESSAGES.creditPeriod)
    .transform(Number),
  tracking_code: optionalText(50),
  support_phone_number: optionalPattern(15, /^\+?\d{10,14}$/, CONFIG_MESSAGES.phone),
  otp: boundedString(3, { message: CONFIG_MESSAGES.otp })
    .trim()
    .regex(/^\d{1,3}$/, CONFIG_MESSAGES.otp)
    .transform(Number),
});

/** A checkbox posts its value only when ticked; "on" or "true" mean yes. */
const ticked = z.string().transform((v) => ["on", "true"].includes(v));
const configFlagsSchema = z.object(
  Object.fromEntries(CONFIG_FLAG_NAMES.map((f) => [f, ticked])) as Record<ConfigFlag, typeof ticked>,
);

export const configFormSchema = z.preprocess(
  textFields([...Object.keys(configTextSchema.shape), ...CONFIG_FLAG_NAMES]),
  configTextSchema.merge(configFlagsSchema),
) as z.ZodType<ConfigInput, z.ZodTypeDef, unknown>;
export const configValidator = withZod(configFormSchema);

// ---------------------------------------------------------------------------------------
// Wallet Configuration
// ---------------------------------------------------------------------------------------

export const WALLET_MESSAGES = {
  maxTolerance: "Please enter a valid maximum tolerance value.",
  tolerance: "Please enter a valid tolerance value.",
  beyondMax: "The tolerance cannot be beyond the maximum tolerance.",
  saved: "Tolerance values updated successfully.",
} as const;

/** A signed number: negatives need the minus sign, no plus, at most two decimals (docs/product.md §5). */
export const TOLERANCE_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;

export type WalletInput = { current_tolerance: string; max_tolerance: string };

const tolerance = (message: string) =>
  z
    .string()
    .trim()
    .regex(TOLERANCE_PATTERN, message)
    .transform((v) => Number(v).toFixed(2));

/**
 * The tolerance may go no further from zero than the maximum (decision 070): −5,000 against a
 * maximum of −100 is refused. Checked from the raw post so it shows with the fields' messages.
 */
export function toleranceBeyondMax(current: string, max: string): boolean {
  if (!TOLERANCE_PATTERN.test(current.trim()) || !TOLERANCE_PATTERN.test(max.trim())) return false;
  return Math.abs(Number(current)) > Math.abs(Number(max));
}

const readWallet = textFields(["current_tolerance", "max_tolerance"]);

export const walletFormSchema = z.preprocess(
  (raw, ctx) => {
    const fields = readWallet(raw);
    if (toleranceBeyondMax(String(fields.current_tolerance), String(fields.max_tolerance)))
      ctx.addIssue({ code: "custom", path: ["current_tolerance"], message: WALLET_MESSAGES.beyondMax });
    return fields;
  },
  z.object({
    current_tolerance: tolerance(WALLET_MESSAGES.tolerance),
    max_tolerance: tolerance(WALLET_MESSAGES.maxTolerance),
  }),
);
export const walletValidator = withZod(walletFormSchema);

/** The KYC fields a GST lookup fills and locks (docs/product.md §4). */
export const GST_LOCKED_FIELDS = [
  "company_name",
  "pan_number",
  "billing_address",
  "billing_address_line2",
  "billing_city",
  "billing_pincode",
  "billing_state",
] as const;

/**
 * What choosing no GST clears after a lookup (docs/product.md §4, decision 070): the PAN and
 * billing fields it filled, and the GST number itself; the company name stays (unlocked).
 */
export const GST_NO_CLEARS = [...GST_LOCKED_FIELDS.filter((f) => f !== "company_name"), "gst_no"] as const;
