/**
 * Growth by seller, BDM, TL or AVP as CSV (decision 072): every row of the view the URL names, in
 * its sort, then the total; plain numbers (averages to two decimals, growth a whole per cent,
 * empty when there is none), the month as ISO dates (decision 064).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { growthBy } from "~/services/analytics/dashboard.server";
import { growthCsv, growthViews, parseGrowthQuery } from "~/services/analytics/growth-by";
import { VIEW_LABELS } from "~/services/analytics/tracker-query";
import { requireStaff } from "~/services/auth/guard.server";
import { getAnalyticsDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "dashboard.view" });
  const query = parseGrowthQuery(new URL(request.url).searchParams);
  if (!growthViews(staff.role).includes(query.by))
    throw new Response(`Growth by ${VIEW_LABELS[query.by]} is not available to your role.`, { status: 403 });
  const data = await growthBy(getAnalyticsDb(), staff, query.by);
  const { header, records } = growthCsv(data, query);
  return streamedCsvAttachment(header, records, `growth-by-${query.by}-${data.today}.csv`);
}
