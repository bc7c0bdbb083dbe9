/** Shared loader for screens whose feature is not built yet: guarded by role like the real one will be. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { NON_LEGAL_ROLES } from "~/services/auth/roles";
import type { StaffRole } from "~/services/core/roles";

export function placeholderLoader(roles: readonly StaffRole[] = NON_LEGAL_ROLES) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireStaff(request, { roles });
    return null;
  };
}
