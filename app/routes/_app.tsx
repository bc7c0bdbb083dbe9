import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/services/auth/guard.server";
import { readSidebarCollapsed } from "~/services/auth/preferences.server";
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
