/**
 * One order (decision 023): its details, the tracking timeline, Charged Amount Details and Sync
 * Tracking (a form post: 'Tracing Synced'). Deep-linkable; a tl sees only their clients' orders.
 */
import "~/ui/small-table.css";

import { Alert, Badge, Button } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { istDateTimeLabel } from "~/services/clients/dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { getDb } from "~/services/db/client.server";
import { ORDER_NOT_FOUND, orderIdOf } from "~/services/orders/search";
import { orderForViewer, orderTimeline } from "~/services/orders/search.server";
import { isOrderStatus, STATUS_LABELS } from "~/services/orders/status";
import { syncTracking, TRACING_SYNCED } from "~/services/orders/sync.server";
import { ChargedAmountDialog } from "~/ui/ChargedAmount";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";

export const meta: MetaFunction = ({ params }) => [{ title: `Order ${params.orderId ?? ""} · Shipping Console` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.search" });
  const id = orderIdOf(params.orderId);
  const db = getDb();
  const order = id ? await orderForViewer(db, staff, id) : null;
  if (!order) throw new Response(ORDER_NOT_FOUND, { status: 404 });
  const events = await orderTimeline(db, order.id);
  return { order, events, showCharged: new URL(request.url).searchParams.get("charged") === "1" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.search" });
  const id = orderIdOf(params.orderId);
  const synced = id ? await syncTracking(getDb(), staff, id) : null;
  if (!synced) throw new Response(ORDER_NOT_FOUND, { status: 404 });
  return redirectWithToast(request, `/orders/${id}`, { kind: "success", message: TRACING_SYNCED });
}

const label = (s: string) => (isOrderStatus(s) ? STATUS_LABELS[s] : s);

export default function OrderPage() {
  const { order, events, showCharged } = useLoaderData<typeof loader>();
  const self = `/orders/${order.pickrr_order_id}`;
  return (
    <Stack gap="md">
      <Link
        className="action-link"
        to={`/single-search-record?${new URLSearchParams({ type: "tracking_id", q: order.pickrr_tracking_id })}`}
      >
        ← Search results
      </Link>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Order {order.pickrr_order_id}
          </Title>
          <Text size="sm" c="dimmed">
            {order.pickrr_tracking_id} · {order.courier_name} {order.courier_tracking_id} · seller {order.seller_email}
          </Text>
          {order.client_order_id ? (
            <Text size="sm" c="dimmed" data-testid="client-order-id">
              Client order ID {order.client_order_id}
            </Text>
          ) : null}
        </div>
        <Form method="post">
          <Button type="submit" variant="light">
            Sync Tracking
          </Button>
        </Form>
      </Group>
      <Group gap="sm">
        <Badge size="lg" variant="light" data-testid="order-status">
          {label(order.current_status)}
        </Badge>
        <Text size="sm">EDD {order.edd_stamp}</Text>
        <Text size="sm" c="dimmed" data-testid="last-synced">
          {order.last_synced_at
            ? `Last synced ${istDateTimeLabel(order.last_synced_at)}`
            : "Not synced from the courier yet"}
        </Text>
      </Group>
      <Paper withBorder p="md">
        <Text size="sm">
          {order.payment_mode === "cod" ? `COD ${formatInr(rupeesToPaise(order.cod_amount))}` : "Prepaid"} · invoice{" "}
          {formatInr(rupeesToPaise(order.invoice_value))} · charged {formatInr(rupeesToPaise(order.charged_amount))} ·{" "}
          <Link className="action-link" to={`${self}?charged=1`} preventScrollReset>
            View Charged Weight
          </Link>
        </Text>
        <Text size="sm">
          {order.pickup_city} {order.pickup_pincode} → {order.drop_city} {order.drop_pincode} (zone {order.order_zone})
          · {order.customer_name}, {order.customer_phone}
        </Text>
      </Paper>
      <Title order={2} size="h4">
        Tracking
      </Title>
      {events.length === 0 ? (
        <Alert color="gray">No scans from the courier yet.</Alert>
      ) : (
        <table className="small-table small-table-bordered" aria-label="Tracking timeline" data-testid="timeline">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Status</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>{istDateTimeLabel(e.at)}</td>
                <td>{label(e.status)}</td>
                <td>{e.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {showCharged ? <ChargedAmountDialog order={order} closeTo={self} /> : null}
    </Stack>
  );
}
