import { redirect } from "@remix-run/node";

/** Unknown paths go to the sign-in page (which sends signed-in staff on to their home). */
export function loader() {
  return redirect("/sign-in");
}

export function action() {
  return redirect("/sign-in");
}
