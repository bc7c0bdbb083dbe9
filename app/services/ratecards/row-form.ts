/**
 * The rate row edit and weight slab edit forms (docs/product.md §5), shared by the browser
 * (remix-validated-form + withZod) and the action. Values come in as form text and leave as
 * exact decimal strings ("32.50"), ready for numeric columns.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import {
  DELIVERY_TYPES,
  MAX_DIVISOR,
  MAX_MONEY_PAISE,
  MAX_PERCENT_HUNDREDTHS,
  RATE_FIELDS,
  type RateField,
  type RateValues,
  SHIPMENT_TYPES,
} from "../core/rate-fields";
import { type Failure, type Invalid, invalid, type Result } from "../core/result";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { WEIGHT_SLAB_OPTIONS } from "./fields";
import { formatKg, hundredthsToString, parseHundredths } from "./money";
import { effectiveFromField } from "./scheduled";

export const PLEASE_FILL = "Please fill!";
export const ENTER_VALID_NUMBER = "* Enter valid number !";
/** The rate row edit form's id: a page's action answers it and other forms (docs/forms.md). */
export const ROW_EDIT_FORM_ID = "rate-row-edit";
/** Failure toast of every rate card change (docs/product.md §8), followed by the server's message. */
export const NOT_ABLE_TO_UPDATE_RATE_CARD = "Not able to update rate card.";
/** Toast for an invalid save (docs/product.md §5). */
export const SOME_FIELD_NOT_VALID = "Some field are not valid";
export const PLEASE_ENTER_BASE_WEIGHT = "Please enter base weight!";
export const PLEASE_ENTER_ADDITIONAL_WEIGHT = "Please enter additional weight!";

/**
 * A rate card change refused, as the console says it (docs/product.md §8): "Not able to update rate
 * card." followed by the service's own sentence. Everything else the refusal carries stays.
 */
export function notAbleToUpdateRateCard<F extends Failure>(failure: F): F {
  return { ...failure, message: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${failure.message}` };
}

/**
 * Normalises one rate value, or says why it is not acceptable. Money and percentages: a
 * non-negative decimal with at most two decimals (what numeric(12,2)/(6,2) store exactly),
 * a percentage at most 100. Divisor: a whole number above zero (it divides volume into kg).
 */
export function normaliseRateValue(field: RateField, text: string): Result<{ value: string }, Invalid> {
  const trimmed = text.trim();
  if (trimmed === "") return invalid(PLEASE_FILL);
  if (field === "divisor") {
    const h = parseHundredths(trimmed);
    if (h === null || h % 100 !== 0 || h === 0 || h / 100 > MAX_DIVISOR) return invalid(ENTER_VALID_NUMBER);
    return { ok: true, value: String(h / 100) };
  }
  const max = field === "cod_percentage" ? MAX_PERCENT_HUNDREDTHS : MAX_MONEY_PAISE;
  const h = parseHundredths(trimmed, max);
  if (h === null) return invalid(ENTER_VALID_NUMBER);
  return { ok: true, value: hundredthsToString(h) };
}

function rateValueSchema(field: RateField) {
  return boundedString(TEXT_LIMITS.name, { required_error: PLEASE_FILL, invalid_type_error: PLEASE_FILL }).transform(
    (text, ctx) => {
      const r = normaliseRateValue(field, text);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: r.message });
        return z.NEVER;
      }
      return r.value;
    },
  );
}

const valueShape = Object.fromEntries(RATE_FIELDS.map((f) => [f, rateValueSchema(f)])) as Record<
  RateField,
  ReturnType<typeof rateValueSchema>
>;

/** Just the prices (used by the service to re-check values it is handed). */
export const rateValuesSchema = z.object(valueShape);

const versionSchema = z.coerce
  .number({ invalid_type_error: "The form is out of date; reload the page." })
  .int()
  .positive();

/** The rate row edit form: every price plus the row's id and the version the editor saw. */
export const rateRowFormSchema = z.object({
  ...valueShape,
  rowId: z.coerce.number().int().positive(),
  version: versionSchema,
  /** Confirm's optional "Effective from": empty applies the edit now (decision 075). */
  effective_from: effectiveFromField,
});

export const rateRowValidator = withZod(rateRowFormSchema);

export type RateRowFormInput = z.input<typeof rateRowFormSchema>;
export type RateRowForm = z.output<typeof rateRowFormSchema>;

/** Splits a parsed form into the service's arguments. */
export function rateRowFormValues(form: RateRowForm): RateValues {
  const values = {} as RateValues;
  for (const f of RATE_FIELDS) values[f] = form[f];
  return values;
}

const SLAB_TEXTS: readonly string[] = WEIGHT_SLAB_OPTIONS.map((w) => String(w));

/** The fixed list as option values/labels for a NativeSelect: "0.1" … "100". */
export const WEIGHT_SLAB_SELECT_OPTIONS = SLAB_TEXTS.map((w) => ({ value: w, label: `${w} KG` }));

function slabSchema(message: string) {
  return boundedString(TEXT_LIMITS.name, { required_error: message, invalid_type_error: message }).transform(
    (text, ctx) => {
      const h = parseHundredths(text);
      const kg = h === null ? null : formatKg(hundredthsToString(h));
      if (kg === null || !SLAB_TEXTS.includes(kg)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return hundredthsToString(h!);
    },
  );
}

/** Weight slab edit: base and additional weight from the fixed list (docs/product.md §5, §9). */
export const weightSlabFormSchema = z.object({
  courier_service_id: z.coerce.number().int().positive(),
  shipment_type: z.enum(SHIPMENT_TYPES),
  delivery_type: z.enum(DELIVERY_TYPES),
  first_slab: slabSchema(PLEASE_ENTER_BASE_WEIGHT),
  second_slab: slabSchema(PLEASE_ENTER_ADDITIONAL_WEIGHT),
  version: versionSchema,
  /** Optional "Effective from": empty applies the change now (decision 075). */
  effective_from: effectiveFromField,
});

export const weightSlabValidator = withZod(weightSlabFormSchema);

export type WeightSlabFormInput = z.input<typeof weightSlabFormSchema>;
export type WeightSlabForm = z.output<typeof weightSlabFormSchema>;
