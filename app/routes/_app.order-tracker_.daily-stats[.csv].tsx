/**
 * Daily Stats as CSV (decision 030): the series the Order Tracker shows for the same URL state
 * (period or custom range, seller) — one row per day, the date YYYY-MM-DD (decision 064) and the placed count.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { dailyStats } from "~/services/analytics/tracker.server";
import { readTrackerRequest } from "~/services/analytics/tracker-page.server";
import { requireStaff } from "~/services/auth/guard.server";
import { getAnalyticsDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.track" });
  const db = getAnalyticsDb();
  const req = await readTrackerRequest(db, staff, request);
  if (!req.range.ok) throw new Response(req.range.message, { status: 400 });
  if (!req.seller.ok) throw new Response(req.seller.message, { status: 400 });
  const stats = await dailyStats(db, staff, req.range.range, req.seller.clientId);
  const name = `daily-stats-${req.range.range.from}-to-${req.range.range.to}${req.query.seller ? `-${req.query.seller.replace(/[^a-z0-9.@_-]/gi, "_")}` : ""}.csv`;
  return streamedCsvAttachment(
    ["Date", "Placed"],
    stats.map((s) => [s.day, String(s.placed)]),
    name,
  );
}
