/**
 * The forms of the card-wide changes (docs/forms.md): Apply segment, Update RTO with forward
 * and the upload's Submit. Their fields are hidden inputs and checkboxes the dialogs write;
 * the messages are what the dialogs show, "Not able to update rate card." first where the
 * change is refused (docs/product.md §8).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { isSegment } from "../core/rate-fields";
import { NOT_ABLE_TO_UPDATE_RATE_CARD } from "./row-form";
import { effectiveFromField } from "./scheduled";

export const CHOOSE_SEGMENT = `${NOT_ABLE_TO_UPDATE_RATE_CARD} Choose Segment One, Two or Three.`;
export const NO_COURIER_CHOSEN = "Choose at least one courier. Nothing was changed.";
export const CHOOSE_CSV_FILE = "Choose a CSV file to upload.";
/** The upload's Submit after the card changed since Verify (also the service's refusal, scope.server.ts). */
export const UPLOAD_STALE_MESSAGE =
  "The rate card changed after this file was verified, so nothing was changed. Verify the file again.";

/** Apply segment: the segment previewed and the card token of the preview (none: the card is taken as changed). */
export const applySegmentValidator = withZod(
  z.object({
    segment: z.preprocess(
      (v) => (v === undefined || v === "" ? undefined : Number(v)),
      z
        .number({ invalid_type_error: CHOOSE_SEGMENT, required_error: CHOOSE_SEGMENT })
        .refine(isSegment, CHOOSE_SEGMENT),
    ),
    cardToken: z.string().max(200).optional().default(""),
    effective_from: effectiveFromField,
  }),
);

/** Update RTO with forward: the chosen couriers (native checkboxes named `courier`), at least one. */
export const rtoFromForwardValidator = withZod(
  z.object({
    courier: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.unknown()).max(1_000))
      .transform((values) => [...new Set(values.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0))
      .refine((ids) => ids.length > 0, NO_COURIER_CHOSEN),
    effective_from: effectiveFromField,
  }),
);

/** The upload's Submit: the verified text travelling back, its file name and the card token of the verification. */
export const uploadSubmitValidator = withZod(
  z.object({
    csvText: z
      .string({ required_error: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${CHOOSE_CSV_FILE}` })
      .min(1, `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${CHOOSE_CSV_FILE}`),
    fileName: z.string().trim().min(1).max(255).catch("ratecard.csv"),
    cardToken: z
      .string({ required_error: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${UPLOAD_STALE_MESSAGE}` })
      .min(1, `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${UPLOAD_STALE_MESSAGE}`),
    effective_from: effectiveFromField,
  }),
);
