/** On Hold COD's Excel Download (decision 031): the filtered held remittances as a real .xlsx, streamed, amounts and days typed (decision 065). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { istDayOf } from "~/services/core/ist-dates";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { streamedXlsxAttachment } from "~/services/http/xlsx.server";
import { parseCodView } from "~/services/money/cod-query";
import { HELD_DOWNLOAD_COLUMNS, heldXlsxRecords } from "~/services/money/remittances.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view" });
  const parsed = parseCodView(searchParamsOf(request), istDayOf(new Date()));
  if (!parsed.ok)
    throw new Response(parsed.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { view } = parsed;
  return streamedXlsxAttachment(
    [{ name: "On Hold COD", columns: HELD_DOWNLOAD_COLUMNS, records: heldXlsxRecords(getDb(), staff, view) }],
    `on-hold-cod-${view.from}-to-${view.to}.xlsx`,
  );
}
