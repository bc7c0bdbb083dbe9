/** Shared loader for screens whose feature is not built yet: guarded by its permission like the real one will be. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import type { Permission } from "~/services/auth/permissions";

export function placeholderLoader(permission: Permission) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireStaff(request, { permission });
    return null;
  };
}
