import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { NotBuiltYet } from "~/ui/NotBuiltYet";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "ledger.view" });
  return null;
}

export default function Tab() {
  return <NotBuiltYet title="Account Ledger" feature="The client's account ledger" />;
}
