/**
 * The small forms of the Pickrr Advantage tab besides its settings (docs/forms.md): which plan
 * a plan card's row edit is for, and the plan switch dialog's Enable / Disable. Their fields
 * are hidden inputs the page writes, so a refusal here is a tampered post.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { ADVANTAGE_PLAN_NAMES, ADVANTAGE_PLAN_TYPES } from "../core/plans";

/** A plan card's row edit: the plan, and whether the editor saw the plan's defaults (first edit). */
export const planRowTargetValidator = withZod(
  z.object({
    plan: z.enum(ADVANTAGE_PLAN_NAMES),
    apply_default: z
      .string()
      .optional()
      .transform((v) => v === "true"),
  }),
);

/** The plan switch: offer or withdraw the Basic or Premium plan. */
export const planSwitchValidator = withZod(
  z.object({
    intent: z.enum(["offer", "withdraw"]),
    plan: z.enum(ADVANTAGE_PLAN_TYPES),
  }),
);
