import { type ActionFunctionArgs, redirect } from "@remix-run/node";

import { endSession } from "~/services/auth/session.server";
import { getDb } from "~/services/db/client.server";

/** Ends the session in the database and clears the cookie. POST only: no state change on GET. */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await endSession(getDb(), request);
  return redirect("/sign-in", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/sign-in");
}
