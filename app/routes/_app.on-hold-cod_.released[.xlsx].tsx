/** The Released view's Excel Download (decision 066): the filter's releases as a real .xlsx, streamed. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { istDayOf } from "~/services/core/ist-dates";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { streamedXlsxAttachment } from "~/services/http/xlsx.server";
import { RELEASED_DOWNLOAD_COLUMNS, releasedDownloadRecords } from "~/services/money/released.server";
import { parseReleasedView } from "~/services/money/released-query";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view" });
  const parsed = parseReleasedView(searchParamsOf(request), istDayOf(new Date()));
  if (!parsed.ok)
    throw new Response(parsed.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { view } = parsed;
  return streamedXlsxAttachment(
    [
      {
        name: "Released COD",
        columns: RELEASED_DOWNLOAD_COLUMNS,
        records: releasedDownloadRecords(getDb(), staff, view),
      },
    ],
    `released-cod-${view.from}-to-${view.to}.xlsx`,
  );
}
