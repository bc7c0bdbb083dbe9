import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { NON_LEGAL_ROLES } from "~/services/auth/roles";
import { NotBuiltYet } from "~/ui/NotBuiltYet";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { roles: NON_LEGAL_ROLES });
  return null;
}

export default function Tab() {
  return <NotBuiltYet title="Serviceability" feature="The pincode serviceability check" />;
}
