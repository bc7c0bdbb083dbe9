import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { isSegment } from "~/services/core/rate-fields";
import { getDb } from "~/services/db/client.server";
import { attachmentResponse } from "~/services/http/attachment.server";
import { segmentRateCardPdf } from "~/services/ratecards/pdf.server";

/** One segment's rate card as a readable PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "ratecard.view" });
  const segment = Number(params.segment);
  if (!isSegment(segment)) throw new Response("Unknown segment.", { status: 404 });
  const file = await segmentRateCardPdf(getDb(), segment);
  if (!file) throw new Response("Unknown segment.", { status: 404 });
  return attachmentResponse(file.pdf, file.fileName, "application/pdf");
}
