import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { IconArrowLeft } from "@tabler/icons-react";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.client.name ?? "Client"} · Shipping Console` },
];

/** The client page frame. Staff who may not see this client get 404 (not 403: no hint it exists). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "clients.view" });
  const client = await requireClientForViewer(getDb(), staff, params.id);
  const { id, name, email, company_name, phone_number, tl, bdm, avp, vp } = client;
  return { client: { id, name, email, company_name, phone_number, tl, bdm, avp, vp } };
}

export const CLIENT_TABS = [
  { path: "rate-card", label: "Rate Card" },
  { path: "rate-calculator", label: "Rate Calculator" },
  { path: "serviceability", label: "Serviceability" },
  { path: "courier-setup", label: "All Couriers" },
  { path: "courier-rules", label: "Courier Rules" },
] as const;

export default function ClientPage() {
  const { client } = useLoaderData<typeof loader>();
  const location = useLocation();
  const base = `/all-users/${client.id}`;
  const onIndex = location.pathname.replace(/\/$/, "") === base;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/all-users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Back to All Users
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {client.name}
        </Title>
        <Text c="dimmed" size="sm">
          {client.company_name} · {client.email} · {client.phone_number}
        </Text>
        <Group gap={6} mt={6} aria-label="Sales hierarchy">
          {(["tl", "bdm", "avp", "vp"] as const).map((r) => (
            <Badge key={r} variant="light" color="gray" tt="none">
              {r.toUpperCase()}: {client[r]?.name ?? "—"}
            </Badge>
          ))}
        </Group>
      </div>
      <nav className="tab-nav" aria-label="Client sections">
        {CLIENT_TABS.map((tab) => (
          <Link
            key={tab.path}
            to={`${base}/${tab.path}`}
            prefetch="intent"
            aria-current={(onIndex && tab.path === "rate-card") || location.pathname.startsWith(`${base}/${tab.path}`) ? "page" : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </Stack>
  );
}
