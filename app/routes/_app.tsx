import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { readSidebarCollapsed } from "~/services/auth/preferences.server";
import { ErrorPage } from "~/ui/ErrorPage";
import { GeneralErrorBoundary } from "~/ui/GeneralErrorBoundary";
import { Shell } from "~/ui/Shell";

/** The signed-in shell: sidebar, header, footer around every protected page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    collapsed: await readSidebarCollapsed(request),
  };
}

export default function AppLayout() {
  const { staff, collapsed } = useLoaderData<typeof loader>();
  return (
    <Shell staff={staff} collapsed={collapsed}>
      <Outlet />
    </Shell>
  );
}

/** A page below that fails (403, 404, 500) shows its message inside the shell, which stays. */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/_app");
  const error = useRouteError();
  // Only when the shell itself could not load is there no sidebar to keep.
  if (!shell) return <ErrorPage error={error} />;
  return (
    <Shell staff={shell.staff} collapsed={shell.collapsed}>
      <GeneralErrorBoundary />
    </Shell>
  );
}
