import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";

/** `/all-users/{id}/all-couriers` is a deep link to the All Couriers tab, whose canonical URL is the spec's `/courier-setup`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "courier.view" });
  const url = new URL(request.url);
  throw redirect(`/all-users/${encodeURIComponent(params.id ?? "")}/courier-setup${url.search}`, 301);
}
