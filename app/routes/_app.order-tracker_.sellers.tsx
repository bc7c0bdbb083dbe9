/** The seller e-mails in the signed-in staff member's scope, for the Order Tracker's seller field (decision 030). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { sellerEmails } from "~/services/analytics/tracker.server";
import { requireStaff } from "~/services/auth/guard.server";
import { getAnalyticsDb } from "~/services/db/client.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.track" });
  return Response.json(
    { emails: await sellerEmails(getAnalyticsDb(), staff) },
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}
