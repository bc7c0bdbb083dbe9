import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { sidebarCookie } from "~/services/auth/preferences.server";
import { safeRedirect } from "~/services/http/redirect";

/** Remembers the collapsed/expanded sidebar in a cookie, then returns to the page. */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const form = await request.formData();
  const value = form.get("sidebar") === "collapsed" ? "collapsed" : "expanded";
  const safe = safeRedirect(form.get("redirectTo"), "/all-users");
  return redirect(safe, { headers: { "Set-Cookie": await sidebarCookie.serialize(value) } });
}

export function loader() {
  return redirect("/all-users");
}
