import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { requireStaff } from "~/services/auth/guard.server";
import { sidebarCookie } from "~/services/auth/preferences.server";
import { readForm } from "~/services/http/form-errors.server";
import { safeRedirect } from "~/services/http/redirect";

/** The sidebar's collapse button: anything but "collapsed" is expanded; the page to go back to (checked by safeRedirect). */
const sidebarValidator = withZod(
  z.object({
    sidebar: z.unknown().transform((v) => (v === "collapsed" ? "collapsed" : "expanded")),
    redirectTo: z.unknown().transform((v) => safeRedirect(typeof v === "string" ? v : null, "/all-users")),
  }),
);

/** Remembers the collapsed/expanded sidebar in a cookie, then returns to the page. */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  // Neither field can be refused (docs/forms.md): an odd post still expands the sidebar and goes to /all-users.
  const read = await readForm(request, sidebarValidator);
  const { sidebar, redirectTo } = read.ok ? read.data : { sidebar: "expanded", redirectTo: "/all-users" };
  return redirect(redirectTo, { headers: { "Set-Cookie": await sidebarCookie.serialize(sidebar) } });
}

export function loader() {
  return redirect("/all-users");
}
