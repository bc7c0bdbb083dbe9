import { Anchor, Badge } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useParams,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { describeRouteError, GeneralErrorBoundary } from "~/ui/GeneralErrorBoundary";
import { Group, Stack, Text, Title } from "~/ui/layout";

import type { loader as appLoader } from "./_app";

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

type ClientHeader = ReturnType<typeof useLoaderData<typeof loader>>["client"];

export default function ClientPage() {
  const { client } = useLoaderData<typeof loader>();
  return (
    <ClientFrame id={client.id} client={client}>
      <Outlet />
    </ClientFrame>
  );
}

/** Back link, the client's name and hierarchy (when loaded), and the tabs around a tab's content. */
function ClientFrame({
  id,
  client,
  children,
}: {
  id: number | string;
  client: ClientHeader | null;
  children: ReactNode;
}) {
  const location = useLocation();
  const base = `/all-users/${id}`;
  const onIndex = location.pathname.replace(/\/$/, "") === base;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/all-users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Back to All Users
        </Group>
      </Anchor>
      {client && (
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
          {/* Not one of the spec's five tabs: the account set-up screen sits below the client page (docs/product.md §2). */}
          <Anchor
            component={Link}
            to={`${base}/account-setup`}
            size="sm"
            mt={6}
            display="inline-block"
            aria-current={location.pathname.startsWith(`${base}/account-setup`) ? "page" : undefined}
          >
            Account Setup (KYC, business details, configuration)
          </Anchor>
          {" · "}
          <Anchor
            component={Link}
            to={`${base}/account-ledger`}
            size="sm"
            mt={6}
            display="inline-block"
            aria-current={location.pathname.startsWith(`${base}/account-ledger`) ? "page" : undefined}
          >
            Account Ledger
          </Anchor>
        </div>
      )}
      <nav className="tab-nav" aria-label="Client sections">
        {CLIENT_TABS.map((tab) => (
          <Link
            key={tab.path}
            to={`${base}/${tab.path}`}
            prefetch="intent"
            aria-current={
              (onIndex && tab.path === "rate-card") || location.pathname.startsWith(`${base}/${tab.path}`)
                ? "page"
                : undefined
            }
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {children}
    </Stack>
  );
}

/**
 * A tab that fails (403, 404, 500) shows its message inside the client frame, tabs and all.
 * After a refused form post without JavaScript the frame's own data is not loaded again, so
 * the tabs stay without the header. When the frame itself failed (the client does not exist
 * or is not the viewer's: 404; a role without client pages: 403) only the message shows,
 * inside the shell.
 */
export function ErrorBoundary() {
  const frame = useRouteLoaderData<typeof loader>("routes/_app.all-users.$id");
  const shell = useRouteLoaderData<typeof appLoader>("routes/_app");
  const error = useRouteError();
  const { id } = useParams();
  if (frame) {
    return (
      <ClientFrame id={frame.client.id} client={frame.client}>
        <GeneralErrorBoundary headingOrder={2} />
      </ClientFrame>
    );
  }
  const frameMayShow =
    id !== undefined &&
    shell !== undefined &&
    can(shell.staff, "clients.view") &&
    describeRouteError(error).status !== 404;
  return frameMayShow ? (
    <ClientFrame id={id} client={null}>
      <GeneralErrorBoundary />
    </ClientFrame>
  ) : (
    <GeneralErrorBoundary />
  );
}
