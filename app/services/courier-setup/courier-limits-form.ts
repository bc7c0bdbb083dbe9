/**
 * The courier limits form of the All Couriers tab (decision 071): a service's maximum dead
 * weight, maximum chargeable weight (kg, 3 decimals) and maximum side (cm, 2 decimals), edited by
 * a vp in a dialog that is a URL (`?limits=<courier service id>`). Pure: shared by the dialog
 * and the action; the service (courier-limits.server.ts) writes it.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { COURIER_FILTERS } from "./all-couriers";

/** Far above any parcel service (freight takes a few hundred kg a piece), well inside numeric(8,3) / numeric(7,2). */
export const MAX_LIMIT_WEIGHT = 1000;
export const MAX_LIMIT_SIDE = 1000;
/** The longest text a limit field takes ("1000.000"): a bound on what a post may carry. */
export const LIMIT_FIELD_MAX_LENGTH = 12;

export const LIMIT_FIELDS = ["max_dead_weight", "max_chargeable_weight", "max_side"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

export const LIMIT_LABELS: Record<LimitField, string> = {
  max_dead_weight: "Max dead weight (kg)",
  max_chargeable_weight: "Max chargeable weight (kg)",
  max_side: "Max side (cm)",
};

export const CHARGEABLE_BELOW_DEAD = "Max chargeable weight cannot be less than the max dead weight.";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : v == null ? "" : String(v));

/** A required positive decimal typed as text, kept as its canonical text for the numeric column. */
function limit(name: string, decimals: number, max: number) {
  return z.preprocess(
    text,
    z
      .string()
      .min(1, `Please enter the ${name}.`)
      .max(LIMIT_FIELD_MAX_LENGTH, `The ${name} must be a number with at most ${decimals} decimals.`)
      .regex(
        new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`),
        `The ${name} must be a number with at most ${decimals} decimals.`,
      )
      .refine((v) => v !== "." && Number(v) > 0, `The ${name} must be more than 0.`)
      .refine((v) => Number(v) <= max, `The ${name} must be at most ${max}.`)
      .transform((v) => Number(v).toFixed(decimals)),
  );
}

export const courierLimitsSchema = z
  .object({
    intent: z.literal("limits"),
    courier_service_id: z.coerce.number().int().positive(),
    limits_version: z.coerce.number().int().positive(),
    max_dead_weight: limit("max dead weight", 3, MAX_LIMIT_WEIGHT),
    max_chargeable_weight: limit("max chargeable weight", 3, MAX_LIMIT_WEIGHT),
    max_side: limit("max side", 2, MAX_LIMIT_SIDE),
    filter: z.enum(COURIER_FILTERS).catch("all"),
    q: z.string().max(100).catch(""),
  })
  // Chargeable weight is never below dead weight, so a lower chargeable limit would hide the dead one.
  .superRefine((v, ctx) => {
    if (Number(v.max_chargeable_weight) < Number(v.max_dead_weight))
      ctx.addIssue({ code: "custom", path: ["max_chargeable_weight"], message: CHARGEABLE_BELOW_DEAD });
  });
export const courierLimitsValidator = withZod(courierLimitsSchema);
export type CourierLimitsInput = z.infer<typeof courierLimitsSchema>;

export const COURIER_LIMITS_FORM = "courier-limits";
export const LIMITS_FORBIDDEN = "Only a vp can change a courier's limits.";
export const LIMITS_NOT_FOUND = "This courier service is not one of the client's couriers.";
export const LIMITS_STALE =
  "Someone changed this courier's limits since you opened them; the current values are shown. Make your change again.";
