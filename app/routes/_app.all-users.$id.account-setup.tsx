import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { NotBuiltYet } from "~/ui/NotBuiltYet";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "account-setup.view" });
  return null;
}

export default function Tab() {
  return <NotBuiltYet title="Account Setup" feature="Client account setup (KYC, business, configuration, wallet)" />;
}
