/** The plan switch dialog's old address (`/rate-card/advantage-plan?tab=advantage&plan=…`): it lives under the Pickrr Advantage tab now. */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "plan.toggle" });
  const url = new URL(request.url);
  url.searchParams.delete("tab");
  // The id as it came in the URL (encoded): a decoded non-Latin-1 one cannot go in a Location header.
  return redirect(`/all-users/${encodeURIComponent(params.id ?? "")}/rate-card/advantage/plan${url.search}`);
}
