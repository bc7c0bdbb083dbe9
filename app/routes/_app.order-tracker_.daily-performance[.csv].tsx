/**
 * The CSV 'Daily Performance' (docs/product.md §2, §6; decision 030): every row of the view the URL
 * names (view, search, sort), with the hierarchy columns of the signed-in role.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { dailyPerformanceCsv } from "~/services/analytics/tracker.server";
import { readTrackerRequest } from "~/services/analytics/tracker-page.server";
import { requireStaff } from "~/services/auth/guard.server";
import { getAnalyticsDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.track" });
  const db = getAnalyticsDb();
  const { query } = await readTrackerRequest(db, staff, request);
  const { header, records } = await dailyPerformanceCsv(db, staff, query);
  return streamedCsvAttachment(header, records, "Daily Performance.csv");
}
