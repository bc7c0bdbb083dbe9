/** The remittance report (docs/product.md §7 GET /remittance/report/, decision 031): the filtered held remittances as cod-status.csv (dates YYYY-MM-DD, decision 064). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { istDayOf } from "~/services/core/ist-dates";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { searchParamsOf } from "~/services/http/query-params";
import { parseCodView } from "~/services/money/cod-query";
import { HELD_DOWNLOAD_HEADER, heldDownloadRecords } from "~/services/money/remittances.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view" });
  const parsed = parseCodView(searchParamsOf(request), istDayOf(new Date()));
  if (!parsed.ok)
    throw new Response(parsed.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return streamedCsvAttachment(
    HELD_DOWNLOAD_HEADER,
    heldDownloadRecords(getDb(), staff, parsed.view, { dates: "iso" }),
    "cod-status.csv",
  );
}
