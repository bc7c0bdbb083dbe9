/**
 * Legal Status's Download (docs/product.md §7 clients list CSV; decision 028): every seller of the chosen
 * Agreement Status (`status` 1 accepted, 0 not accepted) and search, streamed as CSV.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { searchParamsOf } from "~/services/http/query-params";
import { legalStatusCsvRecords, STATUS_CSV_HEADER } from "~/services/legal/status.server";
import { parseStatusView } from "~/services/legal/status-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "legal.view" });
  const view = parseStatusView(searchParamsOf(request));
  if (!view.status)
    throw new Response("Choose an Agreement Status (Accepted or Not Accepted) before downloading.", { status: 400 });
  const records = await legalStatusCsvRecords(getDb(), view);
  return streamedCsvAttachment(
    STATUS_CSV_HEADER,
    records,
    `legal-status-${view.status === "1" ? "accepted" : "not-accepted"}.csv`,
  );
}
