import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { isSegment } from "~/services/core/rate-fields";
import { getDb } from "~/services/db/client.server";
import { attachmentResponse } from "~/services/http/attachment.server";
import { segmentRateCardPdf } from "~/services/ratecards/pdf.server";

/** One segment's rate card as a readable PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "ratecard.view" });
  const segment = Number(params.segment);
  // An unknown segment: the app's own 404 page, not a bare text answer (decision 070).
  const unknown = () => redirect(`/rate-cards/${encodeURIComponent(params.segment ?? "")}`);
  if (!isSegment(segment)) throw unknown();
  const file = await segmentRateCardPdf(getDb(), segment);
  if (!file) throw unknown();
  return attachmentResponse(file.pdf, file.fileName, "application/pdf");
}
