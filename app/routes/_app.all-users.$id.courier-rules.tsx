import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { NotBuiltYet } from "~/ui/NotBuiltYet";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "courier.view" });
  return null;
}

export default function Tab() {
  return <NotBuiltYet title="Courier Rules" feature="Courier selection rules" />;
}
