/**
 * The Withdraw form of a published legal version (decision 061): the reason is required and
 * bounded; the version's id is the page's own (a hidden field), so a bad one is a tampered post.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { boundedFreeText } from "../core/text-input";

export const MAX_WITHDRAW_REASON = 500;

export const WITHDRAW_MESSAGES = {
  reasonRequired: "Please give the reason for withdrawing this version.",
  reasonShort: "Please give a reason of at least 5 characters.",
  already: "This version was already withdrawn.",
  withdrawn: "Version withdrawn; the previous version is in force again.",
} as const;

export const withdrawSchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    boundedFreeText(MAX_WITHDRAW_REASON).min(1, WITHDRAW_MESSAGES.reasonRequired).min(5, WITHDRAW_MESSAGES.reasonShort),
  ),
});
export type WithdrawInput = z.output<typeof withdrawSchema>;
export const withdrawValidator = withZod(withdrawSchema);
